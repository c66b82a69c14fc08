import { z } from "zod";
import { getEnv } from "#app/env.server";
import { createDataForSeoClient, DataForSeoError } from "#app/modules/research/dataforseo-client.server";

/**
 * Backlinks to the customer's site from a configured backlink-data provider
 * (docs/product.md "Backlinks", docs/decisions/039-backlink-data-and-link-failures.md).
 * One adapter: DataForSEO's Backlinks API, enabled by the DataForSEO credentials
 * keyword research uses (or DATAFORSEO_BACKLINKS_* for this API alone). Without it
 * the page says that no data source is connected: figures are never made up.
 *
 * Protocol used (docs.dataforseo.com/v3/backlinks/summary/live and
 * docs.dataforseo.com/v3/backlinks/backlinks/live, and the v3 error list at
 * docs.dataforseo.com/v3/appendix/errors): POST with HTTP Basic auth (login:password)
 * and a JSON array of one task; the answer is HTTP 200 with status_code 20000 and
 * tasks[0].status_code 20000 on success, 40xxx codes in the body otherwise (HTTP 401
 * for wrong credentials, 402 for billing, 500 for their errors). The summary task's
 * result[0] carries backlinks, referring_domains, referring_main_domains, rank and
 * broken_backlinks; the backlinks task (mode one_per_domain: the strongest link of
 * each referring domain) carries total_count and items[] with domain_from, url_from,
 * url_to, anchor, dofollow, domain_from_rank, first_seen and last_seen.
 */

export type BacklinkSummary = {
  backlinks: number;
  referringDomains: number;
  referringMainDomains: number | null;
  /** DataForSEO's rank of the target, 0-1000. */
  rank: number | null;
  brokenBacklinks: number | null;
};
export type Backlink = {
  domainFrom: string;
  urlFrom: string;
  urlTo: string;
  anchor: string | null;
  dofollow: boolean;
  domainRank: number | null;
  firstSeen: string | null;
  lastSeen: string | null;
};
type BacklinkReport = { summary: BacklinkSummary; links: Backlink[]; referringDomainsListed: number };

export interface BacklinkDataProvider {
  readonly name: string;
  /** The summary and the strongest link of each referring domain (up to LINKS_LIMIT) for a domain. */
  report(target: string, options: { correlationId: string; signal?: AbortSignal }): Promise<BacklinkReport>;
}

/** A failed provider request (the DataForSEO client's error); `message` is for the log (it may name the provider's own codes), never for customers. */
export { DataForSeoError as BacklinkDataError } from "#app/modules/research/dataforseo-client.server";

const SUMMARY_PATH = "/v3/backlinks/summary/live";
const BACKLINKS_PATH = "/v3/backlinks/backlinks/live";
export const LINKS_LIMIT = 100;
const TIMEOUT_MS = 30_000;
const MAX_ANSWER_BYTES = 5_000_000;

const count = z.number().nullable().optional();
const Summary = z.object({
  backlinks: count,
  referring_domains: count,
  referring_main_domains: count,
  rank: count,
  broken_backlinks: count,
});
const Item = z.object({
  domain_from: z.string(),
  url_from: z.string(),
  url_to: z.string(),
  anchor: z.string().nullable().optional(),
  dofollow: z.boolean().nullable().optional(),
  domain_from_rank: count,
  first_seen: z.string().nullable().optional(),
  last_seen: z.string().nullable().optional(),
});
const BacklinksResult = z.object({ total_count: count, items: z.array(Item).nullable().optional() });
/** "2024-03-26 02:46:50 +00:00" (DataForSEO's format) as ISO 8601, or null. */
function isoFrom(value: string | null | undefined) {
  if (!value) return null;
  const at = new Date(value.replace(" ", "T").replace(" ", ""));
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

export function createDataForSeoBacklinks(config: { login: string; password: string; baseUrl: string }): BacklinkDataProvider {
  const client = createDataForSeoClient(config);

  /** The task's first result, checked against its schema; null when the task has none. */
  async function task<T extends z.ZodType>(
    path: string,
    body: Record<string, unknown>,
    result: T,
    correlationId: string,
    signal?: AbortSignal,
  ): Promise<z.infer<T> | null> {
    const [first] = await client.post(path, body, { correlationId, signal, timeoutMs: TIMEOUT_MS, maxBytes: MAX_ANSWER_BYTES });
    if (first === undefined || first === null) return null;
    const parsed = result.safeParse(first);
    if (!parsed.success) throw new DataForSeoError(`DataForSEO ${path} answered an unexpected result`);
    return parsed.data;
  }

  return {
    name: "DataForSEO",
    async report(target, { correlationId, signal }) {
      const common = { target, backlinks_status_type: "live", include_subdomains: true };
      const [summary, list] = await Promise.all([
        task(SUMMARY_PATH, { ...common, internal_list_limit: 10 }, Summary, correlationId, signal),
        task(
          BACKLINKS_PATH,
          { ...common, mode: "one_per_domain", limit: LINKS_LIMIT, order_by: ["domain_from_rank,desc"] },
          BacklinksResult,
          correlationId,
          signal,
        ),
      ]);
      return {
        summary: {
          backlinks: summary?.backlinks ?? 0,
          referringDomains: summary?.referring_domains ?? 0,
          referringMainDomains: summary?.referring_main_domains ?? null,
          rank: summary?.rank ?? null,
          brokenBacklinks: summary?.broken_backlinks ?? null,
        },
        referringDomainsListed: list?.total_count ?? 0,
        links: (list?.items ?? []).map((item) => ({
          domainFrom: item.domain_from,
          urlFrom: item.url_from,
          urlTo: item.url_to,
          anchor: item.anchor?.trim() || null,
          dofollow: item.dofollow ?? false,
          domainRank: item.domain_from_rank ?? null,
          firstSeen: isoFrom(item.first_seen),
          lastSeen: isoFrom(item.last_seen),
        })),
      };
    },
  };
}

/** The configured provider, or null when none is (the page then says no data source is connected). */
export function getBacklinkDataProvider(): BacklinkDataProvider | null {
  const env = getEnv();
  const login = env.DATAFORSEO_BACKLINKS_LOGIN ?? env.DATAFORSEO_LOGIN;
  const password = env.DATAFORSEO_BACKLINKS_PASSWORD ?? env.DATAFORSEO_PASSWORD;
  if (!login || !password) return null;
  return createDataForSeoBacklinks({ login, password, baseUrl: env.DATAFORSEO_BACKLINKS_API_URL ?? env.DATAFORSEO_API_URL });
}
