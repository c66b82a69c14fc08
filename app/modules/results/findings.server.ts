import { type DB, inTransaction } from "#app/db/client.server";
import type { SearchFindingKind, SearchFindingStatus } from "#app/db/schema";
import type { AiTenant } from "#app/modules/billing/ai-meter.server";
import { startRegeneration } from "#app/modules/generation/service.server";
import { getProposal } from "#app/modules/generation/proposals.server";
import { addSearchSuggestion } from "#app/modules/plan/edits.server";
import type { PlanSite } from "#app/modules/plan/plan.server";
import { isoNow } from "#app/utils/time";
import { gateReasonsFor } from "#app/modules/autopilot/gate-reasons.server";
import {
  type CannibalEvidence,
  type DecayEvidence,
  describeCannibal,
  describeDecay,
  describeGap,
  describeStriking,
  type GapEvidence,
  type StrikingEvidence,
} from "./rules";

/**
 * What the customer does with a search finding (docs/decisions/060-search-results.md): refresh the article through
 * the engine (a regeneration with the evidence in its brief: the queries to cover, the lost queries), put a gap into
 * the plan as a suggestion, or dismiss it. Every call finds the finding by id *and* site, so another workspace's id
 * is "not found" and changes nothing.
 *
 * A refresh lands as the article's working copy, a new revision: the live post keeps the published revision (the
 * hosted blog serves that, a platform gets only what someone publishes), and no auto-pilot day holds it, so nothing
 * publishes it on its own. The finding is 'refreshing' until a person publishes the refreshed text ('resolved'); a
 * refresh that failed or was cancelled gives it back ('open').
 */

export class FindingError extends Error {
  constructor(
    readonly code: "not_found" | "not_refreshable" | "not_gap" | "closed",
    message: string,
  ) {
    super(message);
    this.name = "FindingError";
  }
}

export type FindingView = {
  id: string;
  kind: SearchFindingKind;
  status: SearchFindingStatus;
  articleId: string | null;
  articleTitle: string | null;
  query: string;
  /** The evidence in words, with its numbers. */
  text: string;
  evidence: DecayEvidence | StrikingEvidence | CannibalEvidence | GapEvidence;
  generationId: string | null;
  /** A refresh written and waiting for review: what the quality gate says of it (empty: it passes). */
  review: { reasons: string[]; proposed: boolean } | null;
  detectedAt: string;
};

const KIND_LABELS: Record<SearchFindingKind, string> = {
  decay: "Decaying articles",
  striking: "Striking distance",
  cannibal: "Articles competing for one search",
  gap: "Searches no article answers",
};

function describe(kind: SearchFindingKind, evidence: FindingView["evidence"]) {
  switch (kind) {
    case "decay":
      return describeDecay(evidence as DecayEvidence);
    case "striking":
      return describeStriking(evidence as StrikingEvidence);
    case "cannibal":
      return describeCannibal(evidence as CannibalEvidence);
    case "gap":
      return describeGap(evidence as GapEvidence);
  }
}

/**
 * Moves the site's refreshing findings on: back to open when the refresh failed, was cancelled or its proposed
 * version was discarded; resolved once a publication of the article sent the refreshed revision (or a later one).
 */
async function settleRefreshes(db: DB, siteId: string, now = new Date()) {
  const rows = await db
    .selectFrom("search_findings as f")
    .leftJoin("generations as g", "g.id", "f.generation_id")
    .select(["f.id", "f.article_id", "f.generation_id", "f.updated_at", "g.status as generation_status", "g.updated_at as finished_at"])
    .where("f.site_id", "=", siteId)
    .where("f.status", "=", "refreshing")
    .execute();
  for (const row of rows) {
    let status: SearchFindingStatus | null = null;
    if (row.generation_status == null || row.generation_status === "failed" || row.generation_status === "cancelled") status = "open";
    else if (row.generation_status === "succeeded" && row.article_id) {
      // Still waiting for Accept or Discard beside the article (decision 066).
      if ((await getProposal(db, siteId, row.article_id))?.generation_id === row.generation_id) continue;
      // The revision the refresh wrote (or its accepted proposal), and whether something at least as new went out since.
      const refreshed = await db
        .selectFrom("article_revisions")
        .select("seq")
        .where("article_id", "=", row.article_id)
        .where("kind", "in", ["generated", "proposal_accept"])
        .where("created_at", ">=", row.updated_at)
        .orderBy("seq")
        .executeTakeFirst();
      const sent = refreshed
        ? await db
            .selectFrom("publications as p")
            .innerJoin("article_revisions as r", "r.id", "p.revision_id")
            .select("p.id")
            .where("p.article_id", "=", row.article_id)
            .where("p.site_id", "=", siteId)
            .where("p.status", "=", "published")
            .where("r.seq", ">=", refreshed.seq)
            .executeTakeFirst()
        : null;
      if (sent) status = "resolved";
      // Discarded: the finding is open again, for another refresh or none.
      else if (!refreshed) status = "open";
    }
    if (!status) continue;
    await db
      .updateTable("search_findings")
      .set({ status, updated_at: isoNow(now), ...(status === "open" ? { generation_id: null } : {}) })
      .where("id", "=", row.id)
      .where("status", "=", "refreshing")
      .execute();
  }
}

