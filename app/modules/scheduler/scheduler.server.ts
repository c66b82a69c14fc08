import { sql } from "kysely";
import type { DB } from "#app/db/client.server";
import { putTopicOnDay, removePlanDay } from "#app/modules/plan/items.server";
import { DEFAULT_PUBLISH_TIME } from "#app/modules/settings/publishing-options";
import { nonBlank, parseStringList } from "#app/utils/json";
import { addDays, dayLabel, formatDayDate, formatTime12, zonedDate, zonedParts } from "#app/utils/time";

/**
 * The content calendar (docs/product.md "Scheduler"): the 90
 * days starting today in the site's time zone, one saved topic per day in
 * plan_items, and the site's scheduled and published articles. Every function
 * takes the site from the session; nothing is loaded by a bare id.
 */

const SCHEDULER_DAYS = 90;
/** When the site has neither topics nor brand tags (docs/product.md "Scheduler"). */
const FALLBACK_TOPICS = ["Content strategy", "SEO tips", "Industry news"] as const;
/** The Past tab shows the newest first, a page at a time (docs/decisions/053). */
const PAST_PER_PAGE = 25;

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

export type SchedulerDay = { date: string; label: string; dateText: string };

/** The 90 consecutive days starting today in the zone, labelled Today / Tomorrow / the date. */
export function schedulerDays(now: Date, timeZone: string): SchedulerDay[] {
  const today = zonedDate(now, timeZone);
  return Array.from({ length: SCHEDULER_DAYS }, (_, i) => {
    const date = addDays(today, i);
    return { date, dateText: formatDayDate(date), label: dayLabel(date, today) };
  });
}

/** Whether a submitted date is a real day inside the 90-day window. */
export function isInWindow(date: string, now: Date, timeZone: string) {
  if (!DATE_RE.test(date) || addDays(date, 0) !== date) return false;
  const today = zonedDate(now, timeZone);
  return date >= today && date <= addDays(today, SCHEDULER_DAYS - 1);
}

/** The signed-in site, with the time zone the auth context resolved (AuthState["site"]). */
export type SchedulerSite = { id: string; timeZone: string };

async function scheduledTimeOf(db: DB, siteId: string) {
  const row = await db.selectFrom("publishing_settings").select("scheduled_time").where("site_id", "=", siteId).executeTakeFirst();
  return row?.scheduled_time ?? DEFAULT_PUBLISH_TIME;
}

type TopicChoice = { topicId: string | null; name: string };
export type TopicChoices = { source: "topics" | "tags" | "fallback"; choices: TopicChoice[] };

/** What the 'Choose a topic' dialog offers: the site's topics, else its brand tags, else the fallback list. */
export async function listTopicChoices(db: DB, siteId: string): Promise<TopicChoices> {
  const topics = await db.selectFrom("topics").select(["id", "name"]).where("site_id", "=", siteId).orderBy("name").execute();
  if (topics.length > 0) return { source: "topics", choices: topics.map((t) => ({ topicId: t.id, name: t.name })) };
  const brand = await db.selectFrom("brand_settings").select("tags").where("site_id", "=", siteId).executeTakeFirst();
  const tags = [...new Set(parseStringList(brand?.tags, nonBlank).map((t) => t.trim()))];
  if (tags.length > 0) return { source: "tags", choices: tags.map((name) => ({ topicId: null, name })) };
  return { source: "fallback", choices: FALLBACK_TOPICS.map((name) => ({ topicId: null, name })) };
}

type ScheduledArticle = { id: string; title: string; time: string };
export type ComingDay = SchedulerDay & {
  planned: { keyword: string; topicId: string | null } | null;
  articles: ScheduledArticle[];
};
/** What went out, with the live post's address, or what failed to, with the reason. */
export type PastArticle = {
  id: string;
  title: string;
  outcome: "published" | "failed";
  whenText: string;
  liveUrl: string | null;
  error: string | null;
};

export type SchedulerView = {
  timeZone: string;
  timeText: string;
  counts: { coming: number; past: number };
  days: ComingDay[];
  past: PastArticle[];
  /** The Past tab's page (1-based, clamped to the pages there are), how many pages it has, and the position of its first row. */
  pastPage: { page: number; pageCount: number; first: number };
};

/**
 * Everything the page shows, in a handful of indexed queries whatever the
 * window: the plan items from today on, the future scheduled articles, and the
 * published count (plus the list itself on the past tab).
 */
