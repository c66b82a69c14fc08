import { inTransaction, type DB } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import { recordAudit } from "#app/modules/audit/audit.server";
import { randomToken } from "#app/utils/crypto.server";
import { logger } from "#app/utils/logger.server";
import { isoNow } from "#app/utils/time";
import { blogAddressMoved, moveBlogPosts } from "./address-change.server";
import { lookupRecords } from "./dns-lookup.server";
import { parseBlogHostname } from "./domain-name";
import { checkRecords, companionOf, expectedRecords, type DomainTarget, type ExpectedRecord, type RecordCheck } from "./domain-records";
import {
  certificatesConfigured,
  checkCertificate,
  removeCertificate,
  requestCertificate,
  type FlyCertificate,
} from "./fly-certificates.server";

/**
 * A hosted blog on the customer's own domain (docs/decisions/076-blog-custom-domains.md): the owner enters a
 * hostname, adds the records shown, and each check looks them up live; once ownership and routing are in place,
 * Fly is asked for a certificate, and the domain is active when Fly has issued it. One domain per blog, each
 * hostname once across all workspaces; connecting and releasing are audited. The callers check the member's role.
 */

type Tenant = { workspaceId: string; siteId: string };
type Actor = { userId: string; ip: string | null };
export type DomainResult = { ok: true } | { ok: false; message: string };

export type BlogDomainView = {
  hostname: string;
  apex: boolean;
  /** www.<apex> beside an apex, the apex beside www.<apex>: optional, it sends visitors to the blog's name. */
  companion: string | null;
  status: "pending_dns" | "issuing" | "active";
  certificateStatus: string | null;
  /** The records to add, each with what the last check found (or not checked yet). */
  records: Array<ExpectedRecord & { ok: boolean | null; message: string | null }>;
  checkedAt: string | null;
  /** Whether this installation can issue certificates (Fly configured); without it a domain is checked but not served. */
  canIssue: boolean;
};

export const CERTIFICATE_FAILED = "The certificate service did not answer. Your records are saved; check again in a few minutes.";
const DNS_FAILED = "DNS did not answer for this domain just now. Nothing changed; check again in a few minutes.";
const RELEASE_FAILED = "The certificate service did not answer, so the domain is still connected. Try again in a few minutes.";

