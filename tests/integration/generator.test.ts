import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { getEnv, resetEnvForTests } from "#app/env.server";
import { createArticle } from "#app/modules/articles/mutations.server";
import { requireAuth } from "#app/modules/auth/guards.server";
import { runGeneration } from "#app/modules/generation/jobs.server";
import { readToast, toastMiddleware } from "#app/utils/toast.server";
import { action, loader } from "#app/routes/dashboard/generator/route";
import { startFakeOpenAi } from "#tests/fakes/openai";
import { whileAiProviderConfigured } from "#tests/setup/ai-provider";
import { testDb } from "#tests/setup/db";
import { makeArticle, makePublication, makeUser } from "#tests/setup/factories";
import { callRoute, get, post, redirectTarget } from "#tests/setup/route-harness";

/** The AI Content Generator page's loader and action, with the offline writer and against the fake OpenAI server. */

let db: DB;
const never = new AbortController().signal;

beforeAll(async () => {
  db = await testDb();
});

type ActionResult = {
  intent: string;
  result: { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> | null };
  notice: { title: string; description?: string } | null;
  research?: { topic: string; keywords: string[]; provider: string };
  image?: { url: string; prompt: string; revisedPrompt: string; style: string; provider: string };
};

const act = (fields: Record<string, string>, cookie: string) =>
  callRoute<ActionResult>({
    middleware: [toastMiddleware, requireAuth],
    handler: action,
    request: post("/dashboard/generator", fields, cookie),
  });

/** The toast the action flashed, as the next page's root loader reads it. */
async function toastOf(res: { headers: Headers }) {
  const cookie = /__toast=[^;]+/.exec(res.headers.get("Set-Cookie") ?? "")?.[0];
  if (!cookie) return null;
  return (await readToast(new Request("http://localhost:3000/", { headers: { Cookie: cookie } }))).toast;
}
const load = <T = Record<string, unknown>>(query: string, cookie: string) =>
  callRoute<T>({ middleware: [requireAuth], handler: loader, request: get(`/dashboard/generator${query}`, cookie) });

