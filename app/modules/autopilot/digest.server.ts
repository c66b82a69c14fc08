import { z } from "zod";
import type { DB } from "#app/db/client.server";
import type { DigestFrequency } from "#app/db/schema";
import { getEnv } from "#app/env.server";
import { sendMail } from "#app/modules/email/mailer.server";
import { digestMail, type DigestSection } from "#app/modules/email/templates/autopilot.server";
import { enqueue } from "#app/modules/jobs/queue.server";
import type { JobDefinition } from "#app/modules/jobs/runner.server";
import { setMembershipDigest } from "#app/modules/workspaces/memberships.server";
import { editUrl } from "#app/modules/articles/urls";
import { connectedSites } from "#app/modules/search-console/status.server";
import { weekInSearch } from "#app/modules/results/weekly.server";
import { changeWords, formatCount } from "#app/modules/results/words";
import { formatDayDate } from "#app/utils/time";
import { addDays } from "#app/utils/time";
import { dayUrl } from "./urls";

/**
 * The auto-pilot digest (docs/decisions/049): per member and
 * workspace, daily or weekly (Mondays), or never, a mail listing what
 * auto-pilot wrote, held and published on the workspace's sites, with links,
 * and what needs attention. Nothing happened, nothing is sent. Planned once a
 * day from the tick (after 07:00 UTC) by one idempotent job.
 */

export const DIGEST_LABELS: Record<DigestFrequency, string> = { daily: "Daily", weekly: "Weekly (Mondays)", off: "Off" };
const PLAN_HOUR_UTC = 7;

export async function setDigest(db: DB, userId: string, workspaceId: string, digest: DigestFrequency) {
  await setMembershipDigest(db, userId, workspaceId, digest);
}

/** From the tick: once a UTC day, after the planning hour, one job that enqueues the day's digests. */
export async function enqueueDigestPlanning(db: DB, now: Date) {
  if (now.getUTCHours() < PLAN_HOUR_UTC) return;
  const date = now.toISOString().slice(0, 10);
  await enqueue(db, "plan-digests", { date }, { idempotencyKey: `plan-digests:${date}`, maxAttempts: 3 });
}

export async function planDigests(db: DB, date: string) {
  const monday = new Date(`${date}T00:00:00Z`).getUTCDay() === 1;
  const members = await db
    .selectFrom("memberships")
    .select(["user_id", "workspace_id", "digest"])
    .where((eb) => (monday ? eb("digest", "in", ["daily", "weekly"]) : eb("digest", "=", "daily")))
    .execute();
  for (const m of members) {
    const since = addDays(date, m.digest === "weekly" ? -7 : -1);
    await enqueue(
      db,
      "send-digest",
      { userId: m.user_id, workspaceId: m.workspace_id, since, until: date },
      { idempotencyKey: `digest:${m.user_id}:${m.workspace_id}:${date}`, maxAttempts: 3, tenant: { workspaceId: m.workspace_id } },
    );
  }
}

/** What the digest lists for a workspace's days from `since` up to (not including) `until`. */
async function digestSections(db: DB, workspaceId: string, since: string, until: string): Promise<DigestSection[]> {
  const appUrl = getEnv().appUrl;
  const rows = await db
    .selectFrom("autopilot_days as d")
    .innerJoin("sites as s", "s.id", "d.site_id")
    .leftJoin("articles as a", "a.id", "d.article_id")
    .select(["d.id", "d.day", "d.keyword", "d.state", "d.reasons", "d.article_id", "a.title", "s.name as siteName"])
    .where("s.workspace_id", "=", workspaceId)
    .where("d.day", ">=", since)
    .where("d.day", "<", until)
    .orderBy("s.name")
    .orderBy("d.day")
    .execute();
  const line = (r: (typeof rows)[number]) => ({
    text: `${r.siteName}, ${r.day}: ${r.title || r.keyword || "no keyword"}`,
    // Each day links to its own page, as on the scheduler: its timeline and, while it waits, its review.
    url: `${appUrl}${dayUrl(r.id)}`,
    note: r.state === "held" || r.state === "failed" || r.state === "skipped" ? (JSON.parse(r.reasons) as string[]).join(" ") : null,
  });
  const by = (states: string[]) => rows.filter((r) => states.includes(r.state)).map(line);
  return [
    { title: "Needs your attention", items: by(["held", "failed"]) },
    // The scheduler's states, read from the same day rows: a day counts as published once its post is live.
    { title: "Published", items: by(["published"]) },
    { title: "On their way", items: by(["writing", "ready", "approved", "scheduled"]) },
    { title: "Written, waiting as drafts", items: by(["written"]) },
    { title: "Skipped", items: by(["skipped"]) },
  ].filter((section) => section.items.length > 0);
}

