import { randomUUID } from "node:crypto";
import { type DB, inTransaction } from "#app/db/client.server";
import type { Database, PlanEvidenceKind, PlanItemOrigin } from "#app/db/schema";
import { getTextGenerator } from "#app/modules/ai/providers.server";
import type { TextGenerator } from "#app/modules/ai/types";
import type { AiTenant } from "#app/modules/billing/ai-meter.server";
import { SUBSCRIPTION_ENDED } from "#app/modules/billing/entitlements";
import { loadEntitlement } from "#app/modules/billing/subscriptions.server";
import { getResearchProvider } from "#app/modules/research/provider.server";
import { difficultyLabel } from "#app/modules/research/difficulty";
import type { KeywordData, ResearchProvider } from "#app/modules/research/types";
import { cacheKey, keywordDataFor, type ResearchCounters } from "#app/modules/research/cache.server";
import { listSitePages } from "#app/modules/research/site-pages.server";
import { logger } from "#app/utils/logger.server";
import { getContentSettings } from "#app/modules/settings/content.server";
import { getPublishingSettings } from "#app/modules/publishing/schedule.server";
import { addDays, dayLabel, formatDayDate, isoNow, zonedDate, zonedParts } from "#app/utils/time";
import { nonBlank, parseStringList } from "#app/utils/json";
import { classifyIntent, type SearchIntent } from "#app/modules/research/intent";
import { embeddingsOf, topicsByMeaning } from "./meaning.server";
import { articlesBySearch, type ServingArticle, servingArticle } from "./served.server";
import { suggest } from "./suggest.server";
import { type Candidate, closestConflict, combinedSimilarity, lexicalSimilarity } from "./similarity";
import type { Selectable } from "kysely";
import type { PlanSource, Suggestion } from "./offline-planner";

/**
 * The 30-day content plan (docs/decisions/050-content-plan.md): one keyword per
 * day in plan_items, from tomorrow in the site's time zone. The date is the
 * item's position; reordering permutes the planned items over their dates.
 * Every function takes the session's site and finds rows by id *and* site, so
 * another site's id is "not found" and changes nothing. Written or published
 * days (an article is attached) are never replaced or moved.
 */

const PLAN_DAYS = 30;

export type PlanSite = { id: string; timeZone: string };

/** A refused change; `code` maps to the page's message (and not_found to a 404). */
export class PlanError extends Error {
  constructor(
    readonly code: "not_found" | "full" | "no_suggestion" | "not_entitled" | "not_planned",
    message: string,
  ) {
    super(message);
    this.name = "PlanError";
  }
}

/**
 * The plan's 30 days in the zone: from today when today's slot (`slotTime`,
 * HH:MM) is still ahead, else from tomorrow.
 */
export function planDates(now: Date, timeZone: string, slotTime?: string | null) {
  const local = zonedParts(now, timeZone);
  const first = slotTime && local.time < slotTime ? local.date : addDays(local.date, 1);
  return Array.from({ length: PLAN_DAYS }, (_, i) => addDays(first, i));
}

/**
 * Today's slot: the publishing time, or auto-pilot's generation time when
 * auto-pilot is on and writes earlier (a day whose writing time has passed
 * cannot be planned any more).
 */
async function todaysSlot(db: DB, siteId: string) {
  const [publishing, content] = await Promise.all([getPublishingSettings(db, siteId), getContentSettings(db, siteId)]);
  return content.autoGeneration && content.autoGenTime < publishing.scheduledTime ? content.autoGenTime : publishing.scheduledTime;
}

/** The site's plan window now: planDates with today's slot. */
export async function planWindow(db: DB, site: PlanSite, now: Date) {
  return planDates(now, site.timeZone, await todaysSlot(db, site.id));
}

/** What a plan is built from: the brand settings, scanned pages, topics and articles of the site. */
async function loadPlanSource(db: DB, siteId: string): Promise<PlanSource> {
  const [brand, topics, articles, sitePages] = await Promise.all([
    db.selectFrom("brand_settings").selectAll().where("site_id", "=", siteId).executeTakeFirst(),
    db.selectFrom("topics").select(["id", "name", "keywords"]).where("site_id", "=", siteId).orderBy("created_at").orderBy("id").execute(),
    db.selectFrom("articles").select(["id", "title", "target_keyword"]).where("site_id", "=", siteId).orderBy("created_at").execute(),
    listSitePages(db, siteId),
  ]);
  return {
    brand: {
      name: brand?.brand_name ?? "",
      description: brand?.description ?? "",
      audience: brand?.target_audience ?? "",
      industry: brand?.industry ?? "",
      tags: parseStringList(brand?.tags, nonBlank),
    },
    pages: parseStringList(brand?.internal_links, nonBlank),
    sitePages,
    topics: topics.map((t) => ({ id: t.id, name: t.name, keywords: parseStringList(t.keywords, nonBlank) })),
    articles: articles.map((a) => ({ id: a.id, title: a.title, keyword: a.target_keyword ?? "" })),
    describedAfterScan: Boolean(brand?.described_at && sitePages.some((p) => p.fetchedAt < brand.described_at!)),
  };
}

