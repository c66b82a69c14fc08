import { beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { offline } from "#app/modules/ai/providers.server";
import { createArticle } from "#app/modules/articles/mutations.server";
import { requireAuth } from "#app/modules/auth/guards.server";
import { runGeneration } from "#app/modules/generation/jobs.server";
import { requestPublication, runPublication } from "#app/modules/publishing/publish.server";
import { detectSearchFindings, findSearchFindings } from "#app/modules/results/detect.server";
import { listFindings, refreshFromFinding } from "#app/modules/results/findings.server";
import { detectFindingsJob, queueFindingDetection } from "#app/modules/results/jobs.server";
import { dayNumber } from "#app/modules/search-console/types";
import { action as findingAction } from "#app/routes/dashboard/results/finding";
import { action as revisionsAction } from "#app/routes/dashboard/write/revisions";
import { loader as articlesLoader } from "#app/routes/dashboard/articles/route";
import { loader as findingsLoader } from "#app/routes/dashboard/results/findings";
import { loader as postLoader } from "#app/routes/hosted-blog/post";
import { testDb } from "#tests/setup/db";
import { makeUser, type TestUser } from "#tests/setup/factories";
import { readToast } from "#app/utils/toast.server";
import { callRoute, cookiesOf, get, post, redirectTarget } from "#tests/setup/route-harness";
import { coffeeScenario, seedSearchFigures } from "#tests/support/search-findings-data";

/**
 * The search findings end to end against a real database seeded with the import's tables: detection (idempotent,
 * dismissed stays dismissed), refresh as one revision for review that never publishes, gaps into the plan as
 * suggestions with their reasons, and another workspace unable to act on a finding.
 */

let db: DB;
beforeAll(async () => {
  db = await testDb();
});

const NOW = new Date();
const LAST_DAY = dayNumber(NOW.toISOString()) - 3;
const never = new AbortController().signal;

async function hostedId(siteId: string) {
  const row = await db
    .selectFrom("cms_connections")
    .select("id")
    .where("site_id", "=", siteId)
    .where("platform", "=", "hosted")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function publishHosted(user: TestUser, articleId: string) {
  const publication = await requestPublication(
    db,
    { siteId: user.siteId, userId: user.userId },
    { articleId, connectionId: await hostedId(user.siteId), mode: "live", scheduleAt: null },
  );
  await runPublication(db, { publicationId: publication.id, correlationId: publication.correlation_id, lastAttempt: false, signal: never });
  return db.selectFrom("publications").selectAll().where("id", "=", publication.id).executeTakeFirstOrThrow();
}

async function article(user: TestUser, title: string, keyword: string) {
  const created = await createArticle(
    db,
    {
      workspaceId: user.workspaceId,
      siteId: user.siteId,
      authorId: user.userId,
      title,
      contentHtml: `<p>The first version of ${title}, as it went live.</p>`,
      targetKeyword: keyword,
    },
    { revision: { kind: "save", userId: user.userId } },
  );
  return created.id;
}

/** A roaster whose six articles are live on the hosted blog, with 16 weeks of figures. */
async function roaster() {
  const user = await makeUser(db, { site: { url: "https://northwind.test" } });
  await db.updateTable("brand_settings").set({ brand_name: "Northwind Coffee" }).where("site_id", "=", user.siteId).execute();
  const a = {
    decaying: await article(user, "The Cold Brew Ratio Guide", "cold brew ratio"),
    steady: await article(user, "Espresso Basics", "espresso basics"),
    small: await article(user, "The Moka Pot", "moka pot"),
    striking: await article(user, "French Press Guide", "french press"),
    rivalA: await article(user, "Pour Over Brewing", "pour over"),
    rivalB: await article(user, "Brewing Methods Compared", "brewing methods"),
  };
  for (const id of Object.values(a)) await publishHosted(user, id);
  await seedSearchFigures(db, user.siteId, coffeeScenario(a, LAST_DAY));
  return { user, a };
}

const findingsOf = (siteId: string) =>
  db
    .selectFrom("search_findings")
    .selectAll()
    .where("site_id", "=", siteId)
    .orderBy("kind")
    .orderBy("query")
    .orderBy("article_id")
    .execute();

/** Accept or Discard of a proposed version, posted as the review dialog's form does. */
const reviseProposal = (user: TestUser, articleId: string, intent: string, generationId: string) =>
  callRoute({
    middleware: [requireAuth],
    handler: revisionsAction,
    params: { articleId },
    request: post(`/dashboard/articles/${articleId}/revisions`, { intent, generationId }, user.cookie),
  });

const act = (user: TestUser, findingId: string, intent: string) =>
  callRoute({
    middleware: [requireAuth],
    handler: findingAction,
    params: { findingId },
    request: post(`/dashboard/results/findings/${findingId}`, { intent, redirectTo: "/dashboard/results/findings" }, user.cookie),
  });

describe("detection", () => {
  it("finds the real decay, the striking query, the split query and the gap, and not the noise", async () => {
    const { user, a } = await roaster();
    const found = (await findSearchFindings(db, user.siteId, NOW))!;
    const decays = found.filter((f) => f.kind === "decay");
    expect(decays.map((f) => f.articleId)).toEqual([a.decaying]);
    const decay = decays[0]!.evidence as { clicksBefore: number; clicksNow: number; lostQueries: Array<{ query: string }> };
    expect(decay.clicksBefore).toBeGreaterThan(350);
    expect(decay.clicksNow).toBeLessThan(250);
    expect(decay.lostQueries[0]!.query).toBe("cold brew ratio");
    expect(found.filter((f) => f.kind === "striking").map((f) => [f.articleId, f.query])).toContainEqual([
      a.striking,
      "french press grind size",
    ]);
    const cannibal = found.find((f) => f.kind === "cannibal");
    expect(cannibal?.query).toBe("pour over vs french press");
    expect((cannibal!.evidence as { articles: Array<{ articleId: string }> }).articles.map((x) => x.articleId).sort()).toEqual(
      [a.rivalA, a.rivalB].sort(),
    );
    // The brand's own search is no gap; the rare one is below the minimum.
    expect(found.filter((f) => f.kind === "gap").map((f) => f.query)).toEqual(["nitro cold brew at home"]);
  });

  it("is idempotent, keeps dismissed findings dismissed and shows the evidence in words", async () => {
    const { user } = await roaster();
    const first = await detectSearchFindings(db, user.siteId, NOW);
    expect(first).toMatchObject({ decay: 1, cannibal: 1, gap: 1 });
    const before = await findingsOf(user.siteId);
    const later = new Date(NOW.getTime() + 3_600_000);
    expect(await detectSearchFindings(db, user.siteId, later)).toEqual(first);
    const after = await findingsOf(user.siteId);
    expect(after.map((f) => [f.id, f.kind, f.article_id, f.query, f.status, f.detected_at, f.evidence])).toEqual(
      before.map((f) => [f.id, f.kind, f.article_id, f.query, f.status, f.detected_at, f.evidence]),
    );

    const gap = after.find((f) => f.kind === "gap")!;
    const res = await act(user, gap.id, "dismiss");
    expect(redirectTarget(res)).toBe("/dashboard/results/findings");
    await detectSearchFindings(db, user.siteId, later);
    expect((await findingsOf(user.siteId)).find((f) => f.id === gap.id)?.status).toBe("dismissed");
    expect((await findingsOf(user.siteId)).filter((f) => f.kind === "gap")).toHaveLength(1);

    const page = await callRoute<{ groups: Array<{ kind: string; findings: Array<{ text: string }> }> }>({
      middleware: [requireAuth],
      handler: findingsLoader,
      request: get("/dashboard/results/findings", user.cookie),
    });
    const groups = page.data!.groups;
    expect(groups.map((g) => g.kind)).toEqual(["decay", "striking", "cannibal"]);
    expect(groups[0]!.findings[0]!.text).toMatch(
      /^Clicks fell from \d+ to \d+ \(−\d+ %\) over 28 days; position \d+\.\d → \d+\.\d\. Lost queries: “cold brew ratio”/,
    );
  });

  it("finds a gap below hundreds of larger queries that articles already answer", async () => {
    const user = await makeUser(db);
    const id = await article(user, "The Everything Guide", "everything");
    await seedSearchFigures(db, user.siteId, {
      lastDay: LAST_DAY,
      days: 35,
      pages: [
        {
          url: "https://northwind.test/blog/everything",
          articleId: id,
          clicks: () => 5,
          position: 6,
          queries: Array.from({ length: 700 }, (_, i) => ({ query: `answered query ${i}`, impressions: () => 300, position: 6 })),
        },
      ],
      siteQueries: [{ query: "descaling an espresso machine", impressions: () => 60, position: 17 }],
    });
    const gaps = (await findSearchFindings(db, user.siteId, NOW))!.filter((f) => f.kind === "gap");
    expect(gaps.map((g) => g.query)).toEqual(["descaling an espresso machine"]);
  });

  it("runs as a job queued once per site and day", async () => {
    const { user } = await roaster();
    const first = await queueFindingDetection(db, user.siteId, NOW);
    expect(await queueFindingDetection(db, user.siteId, NOW)).toBe(first);
    const job = await db.selectFrom("jobs").selectAll().where("id", "=", Number(first)).executeTakeFirstOrThrow();
    await detectFindingsJob.run(detectFindingsJob.payload.parse(JSON.parse(job.payload)), { db, job, signal: never } as never);
    expect((await findingsOf(user.siteId)).map((f) => f.kind)).toEqual(expect.arrayContaining(["decay", "striking", "cannibal", "gap"]));
  });

  it("marks the articles with findings in the articles list", async () => {
    const { user, a } = await roaster();
    await detectSearchFindings(db, user.siteId, NOW);
    const list = await callRoute<{ articles: Array<{ id: string; findings: number }> }>({
      middleware: [requireAuth],
      handler: articlesLoader,
      request: get("/dashboard/articles", user.cookie),
    });
    const counts = new Map(list.data!.articles.map((r) => [r.id, r.findings]));
    expect(counts.get(a.decaying)).toBeGreaterThanOrEqual(1);
    expect(counts.get(a.striking)).toBe(1);
    expect(counts.get(a.steady)).toBe(0);
  });

  it("changes nothing when the figures stopped weeks ago", async () => {
    const { user } = await roaster();
    const counts = await detectSearchFindings(db, user.siteId, NOW);
    const rows = await findingsOf(user.siteId);
    const monthLater = new Date(NOW.getTime() + 30 * 86_400_000);
    expect(await findSearchFindings(db, user.siteId, monthLater)).toBeNull();
    expect(await detectSearchFindings(db, user.siteId, monthLater)).toEqual(counts);
    expect(await findingsOf(user.siteId)).toEqual(rows);
  });

  it("drops an open finding the figures no longer show", async () => {
    const { user } = await roaster();
    await detectSearchFindings(db, user.siteId, NOW);
    await db
      .deleteFrom("search_query_weeks")
      .where(
        "query_id",
        "in",
        db.selectFrom("search_queries").select("id").where("site_id", "=", user.siteId).where("query", "=", "nitro cold brew at home"),
      )
      .execute();
    await detectSearchFindings(db, user.siteId, NOW);
    expect((await findingsOf(user.siteId)).filter((f) => f.kind === "gap")).toEqual([]);
  });
});

describe("refresh this article", () => {
  it("creates exactly one revision for review, never publishes it, is idempotent, and resolves once a person publishes", async () => {
    const { user, a } = await roaster();
    // Auto-pilot on: it still publishes only its own days, never a refresh.
    await db.updateTable("content_settings").set({ auto_generation: 1 }).where("site_id", "=", user.siteId).execute();
    await detectSearchFindings(db, user.siteId, NOW);
    const decay = (await findingsOf(user.siteId)).find((f) => f.kind === "decay")!;
    const blog = (await db.selectFrom("sites").select("blog_slug").where("id", "=", user.siteId).executeTakeFirstOrThrow()).blog_slug!;
    const readPost = async () => {
      const res = await callRoute({
        handler: postLoader,
        request: get(`/b/${blog}/the-cold-brew-ratio-guide`),
        params: { blogSlug: blog, articleSlug: "the-cold-brew-ratio-guide" },
      });
      expect(res.status).toBe(200);
      // The post's own text: the page also lists related posts, whose excerpts may start the same way.
      const html = await res.response!.text();
      return html.slice(html.indexOf("<article"), html.indexOf("</article>"));
    };
    const slug = (await db.selectFrom("articles").select("slug").where("id", "=", a.decaying).executeTakeFirstOrThrow()).slug;
    expect(slug).toBe("the-cold-brew-ratio-guide");
    expect(await readPost()).toContain("The first version of The Cold Brew Ratio Guide");
    const revisionsBefore = await db.selectFrom("article_revisions").select("id").where("article_id", "=", a.decaying).execute();
    const publicationsBefore = await db.selectFrom("publications").selectAll().where("article_id", "=", a.decaying).execute();
    const usage = () =>
      db
        .selectFrom("ai_usage")
        .select((eb) => eb.fn.sum<number>("units").as("n"))
        .where("site_id", "=", user.siteId)
        .executeTakeFirst();
    const charged = Number((await usage())?.n ?? 0);
    const lastJob =
      (
        await db
          .selectFrom("jobs")
          .select((eb) => eb.fn.max("id").as("id"))
          .executeTakeFirst()
      )?.id ?? 0;

    const res = await act(user, decay.id, "refresh");
    expect(redirectTarget(res)).toBe("/dashboard/results/findings");
    const started = (await findingsOf(user.siteId)).find((f) => f.id === decay.id)!;
    expect(started.status).toBe("refreshing");
    expect(Number((await usage())?.n ?? 0)).toBeGreaterThan(charged);
    const chargedOnce = Number((await usage())?.n ?? 0);
    // The brief carries the evidence: the lost queries to cover.
    const generation = await db.selectFrom("generations").selectAll().where("id", "=", started.generation_id!).executeTakeFirstOrThrow();
    const state = JSON.parse(generation.state) as { overrides: { keywords: string[]; notes: string } };
    expect(state.overrides.keywords).toContain("cold brew ratio");
    expect(state.overrides.notes).toContain("Clicks fell from");

    // A second click while it runs starts nothing and charges nothing.
    const again = await refreshFromFinding(db, { workspaceId: user.workspaceId, siteId: user.siteId, userId: user.userId }, decay.id);
    expect(again).toMatchObject({ generationId: started.generation_id, started: false });
    expect(await db.selectFrom("generations").select("id").where("article_id", "=", a.decaying).execute()).toHaveLength(1);
    expect(Number((await usage())?.n ?? 0)).toBe(chargedOnce);

    // While it is written the post stays up as it was.
    expect(await readPost()).toContain("The first version of The Cold Brew Ratio Guide");
    await runGeneration(
      db,
      { generationId: started.generation_id!, siteId: user.siteId },
      { signal: never, lastAttempt: true, ai: offline },
    );
    // The refresh proposes (decision 066): the working copy and its revisions are untouched until Accept.
    const revisionsAfter = await db.selectFrom("article_revisions").select("id").where("article_id", "=", a.decaying).execute();
    expect(revisionsAfter).toHaveLength(revisionsBefore.length);
    // Still live as it was: the publications are untouched and the blog serves the published revision.
    expect(await db.selectFrom("publications").selectAll().where("article_id", "=", a.decaying).execute()).toEqual(publicationsBefore);
    expect(await readPost()).toContain("The first version of The Cold Brew Ratio Guide");
    const workingCopy = () =>
      db.selectFrom("articles").select(["status", "content_html", "slug"]).where("id", "=", a.decaying).executeTakeFirstOrThrow();
    expect(await workingCopy()).toMatchObject({ status: "published", slug: "the-cold-brew-ratio-guide" });
    expect((await workingCopy()).content_html).toContain("The first version");
    // The refresh queued its generation and nothing else: no publication job waits for it.
    const jobs = await db.selectFrom("jobs").select("name").where("id", ">", Number(lastJob)).execute();
    expect(jobs.map((j) => j.name)).toEqual(["generate-article"]);
    const waiting = (await listFindings(db, user.siteId)).flatMap((g) => g.findings).find((f) => f.id === decay.id)!;
    expect(waiting.status).toBe("refreshing");
    // The reviewer reads what auto-pilot's quality gate says of the proposed version: the offline writer's text is never let through.
    expect(waiting.review?.proposed).toBe(true);
    expect(waiting.review?.reasons).toEqual(
      expect.arrayContaining([expect.stringContaining("Needs an AI provider: the built-in offline writer wrote it")]),
    );

    // Accept: the proposed version becomes the working copy, at the same address; the text before stays in the history.
    const accepted = await reviseProposal(user, a.decaying, "accept-proposal", started.generation_id!);
    expect(redirectTarget(accepted)).toContain(`/dashboard/write?edit=${a.decaying}`);
    expect(await workingCopy()).toMatchObject({ status: "published", slug: "the-cold-brew-ratio-guide" });
    expect((await workingCopy()).content_html).not.toContain("The first version");
    const kinds = await db.selectFrom("article_revisions").select("kind").where("article_id", "=", a.decaying).orderBy("seq").execute();
    expect(kinds.at(-1)!.kind).toBe("proposal_accept");
    expect(await readPost()).toContain("The first version of The Cold Brew Ratio Guide");

    // A person reviews and publishes the refreshed text: the finding is resolved.
    await publishHosted(user, a.decaying);
    await listFindings(db, user.siteId);
    expect((await findingsOf(user.siteId)).find((f) => f.id === decay.id)?.status).toBe("resolved");
    expect(await readPost()).not.toContain("The first version");
  });
});

describe("gaps into the plan", () => {
  it("land as a suggestion with the figures as the reason, next to the customer's own days", async () => {
    const { user } = await roaster();
    await db
      .insertInto("plan_items")
      .values({
        id: "own-item",
        site_id: user.siteId,
        date: "2999-01-01",
        keyword: "my own keyword",
        origin: "manual",
        evidence_kind: "manual",
        created_at: NOW.toISOString(),
      })
      .execute();
    await detectSearchFindings(db, user.siteId, NOW);
    const gap = (await findingsOf(user.siteId)).find((f) => f.kind === "gap")!;
    const res = await act(user, gap.id, "plan");
    expect(redirectTarget(res)).toBe("/dashboard/results/findings");
    const items = await db.selectFrom("plan_items").selectAll().where("site_id", "=", user.siteId).execute();
    const added = items.find((i) => i.keyword === "nitro cold brew at home")!;
    expect(added).toMatchObject({ status: "planned", evidence_kind: "gap", evidence_ref: "search-console" });
    expect(added.rationale).toMatch(/^Seen \d+ times in Google in the last 4 weeks at position 1[34]; no article answers it\.$/);
    expect(items.find((i) => i.id === "own-item")).toMatchObject({ keyword: "my own keyword", date: "2999-01-01" });
    expect((await findingsOf(user.siteId)).find((f) => f.id === gap.id)).toMatchObject({ status: "resolved", plan_item_id: added.id });
    // Planned now, so the next run does not suggest it again.
    await detectSearchFindings(db, user.siteId, NOW);
    expect((await findingsOf(user.siteId)).filter((f) => f.kind === "gap" && f.status === "open")).toEqual([]);
  });
});

describe("bad input", () => {
  it("gets a clear message and changes nothing", async () => {
    const { user } = await roaster();
    await detectSearchFindings(db, user.siteId, NOW);
    const rows = await findingsOf(user.siteId);
    const toastOf = async (res: { headers: Headers }) =>
      (await readToast(new Request("http://localhost:3000/", { headers: { Cookie: cookiesOf(res) } }))).toast;
    const decay = rows.find((f) => f.kind === "decay")!;
    const gap = rows.find((f) => f.kind === "gap")!;
    expect(await toastOf(await act(user, decay.id, "publish"))).toMatchObject({ type: "error", description: "Unknown action." });
    expect(await toastOf(await act(user, decay.id, "plan"))).toMatchObject({
      type: "error",
      description: "Only a search no article answers can go into the plan.",
    });
    expect(await toastOf(await act(user, gap.id, "refresh"))).toMatchObject({
      type: "error",
      description: "Only a decaying article or a striking-distance query can be refreshed.",
    });
    expect(await findingsOf(user.siteId)).toEqual(rows);
    expect(await db.selectFrom("generations").select("id").where("article_id", "=", decay.article_id!).execute()).toEqual([]);
  });
});

describe("tenant scoping", () => {
  it("another workspace cannot see or act on a finding", async () => {
    const { user } = await roaster();
    await detectSearchFindings(db, user.siteId, NOW);
    const rows = await findingsOf(user.siteId);
    const other = await makeUser(db);
    for (const [intent, finding] of [
      ["dismiss", rows.find((f) => f.kind === "gap")!],
      ["refresh", rows.find((f) => f.kind === "decay")!],
      ["plan", rows.find((f) => f.kind === "gap")!],
    ] as const) {
      const res = await act(other, finding.id, intent);
      expect(res.status).toBe(404);
    }
    expect(await findingsOf(user.siteId)).toEqual(rows);
    expect(
      await db
        .selectFrom("generations")
        .select("id")
        .where(
          "article_id",
          "in",
          rows.map((r) => r.article_id ?? ""),
        )
        .execute(),
    ).toEqual([]);
    const page = await callRoute<{ groups: unknown[] }>({
      middleware: [requireAuth],
      handler: findingsLoader,
      request: get("/dashboard/results/findings", other.cookie),
    });
    expect(page.data!.groups).toEqual([]);
  });
});