describe("generator with the offline writer", () => {
  it("Generate: requires a topic, starts the job with tone, article length and keywords, and toasts the finished article", async () => {
    const user = await makeUser(db);
    const missing = await act({ intent: "generate", topic: "  " }, user.cookie);
    expect(missing.status).toBe(400);
    expect(missing.data.result.error?.topic).toEqual(["Please enter a topic"]);

    const started = await act(
      { intent: "generate", topic: "home espresso", keywords: "grinder, , tamping,grinder", tone: "casual", articleLength: "short" },
      user.cookie,
    );
    const target = redirectTarget(started)!;
    expect(target).toMatch(/^\/dashboard\/generator\?tab=generate&generation=[\w-]+&refresh=1$/);
    const generationId = new URL(target, "http://x").searchParams.get("generation")!;
    const row = await db.selectFrom("generations").select(["state", "article_id"]).where("id", "=", generationId).executeTakeFirstOrThrow();
    expect(JSON.parse(row.state)).toMatchObject({
      kind: "generate",
      keyword: "home espresso",
      overrides: { tone: "casual", articleLength: "short", keywords: ["grinder", "tamping"] },
    });

    // While it runs, the no-JavaScript page refreshes itself and shows the progress.
    const running = await load<{ generation: { status: string }; autoRefresh: boolean }>(
      `?tab=generate&generation=${generationId}&refresh=1`,
      user.cookie,
    );
    expect(running.data.generation.status).toBe("running");
    expect(running.data.autoRefresh).toBe(true);
    const js = await load<{ autoRefresh: boolean }>(`?tab=generate&generation=${generationId}`, user.cookie);
    expect(js.data.autoRefresh).toBe(false);
    // Coming back to the tab without the id picks the running generation up again.
    const back = await load<{ generation: { id: string } }>("?tab=generate", user.cookie);
    expect(back.data.generation.id).toBe(generationId);

    await runGeneration(db, { generationId, siteId: user.siteId }, { signal: never, lastAttempt: true });
    const done = await load(`?tab=generate&generation=${generationId}&refresh=1`, user.cookie);
    expect(redirectTarget(done)).toBe(`/dashboard/generator?tab=generate&article=${row.article_id}`);
    expect(done.headers.get("Set-Cookie")).toContain("__toast=");

    const result = await load<{ article: { title: string; source: string; wordCount: number; contentHtml: string } }>(
      `?tab=generate&article=${row.article_id}`,
      user.cookie,
    );
    expect(result.data.article.source).toBe("offline");
    // Without research the offline writer says only what the brand settings say: a few words, no filler.
    expect(result.data.article.wordCount).toBeGreaterThan(0);
    expect(result.data.article.contentHtml).not.toMatch(/The first gain is time/);
  });

  it("Generate: the quota refuses a new article with the spec's message", async () => {
    const user = await makeUser(db);
    await db.updateTable("workspaces").set({ trial_articles_used: 3 }).where("id", "=", user.workspaceId).execute();
    const refused = await whileAiProviderConfigured(() => act({ intent: "generate", topic: "latte art" }, user.cookie));
    expect(refused.status).toBe(403);
    expect(refused.data.notice).toEqual({
      title: "Trial Limit Reached",
      description: "You've used all 3 articles of your free trial. Upgrade to Pro to keep writing.",
    });
    const articles = await db.selectFrom("articles").select("id").where("site_id", "=", user.siteId).execute();
    expect(articles).toHaveLength(0);
  });

  it("Keywords: requires a topic and lists the writer's ideas with the success toast", async () => {
    const user = await makeUser(db);
    const missing = await act({ intent: "keywords", topic: "" }, user.cookie);
    expect(missing.data.result.error?.topic).toEqual(["Please enter a topic first"]);
    const found = await act({ intent: "keywords", topic: "Cold Brew" }, user.cookie);
    expect(found.status).toBe(200);
    expect(await toastOf(found)).toEqual({ type: "success", title: "Keyword research completed!" });
    expect(found.data.research?.provider).toBe("offline");
    expect(found.data.research?.keywords).toContain("cold brew for beginners");
    expect(new Set(found.data.research?.keywords).size).toBe(found.data.research?.keywords.length);
  });

  it("Images: requires a prompt, stores the image under the data directory and returns its prompt", async () => {
    const user = await makeUser(db);
    const missing = await act({ intent: "images", prompt: " ", style: "artistic" }, user.cookie);
    expect(missing.data.result.error?.prompt).toEqual(["Please enter an image prompt"]);
    const made = await act({ intent: "images", prompt: "A latte on a wooden table", style: "minimalist" }, user.cookie);
    expect(await toastOf(made)).toEqual({ type: "success", title: "Images generated successfully!" });
    const image = made.data.image!;
    expect(image.url).toMatch(new RegExp(`^/uploads/articles/${user.siteId}-[\\w-]+\\.svg$`));
    expect(image.revisedPrompt).toContain("A latte on a wooden table");
    expect(image.revisedPrompt).toContain("minimalist");
    expect(fs.existsSync(path.join(getEnv().dataDir, image.url))).toBe(true);
  });

  it("Publish: lists the site's articles newest first and hands only this site's article to the write screen", async () => {
    const user = await makeUser(db);
    const other = await makeUser(db);
    const first = await createArticle(
      db,
      { workspaceId: user.workspaceId, siteId: user.siteId, authorId: user.userId, title: "First", contentHtml: "<p>one</p>" },
      { now: new Date("2025-01-01T00:00:00Z") },
    );
    const second = await createArticle(
      db,
      { workspaceId: user.workspaceId, siteId: user.siteId, authorId: user.userId, title: "Second", contentHtml: "<p>two</p>" },
      { now: new Date("2025-01-02T00:00:00Z") },
    );
    const foreign = await createArticle(db, {
      workspaceId: other.workspaceId,
      siteId: other.siteId,
      authorId: other.userId,
      title: "Foreign",
      contentHtml: "<p>secret</p>",
    });

    const page = await load<{ articles: Array<{ title: string }>; selected: { id: string; contentHtml: string } }>(
      "?tab=publish",
      user.cookie,
    );
    expect(page.data.articles.map((a) => a.title)).toEqual(["Second", "First"]);
    expect(page.data.selected).toMatchObject({ id: second.id, contentHtml: "<p>two</p>" });
    const picked = await load<{ selected: { id: string } }>(`?tab=publish&article=${first.id}`, user.cookie);
    expect(picked.data.selected.id).toBe(first.id);

    expect(redirectTarget(await load(`?tab=publish&article=${first.id}&go=publish`, user.cookie))).toBe(
      `/dashboard/write?edit=${first.id}&publish=1`,
    );
    expect(redirectTarget(await load(`?tab=publish&article=${first.id}&go=preview`, user.cookie))).toBe(
      `/dashboard/write/preview?id=${first.id}`,
    );
    const refused = await load<{ selected: { id: string } }>(`?tab=publish&article=${foreign.id}&go=publish`, user.cookie);
    expect(redirectTarget(refused)).toBeNull();
    expect(refused.data.selected.id).toBe(second.id);
  });
});