export async function windowItems(db: DB, site: PlanSite, now: Date) {
  const dates = await planWindow(db, site, now);
  return db
    .selectFrom("plan_items")
    .selectAll()
    .where("site_id", "=", site.id)
    .where("date", ">=", dates[0]!)
    .where("date", "<=", dates.at(-1)!)
    .orderBy("date")
    .execute();
}

export type PlanItemView = {
  id: string;
  date: string;
  dateText: string;
  label: string;
  keyword: string;
  title: string;
  intent: SearchIntent | "";
  topicId: string | null;
  topicName: string | null;
  origin: PlanItemOrigin;
  evidenceKind: PlanEvidenceKind;
  evidenceRef: string;
  rationale: string;
  status: "planned" | "written" | "published" | "skipped";
  /** Planned and without an article: the customer may edit, swap, move or remove it. */
  changeable: boolean;
  volume: number | null;
  difficulty: string | null;
  /** The provider's 0-100 figure, when it gave one. */
  keywordDifficulty: number | null;
  conflict: { kind: "article" | "item"; id: string; label: string; score: number } | null;
};

export type PlanView = {
  items: PlanItemView[];
  freeDays: number;
  topics: Array<{ id: string; name: string }>;
  keywordData: boolean;
};

export async function getPlanView(db: DB, site: PlanSite, { now = new Date() }: { now?: Date } = {}): Promise<PlanView> {
  const today = zonedDate(now, site.timeZone);
  const [rows, topics, served] = await Promise.all([
    windowItems(db, site, now),
    db.selectFrom("topics").select(["id", "name"]).where("site_id", "=", site.id).orderBy("name").execute(),
    articlesBySearch(db, site.id),
  ]);
  const topicNames = new Map(topics.map((t) => [t.id, t.name]));
  return {
    items: rows.map((r) => ({
      id: r.id,
      date: r.date,
      dateText: formatDayDate(r.date),
      label: dayLabel(r.date, today),
      keyword: r.keyword,
      title: r.title,
      intent: (r.intent as SearchIntent) || "",
      topicId: r.topic_id,
      topicName: r.topic_id ? (topicNames.get(r.topic_id) ?? null) : null,
      origin: r.origin,
      evidenceKind: r.evidence_kind,
      evidenceRef: r.evidence_ref,
      rationale: r.rationale,
      status: r.status,
      changeable: r.status === "planned" && !r.article_id,
      volume: r.volume,
      difficulty: r.difficulty,
      keywordDifficulty: r.keyword_difficulty,
      conflict: conflictOf(r, served),
    })),
    freeDays: PLAN_DAYS - rows.length,
    topics,
    keywordData: getResearchProvider() !== null,
  };
}

/** A day's competitor: an article that serves its very keyword now (served.server.ts), else the flag stored when it was planned. */
function conflictOf(row: Selectable<Database["plan_items"]>, served: Map<string, ServingArticle>): PlanItemView["conflict"] {
  const serving = row.status === "planned" && !row.article_id ? servingArticle(served, row) : null;
  if (serving) return { kind: "article", id: serving.id, label: serving.title, score: 1 };
  return row.conflict_kind && row.conflict_id
    ? { kind: row.conflict_kind, id: row.conflict_id, label: row.conflict_label, score: row.conflict_score ?? 0 }
    : null;
}

export async function getItem(db: DB, siteId: string, id: string) {
  const row = await db.selectFrom("plan_items").selectAll().where("site_id", "=", siteId).where("id", "=", id).executeTakeFirst();
  if (!row) throw new PlanError("not_found", "This plan item does not exist.");
  return row;
}

/** An item the customer may still change: planned, no article written for it yet. */
export async function getPlannedItem(db: DB, siteId: string, id: string) {
  const row = await getItem(db, siteId, id);
  if (row.article_id || row.status !== "planned")
    throw new PlanError("not_planned", "This day's article is already written; its keyword stays.");
  return row;
}

export type Options = { now?: Date; text?: TextGenerator };

