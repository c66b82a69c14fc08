import { Link } from "react-router";
import { getDb } from "#app/db/client.server";
import { authContext } from "#app/modules/auth/guards.server";
import { loadResultsPage } from "#app/modules/results/page.server";
import { listFindings } from "#app/modules/results/findings.server";
import { can } from "#app/modules/auth/permissions";
import { SearchFindings } from "#app/components/results/findings";
import { parseRange, RANGES, type ResultsRange } from "#app/modules/results/ranges";
import { ArticlesShare, DataUntil, FigureCards, PerformanceCharts, QueriesTable, RangeSwitch } from "#app/components/results/performance";
import { TopArticles } from "./top-articles";
import type { Route } from "./+types/route";

export const handle = { breadcrumb: "Results" };

export const meta: Route.MetaFunction = () => [{ title: "Results | Inkpilot" }];

/** Where the customer connects Search Console: the Integrations tab of the settings. */
const CONNECT_HREF = "/dashboard/settings?tab=integrations";

export async function loader({ context, url }: Route.LoaderArgs) {
  const { site, role } = context.get(authContext);
  const db = getDb();
  const results = await loadResultsPage(db, site.id, parseRange(url.searchParams.get("range")));
  // What the figures teach (decay, striking distance, cannibalisation, gaps), once there are figures.
  const findings =
    results.connection === "ready"
      ? {
          groups: await listFindings(db, site.id),
          can: { refresh: can(role, "articles.write"), plan: can(role, "topics.manage"), dismiss: can(role, "articles.write") },
        }
      : null;
  return { siteName: site.name, results, findings };
}

const rangeHref = (range: ResultsRange) => (range === "28d" ? "?" : `?range=${range}`);

function Empty({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center" data-testid="results-empty">
      <h2 className="text-lg font-semibold">{title}</h2>
      <div className="mt-2 text-sm text-slate-600">{children}</div>
    </section>
  );
}

export default function ResultsPage({ loaderData }: Route.ComponentProps) {
  const { results, siteName } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Results</h1>
          <p className="mt-1 text-slate-600">{siteName} in Google search, and what its articles earn there.</p>
        </div>
        {results.connection === "ready" ? <RangeSwitch range={results.range} hrefFor={rangeHref} /> : null}
      </div>
      {results.connection === "none" ? (
        <Empty title="Connect Google Search Console to see what your articles earn in search">
          <p>Inkpilot reads clicks, impressions and positions from Search Console (read-only) and shows them here for every article.</p>
          <Link to={CONNECT_HREF} className="mt-4 inline-block font-medium text-brand-700 underline">
            Connect Search Console in the settings
          </Link>
        </Empty>
      ) : results.connection === "waiting" ? (
        <Empty title="The first import is running; Google's figures arrive about two days late">
          <p>Search Console is connected. The figures appear here as soon as the first import has stored them.</p>
        </Empty>
      ) : (
        <>
          <DataUntil day={results.dataUntil} />
          <ArticlesShare
            period={results.period}
            siteClicks={results.totals.clicks}
            articleClicks={results.articleClicks}
            articlesSeen={results.articlesSeen}
          />
          <section aria-labelledby="totals-title" className="flex flex-col gap-3">
            <h2 id="totals-title" className="sr-only">
              {RANGES[results.range].label} against the period before
            </h2>
            <FigureCards totals={results.totals} change={results.change} />
          </section>
          <section aria-labelledby="charts-title" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
            <h2 id="charts-title" className="mb-4 text-lg font-semibold">
              Over time
            </h2>
            <PerformanceCharts series={results.series} totals={results.totals} change={results.change} range={results.range} />
          </section>
          <div className="grid gap-6 lg:grid-cols-2">
            <section aria-labelledby="queries-title" className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
              <h2 id="queries-title" className="mb-3 text-lg font-semibold">
                Top queries, whole site, {RANGES[results.range].short}
              </h2>
              <QueriesTable
                queries={results.queries}
                caption={`The site's top queries by clicks, ${RANGES[results.range].label.toLowerCase()}`}
              />
            </section>
            <section aria-labelledby="articles-title" className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
              <h2 id="articles-title" className="mb-3 text-lg font-semibold">
                Top articles by clicks, {RANGES[results.range].short}
              </h2>
              <TopArticles articles={results.articles} range={results.range} />
            </section>
          </div>
        </>
      )}
      {loaderData.findings ? (
        <div className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
          <SearchFindings groups={loaderData.findings.groups} can={loaderData.findings.can} back="/dashboard/results" />
        </div>
      ) : null}
    </div>
  );
}
