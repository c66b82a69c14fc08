/**
 * What every theme shares: the page's structure, the post's text, the contents list, the author box and related
 * posts, drawn only from the custom properties a theme sets (themes/index.ts): colours, the brand's fonts, the type
 * scale (--s-2 … --s5), --leading, --measure (the text column) and --wide (the page). One rule per line.
 */
export const BASE_CSS = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
@media (prefers-reduced-motion:no-preference){html{scroll-behavior:smooth}}
body{margin:0;background:var(--bg);color:var(--fg);font-family:var(--font-body);font-size:var(--s0);line-height:var(--leading);overflow-wrap:break-word}
img{max-width:100%}
a{color:var(--accent);text-decoration-thickness:1px;text-underline-offset:.18em}
a:hover{text-decoration-thickness:2px}
:focus-visible{outline:3px solid var(--accent);outline-offset:3px;border-radius:2px}
.skip{position:absolute;left:-9999px;top:0;z-index:2;padding:.75rem 1rem;background:var(--surface);color:var(--accent);font-family:var(--font-ui)}
.skip:focus{left:1rem;top:1rem}
.wrap{width:100%;max-width:var(--wide);margin:0 auto;padding:0 clamp(1.125rem,4vw,2rem)}
.site-header .wrap{display:flex;align-items:center;min-height:4.5rem}
.brand{display:inline-flex;align-items:center;gap:.75rem;min-height:48px;color:var(--heading);font-family:var(--font-heading);font-weight:700;font-size:var(--s1);line-height:1.2;text-decoration:none}
.brand img{display:block;height:40px;width:auto;max-width:10rem;object-fit:contain}
.brand:hover span{text-decoration:underline}
main.wrap{display:block;padding-top:clamp(1.75rem,5vw,3rem);padding-bottom:clamp(2.5rem,7vw,4.5rem)}
h1,h2,h3,h4,h5,h6{font-family:var(--font-heading);color:var(--heading);line-height:1.2;font-weight:700}
h1{font-size:var(--s4);line-height:1.1;margin:0 0 .45em;text-wrap:balance}
.meta,.crumbs,.kicker,.toc-title,.pager,.site-footer,.more,.author-label{font-family:var(--font-ui)}
.meta{color:var(--muted);font-size:var(--s-1);margin:0}
.topic,.kicker{color:var(--accent);font-weight:700;letter-spacing:.06em;text-transform:uppercase;font-size:var(--s-1)}
.kicker{margin:0 0 .75rem}
.intro{margin:0 0 clamp(2rem,5vw,3rem)}
.lead{font-size:var(--s1);line-height:1.5;margin:0;max-width:40rem}
.cover{display:block;width:100%;height:auto;aspect-ratio:16/9;object-fit:cover;background:var(--border)}
.posts{list-style:none;margin:0;padding:0}
.card{position:relative;display:flex;flex-direction:column}
.card-body{display:flex;flex-direction:column}
.card h2,.card h3{margin:0 0 .4rem;font-size:var(--s2);line-height:1.2;text-wrap:balance}
.card h2 a,.card h3 a{color:inherit;text-decoration:none}
.card h2 a::after,.card h3 a::after{content:"";position:absolute;inset:0;z-index:1}
.card:hover h2 a,.card:hover h3 a{text-decoration:underline;text-decoration-thickness:2px}
@supports selector(:has(*)){.card a:focus-visible{outline:none}.card:has(a:focus-visible){outline:3px solid var(--accent);outline-offset:4px}}
.excerpt{margin:.6rem 0 0}
.card .excerpt{font-size:.92em}
.related .card .excerpt{font-size:var(--s-1)}
.meta time{white-space:nowrap}
.more{display:none}
.pager{display:flex;justify-content:space-between;align-items:center;gap:1rem;margin-top:clamp(2rem,5vw,3rem);padding-top:1.5rem;border-top:1px solid var(--border);font-size:var(--s-1)}
.pager a{display:inline-block;padding:.75rem 0;font-weight:600}
.crumbs ol{list-style:none;display:flex;align-items:baseline;gap:0 .5rem;margin:0 0 1rem;padding:0;font-size:var(--s-1);color:var(--muted)}
.crumbs li{flex:none}
.crumbs li[aria-current]{flex:0 1 auto;min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.crumbs li+li::before{content:"/";margin-right:.5rem}
.crumbs a{display:inline-block;padding:.75rem 0}
.post-header{margin:0 0 clamp(1.5rem,4vw,2.5rem)}
.standfirst{font-size:var(--s1);line-height:1.5;color:var(--fg);margin:0 0 1rem}
.post-cover{margin:0 0 clamp(2rem,5vw,3rem)}
.toc{margin:0 0 2.5rem;font-size:var(--s-1);line-height:1.45}
.toc-title{margin:0 0 .5rem;font-weight:700;color:var(--heading);letter-spacing:.04em;text-transform:uppercase;font-size:var(--s-1)}
.toc ol{margin:0;padding:0 0 0 1.4em}
.toc li{margin:0;padding:.2rem 0}
.toc a{display:inline-block;padding:.2rem 0;text-decoration:none}
.toc a:hover{text-decoration:underline}
.prose{max-width:var(--measure);margin:0 auto}
.prose>:first-child{margin-top:0}
.prose h2{font-size:var(--s3);margin:1.8em 0 .55em;scroll-margin-top:1.25rem;text-wrap:balance}
.prose h3{font-size:var(--s2);margin:1.6em 0 .5em}
.prose h4,.prose h5,.prose h6{font-size:var(--s1);margin:1.4em 0 .4em}
.prose p,.prose ul,.prose ol,.prose blockquote,.prose pre,.prose figure,.prose table{margin:0 0 1.25em}
.prose ul,.prose ol{padding-left:1.5em}
.prose li{margin:.35em 0}
.prose li::marker{color:var(--muted)}
.prose img,.prose video{max-width:100%;height:auto}
.prose figure{margin-left:0;margin-right:0}
.prose figcaption{color:var(--muted);font-family:var(--font-ui);font-size:var(--s-1);margin-top:.5rem}
.prose iframe{display:block;width:100%;max-width:100%;height:auto;aspect-ratio:16/9;border:0;margin:0 0 1.25em}
.prose blockquote{margin-left:0;padding:.25em 0 .25em 1.25em;border-left:4px solid var(--accent);color:var(--heading);font-style:italic}
.prose pre{background:var(--code-bg);padding:1rem;border-radius:.375rem;overflow-x:auto;font-size:var(--s-1);line-height:1.5}
.prose code{font-family:var(--font-code);font-size:.9em}
.prose :not(pre)>code{background:var(--code-bg);padding:.1em .3em;border-radius:.25rem}
.prose hr{border:0;border-top:1px solid var(--border);margin:2.5em 0}
.table-scroll{overflow-x:auto;margin:0 0 1.25em}
.prose table{width:100%;border-collapse:collapse;font-size:var(--s-1);line-height:1.5;margin:0}
.prose th,.prose td{border-bottom:1px solid var(--border);padding:.55em .75em .55em 0;text-align:left;vertical-align:top}
.prose th{color:var(--heading);border-bottom:2px solid var(--muted)}
.prose .alignleft{float:left;margin:0 1.25rem 1rem 0}
.prose .alignright{float:right;margin:0 0 1rem 1.25rem}
.prose .aligncenter{display:block;margin-left:auto;margin-right:auto}
.prose .ai-disclosure{color:var(--muted);font-size:var(--s-1)}
.author{display:grid;grid-template-columns:auto minmax(0,1fr);gap:.25rem 1.25rem;align-items:start;max-width:var(--measure);margin:clamp(2.5rem,6vw,3.5rem) auto 0;padding:1.5rem 0 0;border-top:1px solid var(--border)}
.author.has-logo>:not(.author-logo){grid-column:2}
.author:not(.has-logo){grid-template-columns:minmax(0,1fr)}
.author-logo{grid-column:1;grid-row:1/span 4;display:block;width:64px;height:64px;object-fit:contain;border-radius:.5rem;background:var(--surface)}
.author-label{margin:0;color:var(--muted);font-size:var(--s-1)}
.author h2{margin:0;font-size:var(--s1)}
.author p{margin:.35rem 0 0;max-width:var(--measure)}
.author-more{font-family:var(--font-ui);font-size:var(--s-1)}
.author-more a{display:inline-block;padding:.5rem 0;font-weight:600}
.related{margin-top:clamp(3rem,8vw,4.5rem);padding-top:clamp(1.5rem,4vw,2rem);border-top:1px solid var(--border)}
.related>h2{font-size:var(--s2);margin:0 0 1.5rem}
.related .card h3{font-size:var(--s1)}
.site-footer{border-top:1px solid var(--border);color:var(--muted);font-size:var(--s-1)}
.site-footer .wrap{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.25rem 1.5rem;padding-top:1.25rem;padding-bottom:2rem}
.site-footer a{display:inline-block;padding:.75rem 0}
.preview-bar{background:var(--heading);color:var(--bg);font-family:var(--font-ui);font-size:var(--s-1)}
.preview-bar .wrap{max-width:76rem;display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:0 1rem;padding-top:.25rem;padding-bottom:.25rem}
.preview-bar p{margin:.5rem 0}
.preview-bar a{color:inherit;display:inline-block;padding:.5rem 0;font-weight:600}
.preview-bar a:focus-visible{outline-color:currentColor}
@media (max-width:40rem){.prose .alignleft,.prose .alignright{float:none;margin:0 0 1rem}}
@media print{.skip,.toc,.related,.pager,.preview-bar{display:none}body{background:#fff;color:#000}}
`;
