import { Form, Link } from "react-router";
import { FormMessage } from "#app/components/forms";
import { StatusButton } from "#app/components/ui/button";
import type { Backlink, BacklinkSummary } from "#app/modules/backlinks/provider.server";
import type { Notice } from "#app/utils/form-reply";
import { cn } from "#app/utils/cn";
import { stacked, StackedTable, SummaryCard } from "./stacked-table";

/**
 * "Backlinks to your site" (docs/product.md "Backlinks", docs/decisions/039): what the
 * configured backlink-data provider knows, as last fetched; without a provider it says
 * so plainly and shows no figures.
 */

export const REFRESH_INTENT = "refresh-backlinks";

type ShownBacklink = Omit<Backlink, "firstSeen"> & { firstSeen: string | null };
type View =
  | { state: "not_connected" }
  | { state: "no_address" }
  | {
      state: "ready";
      provider: string;
      target: string;
      retryAfterMinutes: number | null;
      snapshot: {
        fetchedAt: string | null;
        summary: BacklinkSummary | null;
        links: ShownBacklink[];
        referringDomainsListed: number;
        error: { at: string; id: string } | null;
      } | null;
    };

const numbers = new Intl.NumberFormat("en-US");

/** The path of a URL on the customer's own site ("/beans"), which says more than the repeated domain. */
function pathOf(url: string) {
  try {
    const u = new URL(url);
    return `${u.pathname}${u.search}` || "/";
  } catch {
    return url;
  }
}

function Cut({ text, className }: { text: string; className?: string }) {
  return (
    <span className={cn(stacked.cut, className)} title={text}>
      {text}
    </span>
  );
}

function BacklinksTable({ links, listed }: { links: ShownBacklink[]; listed: number }) {
  const headers: Array<[string, string]> = [
    ["Referring domain", "@4xl:w-[22%]"],
    ["Linking page", "@4xl:w-[34%]"],
    ["Links to", "@4xl:w-[20%]"],
    ["Follow", "@4xl:w-[11%]"],
    ["First seen", "@4xl:w-[13%]"],
  ];
  return (
    <StackedTable caption={`Referring domains, each with its strongest link to your site (${links.length} of ${listed})`} headers={headers}>
      {links.map((l) => (
        <tr key={`${l.domainFrom} ${l.urlFrom}`} className={stacked.row}>
          <td data-label="Referring domain" className={stacked.td}>
            <div className="min-w-0">
              <Cut text={l.domainFrom} className="font-medium" />
              {l.domainRank !== null ? <span className="block text-xs text-slate-600">Rank {l.domainRank}</span> : null}
            </div>
          </td>
          <td data-label="Linking page" className={stacked.td}>
            <div className="min-w-0">
              <a
                href={l.urlFrom}
                rel="nofollow noopener noreferrer"
                target="_blank"
                className={cn(stacked.cut, "text-brand-700 underline")}
                title={l.urlFrom}
              >
                {l.urlFrom}
              </a>
              {l.anchor ? <Cut text={`“${l.anchor}”`} className="text-xs text-slate-600" /> : null}
            </div>
          </td>
          <td data-label="Links to" className={stacked.td}>
            <span className={stacked.cut} title={l.urlTo}>
              {pathOf(l.urlTo)}
            </span>
          </td>
          <td data-label="Follow" className={cn(stacked.td, "whitespace-nowrap")}>
            {l.dofollow ? "Dofollow" : "Nofollow"}
          </td>
          <td data-label="First seen" className={cn(stacked.td, "whitespace-nowrap tabular-nums")}>
            {l.firstSeen ?? "Unknown"}
          </td>
        </tr>
      ))}
    </StackedTable>
  );
}

function RefreshForm({ label, refreshing }: { label: string; refreshing: boolean }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={REFRESH_INTENT} />
      <StatusButton variant="secondary" pending={refreshing} pendingLabel="Fetching…">
        {label}
      </StatusButton>
    </Form>
  );
}

export function BacklinksToSite({ view, notice, refreshing }: { view: View; notice: Notice | null; refreshing: boolean }) {
  const snapshot = view.state === "ready" ? view.snapshot : null;
  const fetched = snapshot?.fetchedAt ? snapshot : null;
  let intro: React.ReactNode;
  if (view.state === "not_connected") {
    intro = "No backlink data source is connected, so backlinks to your site are not shown.";
  } else if (view.state === "no_address") {
    intro = (
      <>
        To see the sites that link to yours, Inkpilot needs your site&apos;s address:{" "}
        <Link to="?onboarding=scan" className="font-medium text-brand-700 underline">
          scan your website
        </Link>
        .
      </>
    );
  } else if (fetched) {
    intro = `Sites linking to ${view.target}, from ${view.provider}. Fetched ${fetched.fetchedAt}.`;
  } else {
    intro = `Backlink data for ${view.target} has not been fetched yet.`;
  }

  return (
    <section aria-labelledby="backlinks-to-site" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="backlinks-to-site" className="text-xl font-semibold">
            Backlinks to your site
          </h2>
          <p className="mt-1 text-sm text-slate-600">{intro}</p>
        </div>
        {view.state === "ready" ? <RefreshForm label={fetched ? "Refresh" : "Fetch backlink data"} refreshing={refreshing} /> : null}
      </div>
      {view.state === "ready" && view.retryAfterMinutes && fetched && !notice ? (
        <p className="text-sm text-slate-600">
          Backlink data can be refreshed once an hour (next in {view.retryAfterMinutes}{" "}
          {view.retryAfterMinutes === 1 ? "minute" : "minutes"}).
        </p>
      ) : null}
      {notice ? (
        <FormMessage title={notice.title} description={notice.description} />
      ) : snapshot?.error ? (
        <FormMessage
          title={`The last attempt to fetch backlink data (${snapshot.error.at}) did not work.`}
          description={`${fetched ? "The figures below are from the last successful fetch. " : ""}If it keeps failing, contact support with reference ${snapshot.error.id}.`}
        />
      ) : null}
      {fetched?.summary ? (
        <>
          <dl className="grid grid-cols-2 gap-4 md:grid-cols-4">
            <SummaryCard label="Backlinks" value={numbers.format(fetched.summary.backlinks)} />
            <SummaryCard label="Referring domains" value={numbers.format(fetched.summary.referringDomains)} />
            <SummaryCard label="Domain rank" value={fetched.summary.rank === null ? "–" : `${fetched.summary.rank} / 1000`} />
            <SummaryCard label="Broken backlinks" value={fetched.summary.brokenBacklinks ?? "–"} tone="danger" />
          </dl>
          {fetched.links.length ? (
            <BacklinksTable links={fetched.links} listed={fetched.referringDomainsListed} />
          ) : (
            <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">
              {view.state === "ready" ? view.provider : "The data source"} knows of no sites linking to{" "}
              {view.state === "ready" ? view.target : "yours"} yet.
            </p>
          )}
        </>
      ) : null}
    </section>
  );
}
