import type { ThemeStyle } from "./theme";

/**
 * Long-read: one quiet column on warm paper, about 65 characters to the line, generous leading and a centred
 * masthead; the index is a list of titles and excerpts with a small picture each, so the words come first.
 */
export const LONGREAD: ThemeStyle = {
  light: {
    bg: "#FFFEFB",
    surface: "#FFFFFF",
    fg: "#23211F",
    heading: "#141210",
    muted: "#625D57",
    border: "#E8E4DE",
    codeBg: "#F5F2ED",
  },
  dark: {
    bg: "#161514",
    surface: "#1E1C1A",
    fg: "#E7E3DD",
    heading: "#F7F4EF",
    muted: "#ABA59C",
    border: "#35312D",
    codeBg: "#24221F",
  },
  scale: { base: [18, 20], ratio: [1.18, 1.25] },
  leading: 1.75,
  // The page is the column: about 65 characters a line at its text size, everything aligned to one edge.
  measure: "100%",
  wide: "40rem",
  tint: 0.05,
  css: `
.site-header{border-bottom:1px solid var(--border)}
.site-header .wrap{justify-content:center}
.brand{font-size:var(--s0);font-weight:600;letter-spacing:.01em}
.brand img{height:32px}
.intro{text-align:center}
.intro h1{font-size:var(--s4)}
.lead{margin:0 auto;color:var(--muted)}
.posts>li{padding:1.75rem 0;border-top:1px solid var(--border)}
.posts>li:first-child{border-top:0;padding-top:0}
.card{display:grid;grid-template-columns:minmax(0,1fr) auto;gap:0 clamp(1rem,3vw,1.5rem);align-items:start}
.card .cover{grid-column:2;grid-row:1;width:clamp(4.5rem,18vw,7.5rem);aspect-ratio:1;border-radius:.25rem}
.card h2{font-size:var(--s2)}
.card .meta{margin-top:.25rem}
.post-header{text-align:center}
.post-header h1{font-size:var(--s4)}
.standfirst{font-style:italic;color:var(--muted)}
.post-cover{border-radius:.25rem}
.toc{max-width:var(--measure);margin:0 auto 2.75rem;padding:1.1rem 0 1.25rem;border-top:1px solid var(--border);border-bottom:1px solid var(--border)}
.prose p,.prose li{hyphens:auto;-webkit-hyphens:auto}
.prose h2{font-size:var(--s2)}
.prose h3{font-size:var(--s1)}
.prose blockquote{border-left-width:2px;font-size:var(--s1);line-height:1.55}
.author,.author.has-logo{grid-template-columns:minmax(0,1fr);justify-items:center;text-align:center}
.author.has-logo>*{grid-column:1}
.author-logo{grid-row:auto;margin-bottom:.5rem}
.related .posts>li{padding:1.25rem 0}
.related .card .cover{width:clamp(4rem,14vw,5.5rem)}
`,
};
