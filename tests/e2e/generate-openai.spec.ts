import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import bcrypt from "bcryptjs";
import { openDatabase } from "../../app/db/client.server";
import { BCRYPT_COST } from "../../app/modules/auth/password-hasher.server";
import { createAccount } from "../../app/modules/workspaces/accounts.server";
import { isoNow } from "../../app/utils/time";
import { armArticleAnswers } from "../fakes/article-answers";
import { armModelWriter } from "../fakes/model-writer";
import { startFakeOpenAi } from "../fakes/openai";
import { soloAppEnv, spawnSoloApp, stopSoloApp, waitForHealth, type SoloApp } from "./solo-app";
import { SOLO_APP_PORT } from "./stack";
import { signIn } from "./users";

/**
 * Generation through an OpenAI-compatible API. The shared stack runs the
 * offline writer, so this spec starts its own fake OpenAI server and its own
 * app process (production build, own data directory) configured to use it.
 */

const APP_PORT = SOLO_APP_PORT;
const APP_URL = `http://127.0.0.1:${APP_PORT}`;
const API_KEY = "sk-e2e-generate";
const KEYWORD = "email marketing";
const PASSWORD = "generate-openai-password";

const dataDir = path.resolve(`tests/.tmp/generate-openai-${APP_PORT}`);
const databasePath = path.join(dataDir, "inkpilot.sqlite");

test.use({ baseURL: APP_URL });

let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
let app: SoloApp | undefined;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  fake = await startFakeOpenAi({ apiKey: API_KEY });
  armArticleAnswers(fake, KEYWORD);
  app = spawnSoloApp(
    soloAppEnv(
      "generate-openai",
      { port: APP_PORT, dataDir },
      {
        OPENAI_API_KEY: API_KEY,
        OPENAI_BASE_URL: fake.baseURL,
        OPENAI_MODEL: "fake-model",
        JOB_POLL_MS: "100",
      },
    ),
  );
  await waitForHealth(app, APP_URL);
});

test.afterAll(async () => {
  await stopSoloApp(app);
  await fake?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A verified, onboarded account in this app's own database. */
async function createUser() {
  const { db } = openDatabase(databasePath);
  const email = `generate-openai-${Date.now().toString(36)}@example.com`;
  const ids = await createAccount(db, { email, passwordHash: await bcrypt.hash(PASSWORD, BCRYPT_COST), emailVerified: true });
  await db.updateTable("users").set({ onboarding_completed_at: isoNow() }).where("id", "=", ids.userId).execute();
  return { ...ids, email, db };
}

async function generate(page: Page, keyword = KEYWORD) {
  await page.goto("/dashboard/write");
  const panel = page.getByRole("region", { name: "Get AI-Powered Article Ideas" });
  await panel.getByLabel("Target keyword").fill(keyword);
  const confirm = page.getByRole("dialog", { name: "Generate an article?" });
  await expect(async () => {
    await panel.getByRole("button", { name: "Generate AI Article" }).click();
    await expect(confirm).toBeVisible({ timeout: 1000 });
  }).toPass();
  // With a provider the article counts against the plan, and the dialog says so (no built-in writer's outlook).
  await expect(confirm).toContainText("counts as one article");
  await expect(confirm.getByTestId("offline-outlook")).toHaveCount(0);
  await confirm.getByRole("button", { name: "Start Generation" }).click();
  await expect(page.getByRole("heading", { name: "Edit Article", level: 1 })).toBeVisible({ timeout: 30_000 });
}

test("generates an article through the OpenAI-compatible provider", async ({ page }) => {
  test.setTimeout(60_000);
  const user = await createUser();
  try {
    await signIn(page, user, { db: user.db, appUrl: APP_URL });
    await generate(page);

    const article = await user.db
      .selectFrom("articles")
      .selectAll()
      .where("site_id", "=", user.siteId)
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    expect(article).toMatchObject({ source: "ai", status: "draft" });
    await expect(page).toHaveURL(new RegExp(`/dashboard/write\\?edit=${article.id}`));
    await expect(page.getByRole("form", { name: /article/i }).getByLabel("Title")).toHaveValue("Email marketing: A Practical Guide");
    await expect(page.getByText("Written by the built-in offline writer")).toHaveCount(0);

    // The done-when structure, in the editor and in what was stored.
    const editor = page.getByTestId("rich-text-editor");
    expect(await editor.locator("h2").count()).toBeGreaterThanOrEqual(4);
    await expect(editor.locator("table").first()).toBeVisible();
    await expect(editor.locator("h2", { hasText: "Frequently Asked Questions" })).toBeVisible();
    expect((article.content_html.match(/<h2\b/g) ?? []).length).toBeGreaterThanOrEqual(4);
    expect(article.content_html).toContain("<table");
    expect(article.content_html).toContain("What is email marketing?");
    expect(article.meta_description.length).toBeLessThanOrEqual(160);

    // The words came from the provider: outline, sections and FAQ were asked for, tokens were counted.
    const asked = fake.requests.map((r) => r.body.response_format?.json_schema?.name ?? r.path);
    expect(asked).toEqual(expect.arrayContaining(["article_outline", "intro_conclusion", "article_faq", "article_table"]));
    const generation = await user.db
      .selectFrom("generations")
      .select(["status", "prompt_tokens", "completion_tokens"])
      .where("article_id", "=", article.id)
      .executeTakeFirstOrThrow();
    expect(generation.status).toBe("succeeded");
    expect(generation.completion_tokens).toBeGreaterThan(0);
  } catch (error) {
    console.error(app?.log.join(""));
    throw error;
  } finally {
    await user.db.destroy();
  }
});

// Last: it arms the fake to write like a model for every keyword from here on.
test("a model's fluent filler is revised against the judge before the draft is saved", async ({ page }) => {
  test.setTimeout(60_000);
  armModelWriter(fake, { draft: "filler" });
  const user = await createUser();
  try {
    await signIn(page, user, { db: user.db, appUrl: APP_URL });
    await generate(page, "how to clean a burr grinder");
    const editor = page.getByTestId("rich-text-editor");
    // The first draft's stock opening went back with the judge's findings; the revised text is what was saved.
    await expect(editor).toContainText("How often depends on how much you grind");
    await expect(editor).not.toContainText("In today's fast-paced world");
    const generation = await user.db
      .selectFrom("generations as g")
      .innerJoin("articles as a", "a.id", "g.article_id")
      .select(["g.state", "g.status"])
      .where("a.site_id", "=", user.siteId)
      .executeTakeFirstOrThrow();
    const revision = (JSON.parse(generation.state) as { revision: { outcome: string; passes: unknown[] } }).revision;
    expect(generation.status).toBe("succeeded");
    expect(revision.outcome).toBe("passed");
    expect(revision.passes.length).toBeGreaterThanOrEqual(1);
  } catch (error) {
    console.error(app?.log.join(""));
    throw error;
  } finally {
    await user.db.destroy();
  }
});