/** The site's findings a person still acts on (open and refreshing), largest first, grouped by kind in KIND_LABELS' order. */
export async function listFindings(db: DB, siteId: string, { now = new Date(), articleId }: { now?: Date; articleId?: string } = {}) {
  await settleRefreshes(db, siteId, now);
  let query = db
    .selectFrom("search_findings as f")
    .leftJoin("articles as a", (join) => join.onRef("a.id", "=", "f.article_id").on("a.site_id", "=", siteId))
    .leftJoin("generations as g", "g.id", "f.generation_id")
    .select([
      "f.id",
      "f.kind",
      "f.status",
      "f.article_id",
      "a.title",
      "f.query",
      "f.evidence",
      "f.generation_id",
      "f.detected_at",
      "g.status as generation_status",
    ])
    .where("f.site_id", "=", siteId)
    .where("f.status", "in", ["open", "refreshing"])
    .orderBy("f.score", "desc")
    .orderBy("f.id");
  if (articleId) query = query.where("f.article_id", "=", articleId);
  const rows = await query.execute();
  const groups = (Object.keys(KIND_LABELS) as SearchFindingKind[]).map((kind) => ({
    kind,
    label: KIND_LABELS[kind],
    findings: [] as FindingView[],
  }));
  const reviews = new Map<string, FindingView["review"]>();
  for (const r of rows)
    if (r.status === "refreshing" && r.generation_status === "succeeded" && r.article_id && !reviews.has(r.article_id)) {
      // The refreshed version waits beside the article for Accept (decision 066): the gate judges that version.
      const proposed = (await getProposal(db, siteId, r.article_id))?.generation_id === r.generation_id;
      const reasons = await gateReasonsFor(db, siteId, r.article_id, { proposed });
      reviews.set(r.article_id, reasons ? { reasons, proposed } : null);
    }
  for (const r of rows) {
    const evidence = JSON.parse(r.evidence) as FindingView["evidence"];
    const review = r.status === "refreshing" && r.article_id ? (reviews.get(r.article_id) ?? null) : null;
    groups
      .find((g) => g.kind === r.kind)!
      .findings.push({
        id: r.id,
        kind: r.kind,
        status: r.status,
        articleId: r.article_id,
        articleTitle: r.title ?? null,
        query: r.query,
        text: describe(r.kind, evidence),
        evidence,
        generationId: r.generation_id,
        review,
        detectedAt: r.detected_at,
      });
  }
  return groups.filter((g) => g.findings.length > 0);
}

/** How many findings a person can act on, per article of the site: the badge on the articles list and the editor. */
export async function findingCountsByArticle(db: DB, siteId: string, articleIds: string[]) {
  if (articleIds.length === 0) return new Map<string, number>();
  const rows = await db
    .selectFrom("search_findings")
    .select(["article_id", (eb) => eb.fn.countAll<number>().as("n")])
    .where("site_id", "=", siteId)
    .where("status", "in", ["open", "refreshing"])
    .where("kind", "in", ["decay", "striking"])
    .where("article_id", "in", articleIds)
    .groupBy("article_id")
    .execute();
  return new Map(rows.map((r) => [r.article_id!, Number(r.n)]));
}