export async function getSchedulerView(
  db: DB,
  { id: siteId, timeZone }: SchedulerSite,
  { now = new Date(), tab = "coming", pastPage = 1 }: { now?: Date; tab?: "coming" | "past"; pastPage?: number } = {},
): Promise<SchedulerView> {
  const scheduledTime = await scheduledTimeOf(db, siteId);
  const days = schedulerDays(now, timeZone);
  const today = days[0]!.date;
  const last = days[days.length - 1]!.date;

  const planItems = await db
    .selectFrom("plan_items")
    .select(["date", "keyword", "topic_id", "status"])
    .where("site_id", "=", siteId)
    .where("date", ">=", today)
    .execute();
  const scheduled = await db
    .selectFrom("articles")
    .select(["id", "title", "scheduled_at"])
    .where("site_id", "=", siteId)
    .where("status", "=", "scheduled")
    .where("scheduled_at", ">", now.toISOString())
    .orderBy("scheduled_at")
    .execute();
  const publishedCount = await countPast(db, siteId);

  const plannedByDate = new Map(planItems.filter((p) => p.status === "planned" && p.date <= last).map((p) => [p.date, p]));
  const articlesByDate = new Map<string, ScheduledArticle[]>();
  for (const a of scheduled) {
    const local = zonedParts(new Date(a.scheduled_at!), timeZone);
    if (local.date > last) continue;
    const list = articlesByDate.get(local.date) ?? [];
    list.push({ id: a.id, title: a.title, time: formatTime12(local.time, DEFAULT_PUBLISH_TIME) });
    articlesByDate.set(local.date, list);
  }

  const pageCount = Math.max(1, Math.ceil(publishedCount / PAST_PER_PAGE));
  const page = Math.min(Math.max(1, Math.floor(pastPage) || 1), pageCount);
  const past = tab === "past" ? await pastArticles(db, siteId, timeZone, page) : [];
  return {
    timeZone,
    timeText: formatTime12(scheduledTime, DEFAULT_PUBLISH_TIME),
    counts: { coming: planItems.filter((p) => p.status === "planned").length + scheduled.length, past: publishedCount },
    days: days.map((d) => {
      const item = plannedByDate.get(d.date);
      return { ...d, planned: item ? { keyword: item.keyword, topicId: item.topic_id } : null, articles: articlesByDate.get(d.date) ?? [] };
    }),
    past,
    pastPage: { page, pageCount, first: (page - 1) * PAST_PER_PAGE + 1 },
  };
}

/**
 * The Past tab's rows: published (with a date) or failed. Written as literals, word for word the WHERE of the
 * partial index articles_site_past (migrations/0027_page_indexes.ts): SQLite uses a partial index only
 * for a query whose terms match it, and a bound parameter does not (https://sqlite.org/partialindex.html).
 */
const IS_PAST = sql<boolean>`((status = 'published' AND published_at IS NOT NULL) OR status = 'failed')`;
const PAST_ORDER = sql`coalesce(published_at, updated_at)`;

/**
 * How many articles the Past tab holds (IS_PAST), from the counts the triggers of migration 0032 keep: a few
 * rows instead of counting the partial index on every view (docs/decisions/053).
 */
