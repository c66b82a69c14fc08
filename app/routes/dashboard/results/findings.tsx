import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { SearchFindings } from "#app/components/results/findings";
import { getDb } from "#app/db/client.server";
import { authContext } from "#app/modules/auth/guards.server";
import { listFindings } from "#app/modules/results/findings.server";
import { can } from "#app/modules/auth/permissions";
import type { Route } from "./+types/findings";

/**
 * The site's search findings (docs/decisions/060-search-results.md): decaying articles, striking-distance queries,
 * articles competing for a search, and searches no article answers, each with its evidence and actions. The results
 * page shows the same component; this page is its own address for the links from the articles list and the editor.
 */

export const handle = { breadcrumb: "Search findings" };

export const meta: Route.MetaFunction = () => [{ title: "Search findings | Inkpilot" }];

const PAGE = "/dashboard/results/findings";

export async function loader({ context }: Route.LoaderArgs) {
  const { site, role } = context.get(authContext);
  const groups = await listFindings(getDb(), site.id);
  return {
    groups,
    can: { refresh: can(role, "articles.write"), plan: can(role, "topics.manage"), dismiss: can(role, "articles.write") },
  };
}

export default function SearchFindingsPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-semibold text-slate-900">Search findings</h1>
        <p className="mt-1 text-sm text-slate-600">
          Read from your Google Search Console figures. A refresh waits beside your article for your review; nothing changes or is published
          on its own.
        </p>
      </header>
      <SearchFindings groups={loaderData.groups} can={loaderData.can} back={PAGE} />
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      unexpectedCopy={{ title: "Error loading the findings", message: "Failed to load your search findings. Please try again." }}
      back={{ to: "/dashboard", label: "Back to the dashboard" }}
    />
  );
}