/**
 * Recomputes every planned item's cannibalisation flag in the window: the
 * closest of the site's articles and the earlier items (so of two competing
 * items the later one is flagged), skipping the competitor the customer kept.
 * With an AI provider that offers embeddings, a very close cosine also counts.
 */
export async function refreshFlags(db: DB, site: PlanSite, { now = new Date(), text }: Options = {}) {
  const [items, articles] = await Promise.all([
    windowItems(db, site, now),
    db.selectFrom("articles").select(["id", "title", "target_keyword"]).where("site_id", "=", site.id).execute(),
  ]);
  type Ref = { kind: "article" | "item"; id: string; label: string };
  const articleCandidates = articles.map((a): Candidate<Ref> => {
    const keyword = a.target_keyword || a.title;
    return { keyword, title: a.title, intent: classifyIntent(keyword), ref: { kind: "article", id: a.id, label: a.title } };
  });
  const vectors = await embeddingsOf(text ?? (await getTextGenerator()), [
    ...items.map((i): [string, string] => [i.id, `${i.keyword}. ${i.title}`]),
    ...articleCandidates.map((a): [string, string] => [a.ref.id, `${a.keyword}. ${a.title}`]),
  ]);
  for (const [index, item] of items.entries()) {
    if (item.article_id) continue;
    const earlier = items.slice(0, index).map((o): Candidate<Ref> => ({
      keyword: o.keyword,
      title: o.title,
      intent: o.intent,
      ref: { kind: "item", id: o.id, label: o.keyword },
    }));
    const candidates = [...articleCandidates, ...earlier].filter((c) => c.ref.id !== item.kept_conflict_id);
    const own = vectors?.get(item.id);
    const hit = closestConflict({ keyword: item.keyword, title: item.title, intent: item.intent }, candidates, {
      similarity: (a, b) => combinedSimilarity(lexicalSimilarity(a, b), { a: own, b: vectors?.get((b as Candidate<Ref>).ref.id) }),
    });
    await db
      .updateTable("plan_items")
      .set({
        conflict_kind: hit?.ref.kind ?? null,
        conflict_id: hit?.ref.id ?? null,
        conflict_label: hit?.ref.label ?? "",
        conflict_score: hit?.score ?? null,
      })
      .where("id", "=", item.id)
      .where("site_id", "=", site.id)
      .execute();
  }
}

/**
 * Search volume and difficulty for the keywords in the site's market (through the research cache), when a provider
 * is configured; nothing (never a guess) otherwise or on failure.
 */
async function metricsFor(db: DB, siteId: string, keywords: string[], provider: ResearchProvider | null) {
  if (!provider || keywords.length === 0) return new Map<string, KeywordData>();
  try {
    return await keywordDataFor(db, siteId, provider, keywords);
  } catch (error) {
    logger.warn({ err: error }, "plan keyword data failed");
    return new Map();
  }
}

export type PlannerDeps = {
  /** The text generator to ask; defaults to the configured one (offline when no AI is configured). */
  text?: TextGenerator;
  /** The SERP and keyword-data provider; defaults to the configured one (none: the offline planner's queries). */
  research?: ResearchProvider | null;
  now?: Date;
  correlationId?: string;
  /** Provider calls and cache hits, for bench:research. */
  counters?: ResearchCounters;
};

const researchOf = (deps: PlannerDeps) => (deps.research === undefined ? getResearchProvider() : deps.research);

/** Figures for a suggestion: its own from the research, else the provider's for its keyword, never a guess. */
function figuresOf(s: Suggestion, metrics: Map<string, KeywordData>) {
  const m = s.volume != null ? { volume: s.volume, difficulty: s.difficulty ?? null } : metrics.get(cacheKey(s.keyword));
  const difficulty = m?.difficulty ?? null;
  return { volume: m?.volume ?? null, difficulty: difficultyLabel(difficulty), keyword_difficulty: difficulty };
}

/** Refuses when the workspace's plan cannot generate (an ended Pro plan or an expired trial). */
async function assertEntitled(db: DB, workspaceId: string, now: Date) {
  const entitlement = await loadEntitlement(db, workspaceId, now);
  if (entitlement.canWrite) return;
  throw new PlanError(
    "not_entitled",
    entitlement.state === "trial_expired"
      ? "Your free trial has ended. Upgrade to Pro to generate a content plan."
      : SUBSCRIPTION_ENDED.message,
  );
}

