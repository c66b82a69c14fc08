import { randomUUID } from "node:crypto";
import { type DB, inTransaction } from "#app/db/client.server";
import { cleanKeyword } from "#app/modules/articles/keyword-shape";
import { formatDayDate, isoNow } from "#app/utils/time";
import { offline } from "#app/modules/ai/providers.server";
import type { AiTenant } from "#app/modules/billing/ai-meter.server";
import { classifyIntent, type SearchIntent } from "#app/modules/research/intent";
import { titleForKeyword } from "./offline-planner";
import {
  getItem,
  getPlannedItem,
  type Options,
  PlanError,
  type PlanSite,
  planWindow,
  refreshFlags,
  swapItem,
  windowItems,
} from "./plan.server";
import { articlesBySearch, servedReason, servingArticle } from "./served.server";

/**
 * The customer's own changes to the plan (docs/decisions/050-content-plan.md): edit, add, remove, move and keep an
 * item. The same rules as plan.server.ts: rows found by id and site, written or published days never changed, and
 * the cannibalisation flags refreshed after each change.
 */

export type ItemInput = { keyword: string; title?: string; intent?: SearchIntent | ""; topicId?: string | null };

async function checkedTopic(db: DB, siteId: string, topicId: string | null | undefined) {
  if (!topicId) return null;
  const topic = await db.selectFrom("topics").select("id").where("site_id", "=", siteId).where("id", "=", topicId).executeTakeFirst();
  if (!topic) throw new PlanError("not_found", "This topic does not exist.");
  return topic.id;
}

async function manualFields(db: DB, siteId: string, input: ItemInput) {
  const keyword = cleanKeyword(input.keyword);
  const brand = await db.selectFrom("brand_settings").select("brand_name").where("site_id", "=", siteId).executeTakeFirst();
  const brandNames = brand?.brand_name ? [brand.brand_name] : [];
  return {
    keyword,
    title: input.title?.trim() || titleForKeyword(keyword, { brand: brand?.brand_name ?? "" }),
    intent: input.intent || classifyIntent(keyword, { brandNames }),
    topic_id: await checkedTopic(db, siteId, input.topicId),
  };
}

/** Saves the customer's keyword, title, intent and topic; a changed keyword becomes their own choice (evidence 'manual'). */
export async function editItem(db: DB, site: PlanSite, id: string, input: ItemInput, { now = new Date(), text }: Options = {}) {
  const item = await getPlannedItem(db, site.id, id);
  const fields = await manualFields(db, site.id, input);
  const keywordChanged = fields.keyword.toLowerCase() !== item.keyword.toLowerCase();
  await db
    .updateTable("plan_items")
    .set({
      ...fields,
      ...(keywordChanged
        ? {
            evidence_kind: "manual",
            evidence_ref: "",
            rationale: `Your own keyword (it replaced “${item.keyword}”).`,
            volume: null,
            difficulty: null,
            kept_conflict_id: null,
          }
        : {}),
      updated_at: isoNow(now),
    })
    .where("id", "=", id)
    .where("site_id", "=", site.id)
    .execute();
  await refreshFlags(db, site, { now, text });
  return { keyword: fields.keyword };
}

/** Adds the customer's keyword on the first free day of the window. */
export async function addItem(db: DB, site: PlanSite, input: ItemInput, { now = new Date(), text }: Options = {}) {
  const items = await windowItems(db, site, now);
  const taken = new Set(items.map((i) => i.date));
  const date = (await planWindow(db, site, now)).find((d) => !taken.has(d));
  if (!date) throw new PlanError("full", "Every day of the next 30 has a keyword. Remove one first.");
  const fields = await manualFields(db, site.id, input);
  const stamp = isoNow(now);
  await db
    .insertInto("plan_items")
    .values({
      id: randomUUID(),
      site_id: site.id,
      date,
      status: "planned",
      origin: "manual",
      evidence_kind: "manual",
      rationale: "Your own keyword, added by hand.",
      created_at: stamp,
      updated_at: stamp,
      ...fields,
    })
    .execute();
  await refreshFlags(db, site, { now, text });
  return { keyword: fields.keyword, dateText: formatDayDate(date) };
}

export async function removeItem(db: DB, site: PlanSite, id: string, { now = new Date(), text }: Options = {}) {
  const item = await getPlannedItem(db, site.id, id);
  await db.deleteFrom("plan_items").where("id", "=", id).where("site_id", "=", site.id).execute();
  await refreshFlags(db, site, { now, text });
  return { keyword: item.keyword };
}

/**
 * Moves a planned item to `toIndex` among the window's planned items; the
 * items keep the set of dates and take them in the new order.
 */
