import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { DEMO_ARTICLES } from "../../app/modules/demo/articles";
import { DEMO_BLOG_SLUG, DEMO_EMAIL, DEMO_PASSWORD } from "../../app/modules/demo/seed.server";
import { spawnSoloApp, stopSoloApp, waitForHealth, type SoloApp } from "./solo-app";
import { SOLO_APP_PORT } from "./stack";
import { signInWithForm } from "./users";

/**
 * "On a fresh clone the README's first command shows the demo site": the built
 * app started as `npm start` starts it (development, an empty data directory),
 * signed in with the README's demo account. It runs its own app, one port above
 * the solo specs' so it can run beside them.
 */

const APP_PORT = SOLO_APP_PORT + 1;
const APP_URL = `http://127.0.0.1:${APP_PORT}`;
const dataDir = path.resolve(`tests/.tmp/demo-${APP_PORT}`);

test.use({ baseURL: APP_URL });

let app: SoloApp | undefined;
const log: string[] = [];

test.beforeAll(async () => {
  test.setTimeout(60_000);
  fs.rmSync(dataDir, { recursive: true, force: true });
  // No secrets given: a first start generates its own into the data directory.
  const inherited = { ...process.env };
  for (const key of ["SESSION_SECRET", "ENCRYPTION_KEY", "CRON_SECRET", "DATABASE_PATH", "OPERATOR_EMAILS"]) delete inherited[key];
  app = spawnSoloApp(
    {
      ...inherited,
      // What `npm start` runs: development mode, secrets generated into the empty data directory, demo data loaded.
      NODE_ENV: "development",
      HOST: "127.0.0.1",
      PORT: String(APP_PORT),
      APP_URL,
      DATA_DIR: dataDir,
      DATABASE_PATH: path.join(dataDir, "inkpilot.sqlite"),
      SEED_DEMO: "true",
      LOG_LEVEL: "info",
    },
    log,
  );
  await waitForHealth(app, APP_URL, 30_000);
});

test.afterAll(async () => {
  await stopSoloApp(app);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const rows = (page: Page) => page.getByTestId("article-row");
const byState = (state: string) => DEMO_ARTICLES.filter((a) => a.state === state);

test("the first start prints the demo account and how long loading it took", () => {
  const output = log.join("");
  expect(output).toContain(`sign in with ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
  const loaded = output.split("\n").find((line) => line.includes('"demo data loaded"'));
  expect(loaded, output).toBeTruthy();
  const ms = (JSON.parse(loaded!) as { ms: number }).ms;
  console.log(`demo seed took ${ms} ms`);
  expect(ms).toBeLessThan(10_000);
});

test("the demo account's articles list shows its articles in every state", async ({ page }) => {
  await signInWithForm(page, DEMO_EMAIL, DEMO_PASSWORD);
  await page.goto("/dashboard");
  await expect(rows(page)).toHaveCount(DEMO_ARTICLES.length);
  for (const article of DEMO_ARTICLES) await expect(rows(page).filter({ hasText: article.title })).toHaveCount(1);
  const tabs = page.getByRole("navigation", { name: "Filter by status" });
  // Each state has its tab and its rows: published (live and the draft sent for review), scheduled, draft, failed.
  const expected: Array<[string, string[]]> = [
    ["Published", [...byState("live"), ...byState("review")].map((a) => a.title)],
    ["Scheduled", byState("scheduled").map((a) => a.title)],
    ["Draft", byState("draft").map((a) => a.title)],
    ["Failed", byState("failed").map((a) => a.title)],
  ];
  for (const [tab, titles] of expected) {
    await tabs
      .getByRole("link", { name: new RegExp(`^${tab}`) })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`status=${tab.toLowerCase()}`));
    await expect(rows(page)).toHaveCount(titles.length);
    for (const title of titles) await expect(rows(page).filter({ hasText: title })).toHaveCount(1);
  }

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 400 ? 800 : 844 });
    await page.goto("/dashboard");
    await expect(rows(page).first()).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => `${width}px ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  }
});

test("the hosted blog lists the live posts, and only those", async ({ page }) => {
  await page.goto(`/b/${DEMO_BLOG_SLUG}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Northwind Coffee");
  for (const article of DEMO_ARTICLES) {
    const link = page.getByRole("link", { name: article.title });
    if (article.state === "live") await expect(link.first()).toBeVisible();
    else await expect(link).toHaveCount(0);
  }
  const first = byState("live")[0]!;
  await page.getByRole("link", { name: first.title }).first().click();
  await expect(page).toHaveURL(new RegExp(`/b/${DEMO_BLOG_SLUG}/${first.slug}$`));
  await expect(page.getByRole("heading", { name: "Frequently asked questions" })).toBeVisible();
  await expect(page.getByRole("img", { name: /^Cover pattern for an article on / }).first()).toBeVisible();
});

test("the backlinks page shows the demo's link checks, ok and failed", async ({ page }) => {
  await signInWithForm(page, DEMO_EMAIL, DEMO_PASSWORD);
  await page.goto("/dashboard/backlinks");
  const table = page.getByRole("table", { name: "Links in your articles" });
  await expect(table).toBeVisible();
  await expect(table.getByText("OK", { exact: true }).first()).toBeVisible();
  await expect(table.getByRole("row").filter({ hasText: "holiday-blend-2023" })).toContainText("404");
  await expect(table.getByRole("row").filter({ hasText: "guji-highlands-farmers.example" })).toContainText(/Broken/i);
});