/**
 * The weekly digest's search results (docs/decisions/060-search-results.md): per site connected to Search
 * Console with figures, the week's clicks against the week before and the articles that moved most.
 */
async function searchSections(db: DB, workspaceId: string): Promise<DigestSection[]> {
  const appUrl = getEnv().appUrl;
  const connected = await connectedSites(db, { workspaceId });
  const sites = connected.length
    ? await db
        .selectFrom("sites")
        .select(["id", "name"])
        .where("workspace_id", "=", workspaceId)
        .where("id", "in", connected)
        .orderBy("name")
        .execute()
    : [];
  const sections: DigestSection[] = [];
  for (const site of sites) {
    const week = await weekInSearch(db, site.id);
    if (!week) continue;
    const results = `${appUrl}/dashboard/results`;
    const moved = (sign: string) => (m: (typeof week.up)[number]) => ({
      text: `${sign === "+" ? "Up" : "Down"}: ${m.title}, ${formatCount(m.clicks)} clicks (${sign}${formatCount(Math.abs(m.delta))})`,
      url: `${appUrl}${editUrl(m.articleId)}`,
      note: null,
    });
    sections.push({
      title: `In Google search: ${site.name}`,
      items: [
        {
          text: `${formatCount(week.clicks)} clicks in the week to ${formatDayDate(week.dataUntil)}, ${changeWords(week.change)} on the week before (${formatCount(week.previousClicks)})`,
          url: results,
          note: null,
        },
        ...week.up.map(moved("+")),
        ...week.down.map(moved("-")),
      ],
    });
  }
  return sections;
}

export async function sendDigest(db: DB, input: { userId: string; workspaceId: string; since: string; until: string }) {
  const member = await db
    .selectFrom("memberships as m")
    .innerJoin("users as u", "u.id", "m.user_id")
    .innerJoin("workspaces as w", "w.id", "m.workspace_id")
    .select(["u.email", "w.name", "m.digest"])
    .where("m.user_id", "=", input.userId)
    .where("m.workspace_id", "=", input.workspaceId)
    .executeTakeFirst();
  // Left the workspace, or switched the digest off, since it was planned.
  if (!member || member.digest === "off") return false;
  const sections = await digestSections(db, input.workspaceId, input.since, input.until);
  const autopilotNews = sections.length > 0;
  // The weekly digest carries the week in search too; it alone is reason enough to send.
  if (member.digest === "weekly") sections.push(...(await searchSections(db, input.workspaceId)));
  if (!sections.length) return false;
  await sendMail(db, {
    to: member.email,
    tag: "digest",
    ...digestMail({
      workspaceName: member.name,
      period: member.digest === "weekly" ? "this week" : "yesterday",
      sections,
      ...(autopilotNews ? {} : { heading: "Your week in Google search" }),
      settingsUrl: `${getEnv().appUrl}/dashboard/account`,
    }),
  });
  return true;
}

const PlanPayload = z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) });
const SendPayload = z.object({ userId: z.string(), workspaceId: z.string(), since: z.string(), until: z.string() });

// What enqueue() accepts for these jobs (app/modules/jobs/queue.server.ts).
declare module "#app/modules/jobs/queue.server" {
  interface JobPayloads {
    "plan-digests": z.input<typeof PlanPayload>;
    "send-digest": z.input<typeof SendPayload>;
  }
}

export const planDigestsJob: JobDefinition<typeof PlanPayload> = {
  payload: PlanPayload,
  run: ({ date }, { db }) => planDigests(db, date),
};
export const sendDigestJob: JobDefinition<typeof SendPayload> = {
  payload: SendPayload,
  async run(payload, { db }) {
    await sendDigest(db, payload);
  },
};
