import type { ThemeStyle } from "./theme";

/**
 * Magazine: a front page of cards with cover images under bold, tight headlines, the newest post leading across the
 * page; a post's contents list stands beside the text on a wide screen. Neutral greys, so any accent leads.
 */
export const MAGAZINE: ThemeStyle = {
  light: {
    bg: "#FFFFFF",
    surface: "#FFFFFF",
    fg: "#1F2328",
    heading: "#0B0D10",
    muted: "#57606A",
    border: "#E3E6EA",
    codeBg: "#F3F4F6",
  },
  dark: {
    bg: "#0E1013",
    surface: "#171A1F",
    fg: "#E6E8EB",
    heading: "#FFFFFF",
    muted: "#A3ABB4",
    border: "#2A2F36",
    codeBg: "#1D2127",
  },
  scale: { base: [17, 19], ratio: [1.2, 1.333] },
  leading: 1.65,
  measure: "42rem",
  wide: "76rem",
  tint: 0.06,
  css: `
.site-header{border-top:4px solid var(--accent);border-bottom:1px solid var(--border)}
.brand{font-weight:800;letter-spacing:-.01em}
h1,h2,h3,h4{font-weight:800;letter-spacing:-.02em}
.intro{padding-bottom:clamp(1.5rem,4vw,2.5rem);border-bottom:1px solid var(--border)}
.intro h1{font-size:var(--s5)}
.posts{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,19rem),1fr));gap:clamp(2.25rem,4vw,3rem) clamp(1.5rem,3vw,2.5rem)}
.card .cover{order:-1;margin:0 0 1rem;border-radius:.25rem}
.card-body .meta{order:-1;margin:0 0 .5rem}
.card.no-cover{border-top:4px solid var(--accent);padding-top:1rem}
.card h2{font-size:var(--s2)}
@media (min-width:48rem){.posts:not(.related-posts)>li:first-child{grid-column:1/-1;padding-bottom:clamp(2rem,4vw,3rem);border-bottom:1px solid var(--border)}.posts:not(.related-posts)>li:first-child .card:not(.no-cover){display:grid;grid-template-columns:minmax(0,3fr) minmax(0,2fr);gap:clamp(1.5rem,4vw,3rem);align-items:center}.posts:not(.related-posts)>li:first-child .cover{grid-column:1;grid-row:1;margin:0;aspect-ratio:3/2}.posts:not(.related-posts)>li:first-child .card-body{grid-column:2;grid-row:1}.posts:not(.related-posts)>li:first-child h2{font-size:var(--s3)}.posts:not(.related-posts)>li:first-child .excerpt{font-size:var(--s1)}}
.crumbs,.post,.related{max-width:calc(var(--measure) + 19rem);margin-left:auto;margin-right:auto}
.post-header h1{font-size:var(--s4)}
.standfirst{font-size:var(--s1);line-height:1.45;color:var(--muted);max-width:48rem}
.post-cover{border-radius:.25rem}
.toc{border-left:3px solid var(--accent);padding:.25rem 0 .25rem 1.25rem;max-width:var(--measure);margin-left:auto;margin-right:auto}
.toc ol{list-style:none;padding:0}
@media (min-width:64rem){.post-body.has-toc{display:grid;grid-template-columns:minmax(0,var(--measure)) 15rem;gap:4rem;justify-content:center}.post-body.has-toc .toc{grid-column:2;grid-row:1;position:sticky;top:1.5rem;align-self:start;margin:0}.post-body.has-toc .prose{grid-column:1;grid-row:1;margin:0}}
.prose h2{font-size:var(--s2)}
.prose h3{font-size:var(--s1)}
.author{max-width:none}
.related .posts{grid-template-columns:repeat(auto-fill,minmax(min(100%,15rem),1fr))}
`,
};
