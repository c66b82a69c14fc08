import { useEffect, useRef, useState } from "react";
import { articleProse } from "#app/components/editor/prose";
import { PageTitle, Panel } from "./admin-ui";
import type { Route } from "./+types/typography";

export const meta: Route.MetaFunction = () => [{ title: "Typography QA | Inkpilot Admin" }];

/** The sizes and weights the dashboard and public pages use (Tailwind classes), each shown as served. */
const SCALE = [
  { className: "text-xs", label: "text-xs: table headers, hints" },
  { className: "text-sm", label: "text-sm: forms, tables, most dashboard text" },
  { className: "text-base", label: "text-base: body and article text" },
  { className: "text-lg", label: "text-lg: panel titles" },
  { className: "text-xl", label: "text-xl: section headings" },
  { className: "text-2xl font-bold", label: "text-2xl bold: page titles" },
  { className: "text-4xl font-bold", label: "text-4xl bold: landing headline" },
];
const WEIGHTS = [
  { className: "font-normal", label: "400 regular" },
  { className: "font-medium", label: "500 medium" },
  { className: "font-semibold", label: "600 semibold" },
  { className: "font-bold", label: "700 bold" },
  { className: "italic", label: "400 italic" },
];
const PANGRAM = "Sphinx of black quartz, judge my vow. 0123456789";

// Shown through the same prose classes as the preview and the generator, so spacing regressions show here first.
const ARTICLE_SAMPLE = `<h2>How to plan a month of posts</h2><p>Good planning starts with the questions your customers already ask. <a href="#typography-title">A link</a>, <strong>bold</strong>, <em>italic</em> and <code>inline code</code>.</p><h3>Pick one keyword per day</h3><ul><li>Search intent first</li><li>Then the working title</li></ul><ol><li>Research</li><li>Outline</li></ol><blockquote>Write for the reader, then for the search engine.</blockquote><pre>npm run bench:generate</pre><table><thead><tr><th>Day</th><th>Keyword</th></tr></thead><tbody><tr><td>1</td><td>content calendar</td></tr></tbody></table><h4>A fourth-level heading</h4><p>A closing paragraph with enough words to wrap onto a second line at the narrow widths of a phone screen.</p>`;

/** The computed font of each sample, read in the browser (what CSS resolved to, not what the class promises). */
function Computed({ target }: { target: React.RefObject<HTMLElement | null> }) {
  const [value, setValue] = useState<string | null>(null);
  useEffect(() => {
    if (!target.current) return;
    const style = getComputedStyle(target.current);
    const family = style.fontFamily.split(",")[0]?.trim() ?? "";
    setValue(`${family} · ${style.fontSize} / ${style.lineHeight} · ${style.fontWeight}${style.fontStyle === "italic" ? " italic" : ""}`);
  }, [target]);
  return <span className="text-xs text-slate-600">{value ?? "computed values appear with JavaScript"}</span>;
}

function Sample({ className, label }: { className: string; label: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  return (
    <li className="flex flex-col gap-1 border-b border-slate-100 pb-3">
      <span className="text-xs font-medium text-slate-700">{label}</span>
      <p ref={ref} className={`${className} text-slate-900`}>
        {PANGRAM}
      </p>
      <Computed target={ref} />
    </li>
  );
}

export default function Typography() {
  return (
    <div className="flex flex-col gap-6">
      <PageTitle id="typography-title" title="Typography QA">
        The type the product serves, as this browser renders it. Check it after changing fonts, the Tailwind theme or the article prose
        styles; the Font debug page lists the font stacks behind it.
      </PageTitle>
      <Panel title="Type scale">
        <ul className="flex flex-col gap-3">
          {SCALE.map((s) => (
            <Sample key={s.className} {...s} />
          ))}
        </ul>
      </Panel>
      <Panel title="Weights and styles">
        <ul className="flex flex-col gap-3">
          {WEIGHTS.map((s) => (
            <Sample key={s.className} {...s} />
          ))}
        </ul>
      </Panel>
      <Panel title="Article prose (preview and generator)">
        <div className={articleProse} dangerouslySetInnerHTML={{ __html: ARTICLE_SAMPLE }} />
      </Panel>
    </div>
  );
}
