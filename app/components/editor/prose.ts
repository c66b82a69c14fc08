/** Typography for rendered article HTML (preview), matching the editor's look. */
export const articleProse = [
  "text-base leading-relaxed text-slate-800",
  "[&_h2]:mb-3 [&_h2]:mt-8 [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:mb-2 [&_h3]:mt-6 [&_h3]:text-xl [&_h3]:font-semibold",
  "[&_h4]:mb-2 [&_h4]:mt-5 [&_h4]:text-lg [&_h4]:font-semibold [&_p]:mb-4 [&_a]:text-brand-700 [&_a]:underline",
  "[&_ul]:mb-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mb-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mb-1",
  "[&_blockquote]:mb-4 [&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-4 [&_blockquote]:italic",
  "[&_pre]:mb-4 [&_pre]:overflow-x-auto [&_pre]:rounded [&_pre]:bg-slate-900 [&_pre]:p-3 [&_pre]:text-sm [&_pre]:text-slate-100",
  "[&_img]:mx-auto [&_img]:my-4 [&_img]:max-w-full [&_img]:rounded [&_iframe]:my-4 [&_iframe]:aspect-video [&_iframe]:w-full",
  "[&_table]:mb-4 [&_table]:w-full [&_table]:border-collapse [&_td]:border [&_td]:border-slate-300 [&_td]:p-2 [&_th]:border [&_th]:border-slate-300 [&_th]:bg-slate-50 [&_th]:p-2 [&_th]:text-left",
  "[&_hr]:my-8 [&_figcaption]:text-center [&_figcaption]:text-sm [&_figcaption]:text-slate-500",
].join(" ");