describe("generator against an OpenAI-compatible API", () => {
  let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
  beforeAll(async () => {
    fake = await startFakeOpenAi({ apiKey: "sk-gen" });
    Object.assign(process.env, { OPENAI_API_KEY: "sk-gen", OPENAI_BASE_URL: fake.baseURL, OPENAI_MODEL: "fake-model" });
    resetEnvForTests();
  });
  afterAll(async () => {
    for (const name of ["OPENAI_API_KEY", "OPENAI_BASE_URL", "OPENAI_MODEL"]) delete process.env[name];
    resetEnvForTests();
    await fake.close();
  });

  it("researches keywords and draws an image through the provider", async () => {
    const user = await makeUser(db);
    fake.schemaAnswers.set("keyword_ideas", { keywords: ["pour over", "pour over ratio", "Pour Over", "chemex vs v60"] });
    const found = await act({ intent: "keywords", topic: "pour over" }, user.cookie);
    expect(found.data.research).toEqual({
      topic: "pour over",
      keywords: ["pour over", "pour over ratio", "chemex vs v60"],
      provider: "openai",
    });

    const made = await act({ intent: "images", prompt: "A V60 on a scale", style: "illustration" }, user.cookie);
    expect(made.data.image?.url).toMatch(/\.png$/);
    expect(made.data.image?.provider).toBe("openai");
    const sent = fake.requests.filter((r) => r.path === "/images/generations").at(-1)?.body as {
      prompt?: string;
      size?: string;
      n?: number;
    };
    expect(sent).toMatchObject({ size: "1024x1024", n: 1 });
    expect(sent.prompt).toContain("illustration");
  });

  it("shows the spec's failure texts when the provider refuses", async () => {
    const user = await makeUser(db);
    fake.failures.push({ status: 400 });
    const research = await act({ intent: "keywords", topic: "matcha" }, user.cookie);
    expect(research.status).toBe(502);
    expect(research.data.notice?.title).toMatch(/^Failed to research keywords: /);
    expect((await toastOf(research))?.type).toBe("error");

    fake.failures.push({ status: 400 });
    const image = await act({ intent: "images", prompt: "Matcha whisk", style: "artistic" }, user.cookie);
    expect(image.status).toBe(502);
    expect(image.data.notice?.title).toMatch(/^Failed to generate images: /);
  });
});

describe("link candidates", () => {
  it("are the site's live public posts, never a draft's preview or editor address", async () => {
    const { research } = await import("#app/modules/generation/research.server");
    const user = await makeUser(db);
    const make = (title: string) => makeArticle(db, user.siteId, { title, status: "published", published_at: new Date().toISOString() });
    const live = await make("Pour over live post");
    const draft = await make("Pour over draft post");
    const relative = await make("Pour over, relative address");
    // Live too, but about something else: an article on pour over never links it.
    const unrelated = await make("Espresso machine maintenance");
    const setUrl = async (articleId: string, mode: "live" | "draft", url: string) => {
      const id = await makePublication(db, user.siteId, articleId, { mode });
      await db.updateTable("publications").set({ remote_url: url }).where("id", "=", id).execute();
    };
    await setUrl(live, "live", "https://blog.example.com/live-post");
    await setUrl(draft, "draft", `/dashboard/write?edit=${draft}`);
    await setUrl(relative, "live", `/dashboard/write?edit=${relative}`);
    await setUrl(unrelated, "live", "https://blog.example.com/espresso-machine-maintenance");
    const writing = await makeArticle(db, user.siteId, { title: "New one" });
    const { candidates } = await research(db, user.siteId, writing, "pour over");
    const internal = candidates.filter((c) => c.kind === "internal").map((c) => c.url);
    expect(internal).toContain("https://blog.example.com/live-post");
    expect(internal.filter((url) => url.includes("/dashboard"))).toEqual([]);
    expect(internal).not.toContain("https://blog.example.com/espresso-machine-maintenance");
  });
});

describe("generator article length", () => {
  it("offers the content settings' lengths, defaults to the site's, and writes to the chosen band", async () => {
    const { saveContentSettings } = await import("#app/modules/settings/content.server");
    const { DEFAULT_CONTENT_SETTINGS, ARTICLE_LENGTH_WORDS } = await import("#app/modules/settings/content-options");
    const { research } = await import("#app/modules/generation/research.server");
    const user = await makeUser(db);
    expect((await load<{ articleLength: string }>("", user.cookie)).data.articleLength).toBe("medium");
    await saveContentSettings(db, user.siteId, { ...DEFAULT_CONTENT_SETTINGS, articleLength: "long" });
    expect((await load<{ articleLength: string }>("?tab=generate", user.cookie)).data.articleLength).toBe("long");

    const refused = await act({ intent: "generate", topic: "pour over", articleLength: "1000" }, user.cookie);
    expect(refused.status).toBe(400);
    expect(refused.data.result.error?.articleLength).toEqual(["Please choose an article length"]);

    const article = await createArticle(db, {
      workspaceId: user.workspaceId,
      siteId: user.siteId,
      authorId: user.userId,
      title: "Pour over",
      contentHtml: "",
    });
    const { brief: short } = await research(db, user.siteId, article.id, "pour over", { articleLength: "short" });
    expect([short.minWords, short.maxWords]).toEqual([ARTICLE_LENGTH_WORDS.short.min, ARTICLE_LENGTH_WORDS.short.max]);
    const { brief: site } = await research(db, user.siteId, article.id, "pour over");
    expect([site.minWords, site.maxWords]).toEqual([ARTICLE_LENGTH_WORDS.long.min, ARTICLE_LENGTH_WORDS.long.max]);
  });
});
