import net from "node:net";
import type { DB } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import { parseBlogHostname } from "./domain-name";
import { companionOf } from "./domain-records";

/**
 * Which server a request's Host names (docs/decisions/076-blog-custom-domains.md): the app itself (APP_URL's host,
 * the Fly app's own names, an IP address or localhost, which health checks and local runs use), a customer's
 * domain whose certificate is issued (that blog, at its root), or nothing we serve (a plain 404, so a name pointed
 * at us by anyone never shows the dashboard or another blog).
 */

/** The hostname of a Host header, lower-cased and without its port; null when it is not a plain host. */
export function hostnameOf(hostHeader: string | undefined) {
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/i.exec(hostHeader ?? "");
  return match ? match[1]!.toLowerCase().replace(/\.$/, "") : null;
}

export function isAppHost(hostname: string) {
  const env = getEnv();
  const bare = hostname.replace(/^\[(.*)\]$/, "$1");
  if (net.isIP(bare) || bare === "localhost" || bare.endsWith(".localhost")) return true;
  if (bare === new URL(env.appUrl).hostname.replace(/^\[(.*)\]$/, "$1")) return true;
  // Fly's own names for the app: its public .fly.dev host and the private network's .internal ones.
  return Boolean(env.FLY_APP_NAME && (bare === `${env.FLY_APP_NAME}.fly.dev` || bare.endsWith(".internal")));
}

/** What a customer's name answers: its blog, or (the www name beside an apex, or the apex beside www) a 301 there. */
export type HostAnswer = { blogSlug: string } | { redirectTo: string };

/** The blog a customer's domain serves, only once its certificate is issued (status active). */
export async function blogOfHost(db: DB, hostname: string): Promise<HostAnswer | null> {
  const parsed = parseBlogHostname(hostname);
  const companion = parsed.ok ? companionOf(parsed.value)?.hostname : undefined;
  const rows = await db
    .selectFrom("blog_domains as d")
    .innerJoin("sites as s", "s.id", "d.site_id")
    .select(["d.hostname", "s.blog_slug"])
    .where("d.hostname", "in", companion ? [hostname, companion] : [hostname])
    .where("d.status", "=", "active")
    .execute();
  const own = rows.find((r) => r.hostname === hostname);
  if (own?.blog_slug) return { blogSlug: own.blog_slug };
  const other = companion ? rows.find((r) => r.hostname === companion) : undefined;
  return other ? { redirectTo: `https://${other.hostname}` } : null;
}