const rowOf = (s: Suggestion, origin: PlanItemOrigin, metrics: Map<string, KeywordData>) => ({
  ...figuresOf(s, metrics),
  keyword: s.keyword,
  title: s.title,
  intent: s.intent,
  topic_id: s.topicId,
  origin,
  evidence_kind: s.evidenceKind,
  evidence_ref: s.evidenceRef,
  rationale: s.rationale,
  kept_conflict_id: null,
});

/**
 * (Re)builds the plan: every planned day of the window without an article is
 * replaced, and the free days filled, one suggestion per day in date order.
 * Returns how many days were planned and by what.
 */
export async function generatePlan(db: DB, site: PlanSite, tenant: AiTenant, deps: PlannerDeps = {}) {
  const now = deps.now ?? new Date();
  await assertEntitled(db, tenant.workspaceId, now);
  const [source, items, text] = await Promise.all([
    loadPlanSource(db, site.id),
    windowItems(db, site, now),
    deps.text ?? getTextGenerator(),
  ]);
  const fixed = items.filter((i) => i.article_id || i.status !== "planned");
  const fixedDates = new Set(fixed.map((i) => i.date));
  const dates = (await planWindow(db, site, now)).filter((d) => !fixedDates.has(d));
  const suggested = await suggest(db, tenant, source, {
    count: dates.length,
    avoid: items.map((i) => i.keyword),
    keep: fixed.map((i) => ({ keyword: i.keyword, title: i.title, intent: i.intent })),
    kind: "plan",
    text,
    research: researchOf(deps),
    now,
    correlationId: deps.correlationId ?? randomUUID(),
    counters: deps.counters,
  });
  const { origin, data } = suggested;
  const suggestions = await topicsByMeaning(text, suggested.suggestions, source.topics);
  const metrics = await metricsFor(
    db,
    site.id,
    suggestions.filter((s) => s.volume == null).map((s) => s.keyword),
    researchOf(deps),
  );
  const stamp = isoNow(now);
  await inTransaction(db, async (trx) => {
    const replaced = items.filter((i) => !fixedDates.has(i.date)).map((i) => i.id);
    if (replaced.length) await trx.deleteFrom("plan_items").where("site_id", "=", site.id).where("id", "in", replaced).execute();
    for (const [i, s] of suggestions.entries()) {
      await trx
        .insertInto("plan_items")
        .values({
          id: randomUUID(),
          site_id: site.id,
          date: dates[i]!,
          status: "planned",
          created_at: stamp,
          updated_at: stamp,
          ...rowOf(s, origin, metrics),
        })
        .execute();
    }
  });
  await refreshFlags(db, site, { now, text });
  return { planned: suggestions.length, origin, aiUsed: text.kind === "openai", keywordData: data };
}

/**
 * Replaces one planned item with a fresh suggestion that competes with nothing in the plan or the articles;
 * `because` (why the day changed, when the customer did not ask) leads its reason.
 */
export async function swapItem(db: DB, site: PlanSite, tenant: AiTenant, id: string, deps: PlannerDeps & { because?: string } = {}) {
  const now = deps.now ?? new Date();
  const item = await getPlannedItem(db, site.id, id);
  await assertEntitled(db, tenant.workspaceId, now);
  const [source, items, text] = await Promise.all([
    loadPlanSource(db, site.id),
    windowItems(db, site, now),
    deps.text ?? getTextGenerator(),
  ]);
  const others = items.filter((i) => i.id !== id);
  const { suggestions, origin } = await suggest(db, tenant, source, {
    count: 1,
    avoid: items.map((i) => i.keyword),
    keep: others.map((i) => ({ keyword: i.keyword, title: i.title, intent: i.intent })),
    kind: "plan-swap",
    text,
    research: researchOf(deps),
    now,
    correlationId: deps.correlationId ?? randomUUID(),
  });
  const found = suggestions.find((s) => s.keyword.toLowerCase() !== item.keyword.toLowerCase());
  const fresh = found ? (await topicsByMeaning(text, [found], source.topics))[0] : undefined;
  if (!fresh) throw new PlanError("no_suggestion", "No fresh suggestion is left for this day. Edit the keyword yourself, or add topics.");
  const metrics = fresh.volume == null ? await metricsFor(db, site.id, [fresh.keyword], researchOf(deps)) : new Map();
  await db
    .updateTable("plan_items")
    .set({
      ...rowOf(fresh, origin, metrics),
      ...(deps.because ? { rationale: `${deps.because} ${fresh.rationale}` } : {}),
      updated_at: isoNow(now),
    })
    .where("id", "=", id)
    .where("site_id", "=", site.id)
    .execute();
  await refreshFlags(db, site, { now, text });
  return { before: item.keyword, after: fresh.keyword };
}