async function getFinding(db: DB, siteId: string, id: string) {
  const row = await db.selectFrom("search_findings").selectAll().where("site_id", "=", siteId).where("id", "=", id).executeTakeFirst();
  if (!row) throw new FindingError("not_found", "This finding does not exist.");
  return row;
}

/** Forgets a site's findings with the figures they came from (Search Console disconnected): evidence is search data. */
export async function clearFindings(db: DB, siteId: string) {
  await db.deleteFrom("search_findings").where("site_id", "=", siteId).execute();
}

export async function dismissFinding(db: DB, siteId: string, id: string, now = new Date()) {
  const row = await getFinding(db, siteId, id);
  if (row.status === "dismissed") return { changed: false };
  await db
    .updateTable("search_findings")
    .set({ status: "dismissed", updated_at: isoNow(now) })
    .where("id", "=", row.id)
    .where("site_id", "=", siteId)
    .execute();
  return { changed: true };
}

/** What the refresh's brief adds: the queries to work in and the evidence, for the writer. */
function refreshBrief(kind: SearchFindingKind, evidence: FindingView["evidence"]) {
  if (kind === "decay") {
    const e = evidence as DecayEvidence;
    const lost = e.lostQueries.map((q) => q.query);
    return {
      keywords: lost,
      notes: [
        `This is a refresh of a published article whose search clicks fell: ${describeDecay(e)}`,
        lost.length ? `Answer these searches fully and early, each in its own words: ${lost.map((q) => `“${q}”`).join(", ")}.` : "",
        "Keep what the article already does well; bring facts up to date.",
      ]
        .filter(Boolean)
        .join(" "),
    };
  }
  const e = evidence as StrikingEvidence;
  return {
    keywords: [e.query],
    notes: `This is a refresh of a published article that ranks just off the top for “${e.query}” (${describeStriking(e)}) Answer “${e.query}” directly in a section of its own, and use the phrase in a heading. Keep what the article already does well.`,
  };
}

/**
 * 'Refresh this article' on a decay or striking-distance finding: regenerates the article with the finding's
 * evidence in the brief, metered like any regeneration (startRegeneration). Idempotent: while the finding's refresh
 * runs or waits for review, a second click starts nothing and charges nothing; a refresh of the same article
 * already running (from another finding) is joined.
 */
export async function refreshFromFinding(db: DB, tenant: AiTenant, id: string, now = new Date()) {
  await settleRefreshes(db, tenant.siteId, now);
  const row = await getFinding(db, tenant.siteId, id);
  if ((row.kind !== "decay" && row.kind !== "striking") || !row.article_id)
    throw new FindingError("not_refreshable", "Only a decaying article or a striking-distance query can be refreshed.");
  if (row.status === "refreshing" && row.generation_id)
    return { generationId: row.generation_id, articleId: row.article_id, started: false };
  if (row.status !== "open") throw new FindingError("closed", "This finding is closed.");
  const articleId = row.article_id;
  const brief = refreshBrief(row.kind, JSON.parse(row.evidence) as FindingView["evidence"]);
  return inTransaction(db, async (trx) => {
    const started = await startRegeneration(trx, tenant, articleId, brief);
    if (!started) throw new FindingError("not_found", "This article does not exist.");
    await trx
      .updateTable("search_findings")
      .set({ status: "refreshing", generation_id: started.generationId, updated_at: isoNow(now) })
      .where("id", "=", row.id)
      .where("site_id", "=", tenant.siteId)
      .execute();
    return { generationId: started.generationId, articleId, started: !started.joined };
  });
}

/** 'Add to plan' on a gap: a suggestion on the plan's first free day with the figures as its reason; the finding is resolved. */
export async function addGapToPlan(db: DB, site: PlanSite, id: string, now = new Date()) {
  const row = await getFinding(db, site.id, id);
  if (row.kind !== "gap") throw new FindingError("not_gap", "Only a search no article answers can go into the plan.");
  if (row.status !== "open") throw new FindingError("closed", "This finding is closed.");
  const evidence = JSON.parse(row.evidence) as GapEvidence;
  const added = await addSearchSuggestion(db, site, { keyword: row.query, rationale: describeGap(evidence) }, { now });
  await db
    .updateTable("search_findings")
    .set({ status: "resolved", plan_item_id: added.id, updated_at: isoNow(now) })
    .where("id", "=", row.id)
    .where("site_id", "=", site.id)
    .execute();
  return added;
}