async function countPast(db: DB, siteId: string) {
  const row = await db
    .selectFrom("article_counts")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("n"), eb.lit(0)).as("n"))
    .where("site_id", "=", siteId)
    .where((eb) => eb.or([eb.and([eb("status", "=", "published"), eb("dated", "=", 1)]), eb("status", "=", "failed")]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The published and failed articles, newest first, each with its live post's address or its publication's error.
 * The page's rows are picked first, in the index's order (no sort of every published article), and only those
 * look up their publications (docs/decisions/053).
 */
async function pastArticles(db: DB, siteId: string, timeZone: string, page: number): Promise<PastArticle[]> {
  const rowsOfPage = db
    .selectFrom("articles")
    .select(["id", "title", "status", "published_at", "updated_at"])
    .where("site_id", "=", siteId)
    .where(IS_PAST)
    .orderBy(PAST_ORDER, "desc")
    .orderBy("id", "desc")
    .limit(PAST_PER_PAGE)
    .offset((page - 1) * PAST_PER_PAGE);
  const rows = await db
    .selectFrom(rowsOfPage.as("a"))
    .select((eb) => [
      "a.id",
      "a.title",
      "a.status",
      "a.published_at",
      "a.updated_at",
      eb
        .selectFrom("publications as p")
        .select("p.remote_url")
        .whereRef("p.article_id", "=", "a.id")
        .where("p.status", "=", "published")
        .where("p.mode", "=", "live")
        .orderBy("p.published_at", "desc")
        .limit(1)
        .as("liveUrl"),
      eb
        .selectFrom("publications as p")
        .select("p.last_error")
        .whereRef("p.article_id", "=", "a.id")
        .where("p.status", "=", "failed")
        .orderBy("p.updated_at", "desc")
        .limit(1)
        .as("error"),
    ])
    .orderBy(sql`coalesce(a.published_at, a.updated_at)`, "desc")
    .orderBy("a.id", "desc")
    .execute();
  return rows.map((r) => {
    const local = zonedParts(new Date(r.published_at ?? r.updated_at), timeZone);
    return {
      id: r.id,
      title: r.title,
      outcome: r.status === "failed" ? "failed" : "published",
      whenText: `${formatDayDate(local.date)} at ${formatTime12(local.time, DEFAULT_PUBLISH_TIME)}`,
      liveUrl: r.liveUrl ?? null,
      error: r.error ?? null,
    };
  });
}

/** A refused change to the calendar; the message is the one the page shows. */
export class ScheduleError extends Error {
  readonly code: "outside_window" | "unknown_choice" | "started";
  constructor(code: ScheduleError["code"], message?: string) {
    super(
      message ??
        (code === "outside_window" ? "Please choose a day within the next 90 days." : "Please choose one of the topics in the list."),
    );
    this.name = "ScheduleError";
    this.code = code;
  }
}

/**
 * Saves the topic for a day (one per site and date; choosing again replaces it).
 * The choice must be one the dialog offers: a topic of this site by id, or by
 * name one of the brand tags / fallback topics when the site has no topics.
 * Throws ScheduleError for a day outside the window or a choice not offered.
 */
export async function chooseTopic(
  db: DB,
  { id: siteId, timeZone }: SchedulerSite,
  { date, topicId, name, now = new Date() }: { date: string; topicId?: string | null; name?: string | null; now?: Date },
): Promise<{ keyword: string; dateText: string; timeText: string }> {
  if (!isInWindow(date, now, timeZone)) throw new ScheduleError("outside_window");
  const [{ choices }, scheduledTime] = await Promise.all([listTopicChoices(db, siteId), scheduledTimeOf(db, siteId)]);
  const choice = topicId ? choices.find((c) => c.topicId === topicId) : choices.find((c) => c.topicId === null && c.name === name?.trim());
  if (!choice) throw new ScheduleError("unknown_choice");
  await refuseStartedDay(db, siteId, date);

  await putTopicOnDay(db, { siteId, date, keyword: choice.name, topicId: choice.topicId, now });
  return { keyword: choice.name, dateText: formatDayDate(date), timeText: formatTime12(scheduledTime, DEFAULT_PUBLISH_TIME) };
}

/** Removes the day's saved topic; `keyword` is null when the day had none. */
export async function clearDay(db: DB, { id: siteId, timeZone }: SchedulerSite, { date, now = new Date() }: { date: string; now?: Date }) {
  if (!isInWindow(date, now, timeZone)) throw new ScheduleError("outside_window");
  await refuseStartedDay(db, siteId, date);
  return { keyword: await removePlanDay(db, siteId, date), dateText: formatDayDate(date) };
}

/**
 * Once auto-pilot has started a day (its row exists), the day's keyword is the one being written or already out:
 * changing the plan item would leave the calendar naming a topic the engine is not writing (one source of truth,
 * docs/decisions/059-autopilot-keeps-its-word.md). The customer skips the day instead.
 */
async function refuseStartedDay(db: DB, siteId: string, date: string) {
  const started = await db
    .selectFrom("autopilot_days")
    .select(["keyword", "state"])
    .where("site_id", "=", siteId)
    .where("day", "=", date)
    .executeTakeFirst();
  if (!started) return;
  const what = started.keyword ? `“${started.keyword}”` : "This day's article";
  const message =
    started.state === "skipped"
      ? `${formatDayDate(date)} was skipped: auto-pilot writes nothing that day. Choose another day.`
      : started.state === "published" || started.state === "scheduled"
        ? `${what} is already out for ${formatDayDate(date)}. Choose another day.`
        : `${what} is already being written for ${formatDayDate(date)}. Skip the day to set it aside, then choose another day.`;
  throw new ScheduleError("started", message);
}
