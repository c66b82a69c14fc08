import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { getGenerationAi, offline } from "#app/modules/ai/providers.server";
import { createOpenAiWriter } from "#app/modules/ai/openai-writer.server";
import type { ArticleWriter } from "#app/modules/ai/types";
import { FINDINGS_HEADER } from "#app/modules/ai/revise-prompt";
import { getArticle, updateArticle } from "#app/modules/articles/mutations.server";
import { gateReasonsFor } from "#app/modules/autopilot/gate-reasons.server";
import { TOPIC_LABEL } from "#app/modules/generation/revise.server";
import { substanceFindings } from "#app/modules/articles/substance.server";
import { runGeneration } from "#app/modules/generation/jobs.server";
import { cancelGeneration, getGeneration, startGeneration } from "#app/modules/generation/service.server";
import type { GenerationState } from "#app/modules/generation/steps";
import { htmlToText } from "#app/utils/text";
import { armModelWriter, type DraftFailure } from "#tests/fakes/model-writer";
import { withFakeOpenAi } from "#tests/setup/ai-provider";
import { testDb } from "#tests/setup/db";
import { makeUser } from "#tests/setup/factories";

/**
 * The writer revises its own draft (docs/decisions/075): the fake model writes its first draft the way models fail
 * (tests/fakes/model-writer.ts), the pipeline judges it, sends the weak parts back with the findings, and saves a
 * draft that passes, or holds it with reasons after two passes.
 */

const GRINDER = "how to clean a burr grinder";
/** The corpus's drifting article (a history of the billable hour) is on this keyword. */
const CONSULTANTS = "how to set hourly rates for consultants";
let db: DB;
const openAi = withFakeOpenAi();
let fake: ReturnType<typeof openAi>;
const never = new AbortController().signal;

beforeAll(async () => {
  db = await testDb();
  fake = openAi();
});
beforeEach(() => {
  fake.requests.length = 0;
});

const revisions = () => fake.requests.filter((r) => JSON.stringify(r.body.messages ?? []).includes(FINDINGS_HEADER));

type WriteOptions = {
  draft: DraftFailure;
  revises?: boolean;
  language?: string;
  /** A writer of the test's own, given the generation it writes for. */
  writer?: (started: { generationId: string; siteId: string }) => ArticleWriter;
  /** How many attempts the job gets (the last one settles a failure). */
  attempts?: number;
};

async function write(keyword: string, options: WriteOptions) {
  armModelWriter(fake, options);
  const account = await makeUser(db, { site: { url: "https://northwind-coffee.example" }, signedIn: false });
  if (options.language)
    await db.updateTable("content_settings").set({ language: options.language }).where("site_id", "=", account.siteId).execute();
  const { generationId, articleId } = await startGeneration(db, { ...account, keyword });
  const ai = await getGenerationAi();
  const writer = options.writer?.({ generationId, siteId: account.siteId }) ?? ai.writer;
  const attempts = options.attempts ?? 1;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    await runGeneration(
      db,
      { generationId, siteId: account.siteId },
      { signal: never, lastAttempt: attempt === attempts, ai: { ...ai, writer } },
    ).catch((error: unknown) => {
      if (attempt === attempts) throw error;
    });
  }
  const article = (await getArticle(db, account.siteId, articleId))!;
  const row = await db.selectFrom("generations").select("state").where("id", "=", generationId).executeTakeFirstOrThrow();
  const state = JSON.parse(row.state) as GenerationState;
  const view = (await getGeneration(db, account.siteId, generationId))!;
  const findings = await substanceFindings(db, account.siteId, article);
  return { account, article, state, view, findings, text: htmlToText(article.content_html) };
}