export async function moveItem(db: DB, site: PlanSite, id: string, toIndex: number, { now = new Date(), text }: Options = {}) {
  const item = await getItem(db, site.id, id);
  const planned = (await windowItems(db, site, now)).filter((i) => i.status === "planned" && !i.article_id);
  const from = planned.findIndex((i) => i.id === item.id);
  if (from < 0) throw new PlanError("not_planned", "Only planned days in the next 30 can be moved.");
  const target = Math.max(0, Math.min(planned.length - 1, toIndex));
  if (target === from) return { keyword: item.keyword, moved: false };
  const dates = planned.map((i) => i.date);
  const order = [...planned];
  order.splice(from, 1);
  order.splice(target, 0, item);
  await inTransaction(db, async (trx) => {
    // (site_id, date) is unique: park the rows on placeholder dates, then give each its new day.
    for (const row of order)
      await trx
        .updateTable("plan_items")
        .set({ date: `~${row.id}` })
        .where("id", "=", row.id)
        .where("site_id", "=", site.id)
        .execute();
    for (const [i, row] of order.entries()) {
      await trx
        .updateTable("plan_items")
        .set({ date: dates[i]!, updated_at: isoNow(now) })
        .where("id", "=", row.id)
        .where("site_id", "=", site.id)
        .execute();
    }
  });
  await refreshFlags(db, site, { now, text });
  return { keyword: item.keyword, moved: true, dateText: formatDayDate(dates[target]!) };
}

/** The planned-index of an item, for the up/down buttons. */
export async function indexOf(db: DB, site: PlanSite, id: string, { now = new Date() }: { now?: Date } = {}) {
  await getItem(db, site.id, id);
  const planned = (await windowItems(db, site, now)).filter((i) => i.status === "planned" && !i.article_id);
  return planned.findIndex((i) => i.id === id);
}

/** Keeps the item despite its flag: that competitor is no longer reported for it. */
export async function keepItem(db: DB, site: PlanSite, id: string, { now = new Date(), text }: Options = {}) {
  const item = await getItem(db, site.id, id);
  // The competitor shown: an article serving the very keyword now (served.server.ts), else the stored flag's.
  const serving = servingArticle(await articlesBySearch(db, site.id), item);
  await db
    .updateTable("plan_items")
    .set({
      kept_conflict_id: serving?.id ?? item.conflict_id,
      conflict_kind: null,
      conflict_id: null,
      conflict_label: "",
      conflict_score: null,
    })
    .where("id", "=", id)
    .where("site_id", "=", site.id)
    .execute();
  await refreshFlags(db, site, { now, text });
  return { keyword: item.keyword };
}

/**
 * A keyword the search figures suggest (a query Google shows the site for that no article answers), put on the first
 * free day of the window as a suggestion with the figures as its reason: it never replaces a day the plan already has,
 * and the customer edits, swaps or removes it like any other. Refused when the plan is full or already has the keyword.
 */
export async function addSearchSuggestion(
  db: DB,
  site: PlanSite,
  input: { keyword: string; rationale: string },
  { now = new Date(), text }: Options = {},
) {
  const keyword = cleanKeyword(input.keyword);
  const items = await windowItems(db, site, now);
  if (items.some((i) => i.keyword.toLowerCase() === keyword.toLowerCase()))
    throw new PlanError("no_suggestion", `“${keyword}” is already in your plan.`);
  const taken = new Set(items.map((i) => i.date));
  const date = (await planWindow(db, site, now)).find((d) => !taken.has(d));
  if (!date) throw new PlanError("full", "Every day of the next 30 has a keyword. Remove one first.");
  const brand = await db.selectFrom("brand_settings").select("brand_name").where("site_id", "=", site.id).executeTakeFirst();
  const id = randomUUID();
  const stamp = isoNow(now);
  await db
    .insertInto("plan_items")
    .values({
      id,
      site_id: site.id,
      date,
      keyword,
      title: titleForKeyword(keyword, { brand: brand?.brand_name ?? "" }),
      intent: classifyIntent(keyword, { brandNames: brand?.brand_name ? [brand.brand_name] : [] }),
      status: "planned",
      origin: "offline",
      evidence_kind: "gap",
      evidence_ref: "search-console",
      rationale: input.rationale,
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
  await refreshFlags(db, site, { now, text });
  return { id, keyword, dateText: formatDayDate(date) };
}

/**
 * Auto-pilot's check before it writes a day (docs/decisions/070): when one of the site's articles already serves the
 * day's keyword, the day takes the next candidate, its reason saying why, and the new keyword is returned; null when
 * nothing serves it. Offline suggestions only: a check the customer did not ask for is never charged.
 */
export async function replanServedDay(
  db: DB,
  site: PlanSite,
  tenant: AiTenant,
  item: { id: string; keyword: string; article_id: string | null; kept_conflict_id: string | null },
  { now = new Date() }: { now?: Date } = {},
) {
  const serving = servingArticle(await articlesBySearch(db, site.id), item);
  if (!serving) return null;
  const swapped = await swapItem(db, site, tenant, item.id, { text: offline.text, now, because: servedReason(item.keyword, serving) });
  return swapped.after;
}
