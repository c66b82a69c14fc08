import { Link } from "react-router";
import { Button } from "#app/components/ui/button";
import type { ArticleListTab } from "#app/modules/articles/queries.server";

/**
 * What the articles list shows when a tab has no rows: what the tab would hold and the action that
 * fills it, apart from the site having no articles at all and a search matching none.
 */

type Action = { label: string; to: string };
type EmptyCopy = { title: string; text: string; actions: Action[] };

const WRITE: Action = { label: "Write an article", to: "/dashboard/write" };

function copyFor(tab: ArticleListTab, counts: Record<ArticleListTab, number>): EmptyCopy {
  switch (tab) {
    case "draft":
      return {
        title: "No drafts",
        text: "Drafts are articles you or the AI wrote that are not published yet. Write one yourself, or give the AI a keyword and it writes a full draft.",
        actions: [WRITE, { label: "Generate with AI", to: "/dashboard/generator" }],
      };
    case "scheduled":
      return {
        title: "Nothing scheduled",
        text: "To schedule an article, open it, click Publish and choose 'Schedule for…' with a day and time. The Scheduler plans a topic for each day.",
        actions:
          counts.draft > 0
            ? [
                { label: "Schedule a draft", to: "/dashboard/articles?status=draft" },
                { label: "Open the Scheduler", to: "/dashboard/scheduler" },
              ]
            : [WRITE, { label: "Open the Scheduler", to: "/dashboard/scheduler" }],
      };
    case "published":
      return {
        title: "Nothing published yet",
        text: "Open an article and click Publish to send it to your hosted blog or a connected site (Settings → Integrations). Published articles appear here.",
        actions:
          counts.draft > 0
            ? [
                { label: "Publish a draft", to: "/dashboard/articles?status=draft" },
                { label: "Connect a site", to: "/dashboard/settings?tab=integrations" },
              ]
            : [WRITE, { label: "Connect a site", to: "/dashboard/settings?tab=integrations" }],
      };
    case "failed":
      return {
        title: "No failed articles",
        text: "Articles whose writing or publishing failed appear here, with the reason and a way to try again.",
        actions: [{ label: "All articles", to: "/dashboard/articles" }],
      };
    case "all":
      return {
        title: "Start your first article",
        text: 'No articles yet. Click "Write Article" to get started. Or give the AI a keyword and it writes a full draft.',
        actions: [{ label: "Generate with AI", to: "/dashboard/generator" }],
      };
  }
}

export function ArticlesEmpty({
  tab,
  counts,
  search,
  clearSearchHref,
}: {
  tab: ArticleListTab;
  counts: Record<ArticleListTab, number>;
  search: string;
  clearSearchHref: string;
}) {
  const copy: EmptyCopy = search
    ? { title: "No matches", text: "No articles match your search.", actions: [{ label: "Clear search", to: clearSearchHref }] }
    : copyFor(tab, counts);
  return (
    <section
      aria-labelledby="articles-empty-title"
      data-testid="articles-empty"
      data-tab={search ? "search" : tab}
      className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center"
    >
      <h2 id="articles-empty-title" className="text-base font-semibold text-slate-900">
        {copy.title}
      </h2>
      <p className="max-w-prose text-sm text-slate-600">{copy.text}</p>
      <div className="mt-1 flex flex-wrap justify-center gap-2">
        {copy.actions.map((action, i) => (
          <Button key={action.to} asChild variant={i === 0 ? "primary" : "secondary"} size="sm">
            <Link to={action.to}>{action.label}</Link>
          </Button>
        ))}
      </div>
    </section>
  );
}