function domainTarget(): DomainTarget {
  const env = getEnv();
  const list = (value: string | undefined) =>
    (value ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
  return {
    cname: env.CUSTOM_DOMAIN_TARGET ?? (env.FLY_APP_NAME ? `${env.FLY_APP_NAME}.fly.dev` : new URL(env.appUrl).hostname),
    ipv4: list(env.CUSTOM_DOMAIN_IPV4),
    ipv6: list(env.CUSTOM_DOMAIN_IPV6),
  };
}

const ownHosts = () => [new URL(getEnv().appUrl).hostname];

async function domainRow(db: DB, siteId: string) {
  return db.selectFrom("blog_domains").selectAll().where("site_id", "=", siteId).executeTakeFirst();
}

/** The site's domain as its settings show it, or null when it has none. */
export async function blogDomainOf(db: DB, siteId: string): Promise<BlogDomainView | null> {
  const row = await domainRow(db, siteId);
  if (!row) return null;
  const parsed = parseBlogHostname(row.hostname);
  const domain = parsed.ok ? parsed.value : { hostname: row.hostname, apex: false };
  const expected = expectedRecords(domain, row.ownership_token, domainTarget());
  const checked = row.last_check ? (JSON.parse(row.last_check) as RecordCheck[]) : [];
  const records = expected.map((r) => {
    const found = checked.find((c) => c.type === r.type && c.name === r.name && c.value === r.value);
    return { ...r, ok: found?.ok ?? null, message: found?.message ?? null };
  });
  return {
    hostname: row.hostname,
    apex: domain.apex,
    companion: companionOf(domain)?.hostname ?? null,
    status: row.status,
    certificateStatus: row.certificate_status,
    records,
    checkedAt: row.checked_at,
    canIssue: certificatesConfigured(),
  };
}

/** Connects a hostname to the site's blog: checked, unique, with a fresh ownership token; audited. */
export async function connectBlogDomain(db: DB, tenant: Tenant, input: string, actor: Actor): Promise<DomainResult> {
  const parsed = parseBlogHostname(input, ownHosts());
  if (!parsed.ok) return parsed;
  if (await domainRow(db, tenant.siteId)) return { ok: false, message: "This blog already has a domain. Release it first." };
  const proxied = await db.selectFrom("blog_proxies").select("public_url").where("site_id", "=", tenant.siteId).executeTakeFirst();
  if (proxied) return { ok: false, message: `This blog is served at ${proxied.public_url}. Release that address first.` };
  const taken = await db.selectFrom("blog_domains").select("site_id").where("hostname", "=", parsed.value.hostname).executeTakeFirst();
  if (taken) return { ok: false, message: "That domain is already connected to a blog." };
  const now = isoNow();
  await inTransaction(db, async (trx) => {
    await trx
      .insertInto("blog_domains")
      .values({
        site_id: tenant.siteId,
        hostname: parsed.value.hostname,
        ownership_token: randomToken(16),
        status: "pending_dns",
        created_by: actor.userId,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await recordAudit(trx, {
      actorId: actor.userId,
      action: "blog_domain.connect",
      workspaceId: tenant.workspaceId,
      target: parsed.value.hostname,
      detail: { siteId: tenant.siteId },
      ip: actor.ip,
    });
  });
  return { ok: true };
}

/** The certificate step: requested once the records are in place, then followed until Fly has issued it. */
async function certificateStep(status: BlogDomainView["status"], hostname: string): Promise<FlyCertificate | null> {
  if (!certificatesConfigured()) return null;
  if (status === "pending_dns") return requestCertificate(hostname);
  return (await checkCertificate(hostname)) ?? requestCertificate(hostname);
}

/**
 * Looks the records up live and moves the domain on: all in place → the certificate is requested; issued → active.
 * Answers the view, with each record's finding; a failure of the certificate service keeps the records' findings.
 */
export async function checkBlogDomain(db: DB, siteId: string, correlationId: string): Promise<DomainResult> {
  const row = await domainRow(db, siteId);
  if (!row) return { ok: false, message: "This blog has no domain to check." };
  const view = (await blogDomainOf(db, siteId))!;
  const found = await lookupEach(view.records, correlationId);
  if (!found) return { ok: false, message: DNS_FAILED };
  const checks = checkRecords(view.records, found);
  const inPlace = checks.filter((c) => c.purpose !== "www").every((c) => c.ok);
  let status = row.status;
  let certificateStatus = row.certificate_status;
  let result: DomainResult = { ok: true };
  if (inPlace || status !== "pending_dns") {
    try {
      const certificate = await certificateStep(status, row.hostname);
      if (certificate) {
        certificateStatus = certificate.status;
        status = certificate.configured && certificate.status === "active" ? "active" : "issuing";
      }
    } catch (error) {
      logger.warn({ err: error, correlationId, hostname: row.hostname }, "the certificate service failed");
      result = { ok: false, message: CERTIFICATE_FAILED };
    }
  }
  if (view.companion && checks.filter((c) => c.purpose === "www").every((c) => c.ok)) {
    await companionCertificate(view.companion, correlationId);
  }
  const nowActive = status === "active" && row.status !== "active";
  await inTransaction(db, async (trx) => {
    await trx
      .updateTable("blog_domains")
      .set({
        last_check: JSON.stringify(checks),
        checked_at: isoNow(),
        status,
        certificate_status: certificateStatus,
        updated_at: isoNow(),
      })
      .where("site_id", "=", siteId)
      .execute();
    if (nowActive) await moveBlogPosts(trx, siteId, { hostname: row.hostname }, "to-own");
  });
  if (nowActive) await blogAddressMoved(db, siteId, correlationId);
  return result;
}

/** Live lookups of every name the records are at; null when DNS itself failed (logged). */
async function lookupEach(records: ExpectedRecord[], correlationId: string) {
  const names = [...new Set(records.map((r) => r.name))];
  try {
    return Object.fromEntries(await Promise.all(names.map(async (name) => [name, await lookupRecords(name)] as const)));
  } catch (error) {
    logger.warn({ err: error, correlationId, names }, "DNS lookups of a blog's domain failed");
    return null;
  }
}

/** The www (or apex) name's certificate, once its record is in place: best effort, the blog's own name comes first. */
async function companionCertificate(hostname: string, correlationId: string) {
  if (!certificatesConfigured()) return;
  try {
    if (!(await checkCertificate(hostname))) await requestCertificate(hostname);
  } catch (error) {
    logger.warn({ err: error, correlationId, hostname }, "the certificate service failed for the companion name");
  }
}

/** Releases the site's domain: its certificate is removed at Fly, the hostname freed for any blog; audited. */
export async function releaseBlogDomain(db: DB, tenant: Tenant, actor: Actor, correlationId: string): Promise<DomainResult> {
  const row = await domainRow(db, tenant.siteId);
  if (!row) return { ok: false, message: "This blog has no domain to release." };
  if (certificatesConfigured()) {
    try {
      const companion = (await blogDomainOf(db, tenant.siteId))?.companion;
      await removeCertificate(row.hostname);
      if (companion) await removeCertificate(companion);
    } catch (error) {
      logger.warn({ err: error, correlationId, hostname: row.hostname }, "the certificate service failed");
      return { ok: false, message: RELEASE_FAILED };
    }
  }
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom("blog_domains").where("site_id", "=", tenant.siteId).execute();
    if (row.status === "active") await moveBlogPosts(trx, tenant.siteId, { hostname: row.hostname }, "back-here");
    await recordAudit(trx, {
      actorId: actor.userId,
      action: "blog_domain.release",
      workspaceId: tenant.workspaceId,
      target: row.hostname,
      detail: { siteId: tenant.siteId },
      ip: actor.ip,
    });
  });
  if (row.status === "active") await blogAddressMoved(db, tenant.siteId, correlationId);
  return { ok: true };
}
