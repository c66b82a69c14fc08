import { useEffect, useState } from "react";
import { familiesOf, isGenericFamily, type FontStack } from "#app/modules/admin/fonts";
import { declaredFonts } from "#app/modules/admin/fonts.server";
import { BLOG_FONT_STACKS } from "#app/modules/hosted-blog/fonts";
import { DataTable, PageTitle, Panel } from "./admin-ui";
import type { Route } from "./+types/font-debug";

export const meta: Route.MetaFunction = () => [{ title: "Font debug | Inkpilot Admin" }];

export function loader() {
  const { fontFaces, stacks } = declaredFonts();
  // The hosted blog's pairings are made of these stacks (docs/decisions/077).
  const hosted = Object.entries(BLOG_FONT_STACKS).map(([name, stack]): FontStack => ({
    use: `Hosted blog: ${name}`,
    variable: null,
    stack,
    families: familiesOf(stack),
  }));
  return { fontFaces, stacks: [...stacks, ...hosted] };
}

/**
 * Whether this browser has a named family installed: text set in "Family, generic"
 * measures differently from the generic alone when the family exists. Generic
 * keywords always resolve, so they are reported as such.
 */
function probe(family: string): "generic" | "installed" | "missing" {
  if (isGenericFamily(family)) return "generic";
  const context = document.createElement("canvas").getContext("2d");
  if (!context) return "missing";
  const sample = "mmmmmmmmmmlli WwQq 0123456789";
  return ["monospace", "serif", "sans-serif"].some((generic) => {
    context.font = `72px ${generic}`;
    const base = context.measureText(sample).width;
    context.font = `72px "${family}", ${generic}`;
    return context.measureText(sample).width !== base;
  })
    ? "installed"
    : "missing";
}

function StackRow({ stack, results }: { stack: FontStack; results: Record<string, string> | null }) {
  const renders = results ? stack.families.find((f) => results[f] !== "missing") : null;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm font-semibold text-slate-900">{stack.use}</p>
      <code className="block break-words rounded bg-slate-50 p-2 text-xs">{stack.stack}</code>
      <ul className="flex flex-wrap gap-2 text-xs">
        {stack.families.map((family) => (
          <li key={family} className="rounded-full border border-slate-200 px-2 py-0.5">
            {family}
            {results ? <span className="text-slate-600"> · {results[family]}</span> : null}
          </li>
        ))}
      </ul>
      <p className="text-sm text-slate-700" data-testid="renders-as">
        {results
          ? `On this device it renders as: ${renders ?? "the browser default"}`
          : "Which family this device uses is shown with JavaScript."}
      </p>
    </div>
  );
}

export default function FontDebug({ loaderData }: Route.ComponentProps) {
  const { fontFaces, stacks } = loaderData;
  const [results, setResults] = useState<Record<string, string> | null>(null);
  const [loadedFaces, setLoadedFaces] = useState<number | null>(null);
  useEffect(() => {
    const all = new Set(stacks.flatMap((s) => s.families));
    setResults(Object.fromEntries([...all].map((f) => [f, probe(f)])));
    setLoadedFaces(document.fonts.size);
  }, [stacks]);
  return (
    <div className="flex flex-col gap-6">
      <PageTitle id="font-debug-title" title="Font debug">
        The fonts the product serves, read from its stylesheet, and what this browser does with them.
      </PageTitle>
      <Panel title="Web font files (@font-face)">
        <DataTable
          caption="Web font files"
          columns={["Family", "Source", "Weight", "Style"]}
          empty="None. Every page uses system font stacks, so no font file is downloaded and none can fail to load or delay text."
          rows={fontFaces.map((f) => ({ key: `${f.family}-${f.weight}-${f.style}`, cells: [f.family, f.src, f.weight, f.style] }))}
        />
        <p className="mt-3 text-sm text-slate-700" data-testid="loaded-faces">
          {loadedFaces === null
            ? "Font faces loaded in this page: shown with JavaScript."
            : `Font faces loaded in this page: ${loadedFaces}.`}
        </p>
      </Panel>
      <Panel title="Font stacks">
        <div className="flex flex-col gap-6">
          {stacks.map((stack) => (
            <StackRow key={stack.use} stack={stack} results={results} />
          ))}
        </div>
      </Panel>
    </div>
  );
}
