import type { ThemeStyle } from "./theme";

/**
 * Shop journal: warm cream and soft cards, as a shop's own pages look. A tall brand header tinted with the accent,
 * posts as product cards (picture, title, a few lines, and a button-like call to read), rounded boxes for the
 * contents and the author.
 */
export const JOURNAL: ThemeStyle = {
  light: {
    bg: "#FBF6EE",
    surface: "#FFFFFF",
    fg: "#2E2620",
    heading: "#1F1813",
    muted: "#6B5D52",
    border: "#EADFD2",
    codeBg: "#F4ECE1",
  },
  dark: {
    bg: "#1A1512",
    surface: "#241D18",
    fg: "#EDE4DA",
    heading: "#FFF8F0",
    muted: "#B9AB9B",
    border: "#3A3028",
    codeBg: "#2B231D",
  },
  scale: { base: [17, 18], ratio: [1.2, 1.28] },
  leading: 1.7,
  measure: "40rem",
  wide: "72rem",
  tint: 0.1,
  css: `
.site-header{background:var(--tint);border-top:6px solid var(--accent)}
.site-header .wrap{justify-content:center;min-height:7rem;padding-top:1.25rem;padding-bottom:1.25rem}
.brand{flex-direction:column;gap:.6rem;font-size:var(--s2);text-align:center;letter-spacing:-.01em}
.brand img{height:56px;max-width:12rem}
.intro{text-align:center}
.intro h1{font-size:var(--s4)}
.lead{margin:0 auto;color:var(--muted)}
.posts{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,17rem),1fr));gap:clamp(1.25rem,3vw,2rem)}
.card{height:100%;background:var(--surface);border:1px solid var(--border);border-radius:1rem;overflow:hidden;box-shadow:0 1px 2px rgb(60 40 20 / .06),0 10px 24px -14px rgb(60 40 20 / .25)}
.card .cover{order:-1;aspect-ratio:4/3}
.card-body{flex:1;padding:1.1rem 1.25rem 1.35rem}
.card h2{font-size:var(--s1)}
.excerpt{color:var(--muted);margin-bottom:1.1rem;display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:3;line-clamp:3;overflow:hidden}
.more{display:inline-block;align-self:flex-start;margin-top:auto;padding:.5rem 1.1rem;border-radius:999px;background:var(--accent);color:var(--on-accent);font-size:var(--s-1);font-weight:600;line-height:1.4}
.card.no-cover .card-body{border-top:6px solid var(--accent)}
@supports selector(:has(*)){.card:has(a:focus-visible){outline-offset:3px}}
@media (prefers-reduced-motion:no-preference){.card{transition:transform .15s ease,box-shadow .15s ease}.card:hover{transform:translateY(-2px);box-shadow:0 1px 2px rgb(60 40 20 / .08),0 16px 32px -16px rgb(60 40 20 / .35)}}
.crumbs,.post-header{max-width:48rem;margin-left:auto;margin-right:auto}
.post-header{text-align:center}
.post-header h1{font-size:var(--s4)}
.standfirst{color:var(--muted)}
.post-cover{border-radius:1rem;max-width:60rem;margin-left:auto;margin-right:auto}
.toc{max-width:var(--measure);margin:0 auto 2.5rem;padding:1.25rem 1.5rem;background:var(--tint);border-radius:1rem}
.prose h2{font-size:var(--s2)}
.prose h3{font-size:var(--s1)}
.author{background:var(--surface);border:1px solid var(--border);border-radius:1rem;padding:1.5rem}
.author-logo{width:80px;height:80px}
.related>h2{text-align:center}
.related .posts{grid-template-columns:repeat(auto-fit,minmax(min(100%,16rem),21rem));justify-content:center}
.related .card .cover{aspect-ratio:3/2}
@media (prefers-color-scheme:dark){.card{box-shadow:none}}
`,
};