describe("the writer revises its own draft", () => {
  it("fluent filler goes back with the findings and comes back concrete: the saved article passes the gate's checks", async () => {
    const { state, article, view, findings, text } = await write(GRINDER, { draft: "filler" });
    const log = state.revision!;
    expect(log.outcome).toBe("passed");
    expect(log.passes.length).toBeGreaterThanOrEqual(1);
    expect(log.passes[0]!.reasons).toContain("What the text gives the reader");
    expect(log.passes[0]!.parts.length).toBeLessThanOrEqual(4);
    // Each revision call carried the findings and the weak sentences it quoted.
    const first = JSON.stringify(revisions()[0]!.body.messages);
    expect(first).toMatch(/What the text gives the reader/);
    expect(revisions().length).toBe(log.passes.reduce((n, p) => n + p.done.length, 0));
    expect(log.passes.every((p) => p.tokens > 0)).toBe(true);
    expect(findings).toEqual([]);
    expect(text).not.toMatch(/In today's fast-paced world/);
    expect(article.status).toBe("draft");
    // The generation's timeline says what happened.
    expect(view.steps.find((s) => s.key === "revise")?.label).toMatch(
      /^Revised \d+ weak parts? in \d pass(es)?: the draft passes the checks$/,
    );
  });

  it("a model that ignores the findings gets two passes, then the draft is saved and held with the reasons", async () => {
    const { state, view, findings } = await write(GRINDER, { draft: "filler", revises: false });
    const log = state.revision!;
    expect(log.passes).toHaveLength(2);
    expect(log.outcome).toBe("held");
    expect(log.remaining).toContain("What the text gives the reader");
    expect(revisions().length).toBeLessThanOrEqual(8);
    expect(findings.map((f) => f.label)).toEqual(expect.arrayContaining(log.remaining!));
    expect(view.steps.find((s) => s.key === "revise")?.label).toMatch(/still short: .*What the text gives the reader/);
  });

  it("invented figures are sent back and the revision drops them", async () => {
    const { state, findings, text } = await write(GRINDER, { draft: "invented-figures" });
    expect(state.revision!.passes[0]!.reasons).toContain("Facts have a source");
    expect(findings).toEqual([]);
    expect(text).not.toMatch(/68% of home baristas/);
  });

  it("a German site's draft written in English is revised into German", async () => {
    const { state, findings, text } = await write("kaffeemühle reinigen", { draft: "wrong-language", language: "de-DE" });
    expect(state.revision!.passes[0]!.reasons).toContain("Written in the site's language");
    const asked = JSON.stringify(revisions()[0]!.body.messages);
    expect(asked).toMatch(/not written in German/);
    expect(findings.map((f) => f.label)).not.toContain("Written in the site's language");
    expect(text).toMatch(/Mahlwerk/);
  });

  it("a Japanese article: revised in Japanese, with the model's words for the headings the pipeline adds", async () => {
    const { state, findings, article } = await write("コーヒーミル 掃除", { draft: "filler", language: "ja-JP" });
    expect(state.revision!.outcome).toBe("passed");
    expect(findings).toEqual([]);
    expect(article.content_html).toContain("<h2>よくある質問</h2>");
    expect(article.content_html).not.toContain("Frequently Asked Questions");
  });

  it("an article that drifts from the search is told so by the model's own reading, and revised", async () => {
    const { state, findings, text, article } = await write(CONSULTANTS, { draft: "off-topic" });
    expect(state.revision!.passes[0]!.reasons).toContain(TOPIC_LABEL);
    expect(state.revision!.passes.flatMap((p) => p.parts)).toContain("section:0");
    expect(state.revision!.outcome).toBe("passed");
    expect(findings).toEqual([]);
    expect(text).not.toMatch(/For most of the early twentieth century, lawyers/);
    // The revised sections got headings that say what they now give the reader.
    expect(article.content_html).not.toContain("<h2>Where the billable hour came from</h2>");
    expect(state.outline!.sections.some((s) => s.heading.startsWith("How to set hourly rates for consultants: step"))).toBe(true);
  });

  it("a drift the model does not fix holds the article at the gate until someone edits it", async () => {
    const { state, account, article } = await write(CONSULTANTS, { draft: "off-topic", revises: false });
    expect(state.revision!.outcome).toBe("held");
    expect(state.revision!.topic).toMatch(/stray from what a reader searching “how to set hourly rates for consultants” came for/);
    // The lexical checks alone pass this drift; the writer's reading is what holds it.
    const reasons = (await gateReasonsFor(db, account.siteId, article.id))!;
    expect(reasons.some((r) => r.startsWith(`${TOPIC_LABEL}:`))).toBe(true);
    await updateArticle(db, account.siteId, article.id, { contentHtml: `${article.content_html}<p>Edited by a person.</p>` });
    expect((await gateReasonsFor(db, account.siteId, article.id))!.some((r) => r.startsWith(`${TOPIC_LABEL}:`))).toBe(false);
  });

  it("the offline writer is not asked to revise, and its timeline has no revision step", async () => {
    const { state, view } = await write(GRINDER, { draft: "filler", writer: () => offline.writer });
    expect(state.revision?.outcome).toBe("skipped");
    expect(view.steps.some((s) => s.key === "revise")).toBe(false);
    expect(revisions()).toHaveLength(0);
  });

  it("a retried attempt goes on with the pass it was in: no part is paid for twice", async () => {
    const asked: string[] = [];
    let failOnce = true;
    const { state, findings } = await write(GRINDER, {
      draft: "filler",
      attempts: 2,
      writer: () => {
        const model = createOpenAiWriter();
        return {
          ...model,
          async revisePart(brief, outline, part, ctx) {
            if (asked.length === 1 && failOnce) {
              failOnce = false;
              throw new Error("the connection dropped");
            }
            const revised = await model.revisePart!(brief, outline, part, ctx);
            asked.push(part.heading);
            return revised;
          },
        };
      },
    });
    expect(state.revision!.outcome).toBe("passed");
    // Per pass, each part came back once, though the first attempt failed in the middle of the first pass.
    for (const pass of state.revision!.passes) expect(new Set(pass.done).size).toBe(pass.done.length);
    const perPass = state.revision!.passes.reduce((n, p) => n + p.done.length, 0);
    expect(asked).toHaveLength(perPass);
    expect(findings).toEqual([]);
  });

  it("cancelling during a revision stops it and keeps the draft", async () => {
    let cancelled = 0;
    const { state, view, article } = await write(GRINDER, {
      draft: "filler",
      attempts: 1,
      writer: ({ generationId, siteId }) => {
        const model = createOpenAiWriter();
        return {
          ...model,
          async revisePart(brief, outline, part, ctx) {
            cancelled++;
            await cancelGeneration(db, siteId, generationId);
            // The job notices the cancel within its poll; the call then goes out on an aborted signal.
            await new Promise((r) => setTimeout(r, 700));
            return model.revisePart!(brief, outline, part, ctx);
          },
        };
      },
    });
    expect(view.status).toBe("cancelled");
    expect(state.revision!.passes[0]!.finished).toBe(false);
    expect(cancelled).toBeLessThanOrEqual(4);
    expect(revisions()).toHaveLength(0);
    expect(article.status).toBe("draft");
    expect(htmlToText(article.content_html)).toMatch(/burr grinder/i);
  });
});
