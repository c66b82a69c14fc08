import { Link } from "react-router";
import { JsonLd } from "#app/components/json-ld";
import { freeTools } from "#app/modules/site-content/navigation";
import { TOOLS, TOOL_SLUGS, toolPath } from "#app/modules/tools/catalog";
import { absoluteUrl, seoMeta, useSiteOrigin } from "#app/utils/seo";
import { toolHandle } from "./tool-ui";
import type { Route } from "./+types/index";

export const handle = toolHandle;
export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: "Free SEO and Writing Tools",
    description:
      "Nine free tools for writers and marketers: headlines, meta descriptions, keyword research, content ideas, outlines, captions and readability.",
    path: "/tools",
  });

// The navigation list decides the order; the catalog supplies the copy.
const tools = freeTools.map((link) => TOOLS[TOOL_SLUGS.find((slug) => toolPath(slug) === link.href)!]);

export default function ToolsIndex() {
  const origin = useSiteOrigin();
  return (
    <main className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Free SEO and Writing Tools</h1>
      <p className="mt-3 max-w-2xl text-lg text-slate-600">
        Nine free tools for bloggers and marketers. No sign-up, no waiting: enter a topic and copy the results.
      </p>
      <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {tools.map((tool) => (
          <li key={tool.slug} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm hover:border-brand-500">
            <h2 className="text-lg font-semibold text-slate-900">
              <Link to={toolPath(tool.slug)} className="hover:underline">
                {tool.name}
              </Link>
            </h2>
            <p className="mt-2 text-sm text-slate-600">{tool.summary}</p>
          </li>
        ))}
      </ul>
      <JsonLd
        data={{
          "@type": "ItemList",
          name: "Free SEO and writing tools by Inkpilot",
          itemListElement: tools.map((tool, i) => ({
            "@type": "ListItem",
            position: i + 1,
            url: absoluteUrl(origin, toolPath(tool.slug)),
            name: tool.name,
          })),
        }}
      />
    </main>
  );
}
