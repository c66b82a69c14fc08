import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

/**
 * The nine free tools, with JavaScript on (copy buttons, 'Copied!', the
 * generate button disabled while empty) and off (plain forms, server-side
 * validation and rendering). The stack has no AI provider and no keyword-data
 * provider, so results come from the templates and no figures are shown.
 */

type ToolCase = {
  slug: string;
  button: string;
  /** Fills the form; the first field filled is the required one. */
  fill: (page: Page) => Promise<void>;
  required: string;
  topic?: string;
  results: (page: Page) => Promise<void>;
};

const items = (page: Page) => page.getByTestId("results").locator(":scope > li");

const TOOLS: ToolCase[] = [
  {
    slug: "headline-generator",
    button: "Generate Headlines",
    required: "Topic",
    topic: "email marketing",
    fill: (page) => page.getByLabel("Topic").fill("email marketing"),
    results: async (page) => {
      await expect(items(page)).toHaveCount(8);
      await expect(items(page).first()).toContainText(/Email Marketing/);
      await expect(items(page).first()).toContainText(/\d+ characters/);
    },
  },
  {
    slug: "meta-description-generator",
    button: "Generate Descriptions",
    required: "Topic",
    topic: "vegan meal prep",
    fill: async (page) => {
      await page.getByLabel("Topic").fill("vegan meal prep");
      await page.getByLabel("Page summary (optional)").fill("Weekly plans and shopping lists for busy families");
    },
    results: async (page) => {
      await expect(items(page)).toHaveCount(5);
      await expect(items(page).first()).toContainText("/ 160 characters");
    },
  },
  {
    slug: "keyword-research",
    button: "Find Keywords",
    required: "Topic or seed keyword",
    topic: "standing desk",
    fill: (page) => page.getByLabel("Topic or seed keyword").fill("standing desk"),
    results: async (page) => {
      await expect(page.getByRole("heading", { name: /Informational/ })).toBeVisible();
      await expect(page.getByRole("heading", { name: /Commercial/ })).toBeVisible();
      await expect(page.getByRole("cell", { name: "what is standing desk", exact: true })).toBeVisible();
      await expect(page.getByTestId("keyword-data-status")).toHaveText(
        "No keyword data source is connected, so search volume, difficulty and CPC are not shown.",
      );
      await expect(page.getByRole("columnheader", { name: "Volume, difficulty, CPC" }).first()).toBeVisible();
      // Never a made-up number.
      await expect(page.getByRole("columnheader", { name: "Monthly volume" })).toHaveCount(0);
    },
  },
  {
    slug: "content-idea-generator",
    button: "Generate Ideas",
    required: "Niche",
    topic: "home coffee brewing",
    fill: async (page) => {
      await page.getByLabel("Niche").fill("home coffee brewing");
      await page.getByLabel("Content type").selectOption("video");
    },
    results: async (page) => {
      await expect(items(page)).toHaveCount(8);
      await expect(page.getByTestId("results")).toContainText("home coffee brewing");
    },
  },
  {
    slug: "blog-title-generator",
    button: "Generate Titles",
    required: "Topic",
    topic: "remote work",
    fill: async (page) => {
      await page.getByLabel("Topic").fill("remote work");
      await page.getByLabel("Style").selectOption("how-to");
    },
    results: async (page) => {
      await expect(items(page)).toHaveCount(5);
      for (const text of await items(page).allInnerTexts()) expect(text).toMatch(/^How to .*Remote Work/);
    },
  },
  {
    slug: "seo-title-generator",
    button: "Generate SEO Titles",
    required: "Keyword",
    topic: "project management software",
    fill: async (page) => {
      await page.getByLabel("Keyword").fill("project management software");
      await page.getByLabel("Brand (optional)").fill("Acme");
    },
    results: async (page) => {
      await expect(items(page)).toHaveCount(5);
      await expect(items(page).first()).toContainText(/Score \d+/);
      await expect(items(page).first()).toContainText("| Acme");
      // This keyword makes long titles: the product's warning appears.
      await expect(page.getByText("May be truncated in search results").first()).toBeVisible();
      await expect(page.getByRole("heading", { name: "How the score works" })).toBeVisible();
    },
  },
  {
    slug: "social-media-caption-generator",
    button: "Generate Captions",
    required: "Topic",
    topic: "our spring collection",
    fill: async (page) => {
      await page.getByLabel("Topic").fill("our spring collection");
      await page.getByLabel("Platform").selectOption("twitter");
      await page.getByLabel("Tone").selectOption("funny");
    },
    results: async (page) => {
      await expect(items(page)).toHaveCount(3);
      await expect(items(page).first()).toContainText("/ 280 characters");
    },
  },
  {
    slug: "content-outline-generator",
    button: "Generate Outline",
    required: "Topic",
    topic: "sourdough baking",
    fill: async (page) => {
      await page.getByLabel("Topic").fill("sourdough baking");
      await page.getByLabel("Content type").selectOption("course");
    },
    results: async (page) => {
      await expect(items(page)).toHaveCount(5);
      await expect(items(page).first()).toContainText("Module 1");
    },
  },
  {
    slug: "readability-checker",
    button: "Check Readability",
    required: "Your text",
    fill: (page) => page.getByLabel("Your text").fill("The cat sat on the mat."),
    results: async (page) => {
      await expect(page.getByTestId("flesch-score")).toHaveText("116.1");
      await expect(page.getByText("Very Easy", { exact: true })).toBeVisible();
      await expect(page.getByTestId("suggestions")).toContainText("Excellent! Your text is very easy to read.");
    },
  },
];

test("the /tools index lists the nine tools with descriptions", async ({ page }) => {
  const response = await page.goto("/tools");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Free SEO and Writing Tools");
  const cards = page.getByRole("main").getByRole("listitem");
  await expect(cards).toHaveCount(9);
  for (const tool of TOOLS) await expect(page.getByRole("main").locator(`a[href="/tools/${tool.slug}"]`)).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Readability Checker" }).click();
  await expect(page).toHaveURL(/\/tools\/readability-checker$/);
});

test.describe("with JavaScript", () => {
  test.use({ permissions: ["clipboard-read", "clipboard-write"] });

  for (const tool of TOOLS) {
    test(`${tool.slug}: generate, copy, call to action`, async ({ page }) => {
      await page.goto(`/tools/${tool.slug}`);
      await expect(page).toHaveTitle(/\| Inkpilot$/);
      const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}");
      expect(jsonLd).toMatchObject({ "@context": "https://schema.org", "@type": "WebApplication", isAccessibleForFree: true });
      // The framework is not hydrated on tool pages: only the small inline script runs.
      await expect(page.locator('script[type="module"]')).toHaveCount(0);

      const generate = page.getByRole("button", { name: tool.button });
      await expect(generate).toBeDisabled();
      await page.getByLabel(tool.required).fill("   ");
      await expect(generate).toBeDisabled();
      await tool.fill(page);
      await expect(generate).toBeEnabled();
      if (tool.slug === "readability-checker") await generate.click();
      else await page.getByLabel(tool.required).press("Enter");
      await tool.results(page);

      const copy = page.getByRole("button", { name: /^Copy/ }).first();
      await copy.click();
      await expect(page.getByTestId("toast")).toHaveText("Copied!");
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied.length).toBeGreaterThan(0);
      expect(await copy.getAttribute("data-copy")).toBe(copied);

      const cta = page.getByTestId("tool-cta");
      await expect(cta).toHaveText("Start Free Trial");
      if (tool.topic) await expect(cta).toHaveAttribute("href", `/signup?topic=${encodeURIComponent(tool.topic)}`);
    });
  }

  test("the outline copies whole with Copy Outline", async ({ page }) => {
    await page.goto("/tools/content-outline-generator?topic=sourdough+baking&type=blog-post");
    await page.getByRole("button", { name: "Copy Outline" }).click();
    await expect(page.getByTestId("toast")).toHaveText("Copied!");
    const text = await page.evaluate(() => navigator.clipboard.readText());
    expect(text).toMatch(/^1\. .+\n {3}- /);
    expect(text).toContain("5. ");
  });

  test("clicking a result itself copies it", async ({ page }) => {
    await page.goto("/tools/headline-generator?topic=email+marketing");
    const first = page.getByTestId("results").locator(":scope > li").first();
    await first.locator("p").first().click();
    await expect(page.getByTestId("toast")).toHaveText("Copied!");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await first.getAttribute("data-copy"));
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const tool of TOOLS) {
    test(`${tool.slug}: the form works and the server renders results`, async ({ page }) => {
      await page.goto(`/tools/${tool.slug}`);
      await tool.fill(page);
      await page.getByRole("button", { name: tool.button }).click();
      await tool.results(page);
      // Copy buttons need JavaScript, so they stay hidden.
      await expect(page.getByRole("button", { name: /^Copy/ })).toHaveCount(0);
      if (tool.topic) await expect(page.getByTestId("tool-cta")).toHaveAttribute("href", `/signup?topic=${encodeURIComponent(tool.topic)}`);
    });
  }

  test("GET results are linkable and the values refill the form", async ({ page }) => {
    await page.goto("/tools/blog-title-generator?topic=remote+work&style=question");
    await expect(page.getByLabel("Topic")).toHaveValue("remote work");
    await expect(page.getByLabel("Style")).toHaveValue("question");
    for (const text of await items(page).allInnerTexts()) expect(text.split("\n")[0]).toMatch(/\?$/);
  });

  test("blank input is refused by the server", async ({ page }) => {
    const response = await page.goto("/tools/headline-generator?topic=+++");
    expect(response?.status()).toBe(400);
    await expect(page.getByText("Please enter a topic")).toBeVisible();
    await expect(page.getByTestId("results")).toHaveCount(0);

    const badChoice = await page.goto("/tools/content-idea-generator?niche=coffee&type=podcast");
    expect(badChoice?.status()).toBe(400);
    await expect(page.getByText("Please choose a content type")).toBeVisible();

    const origin = new URL(page.url()).origin;
    const posted = await page.request.post("/tools/readability-checker", { form: { text: "  " }, headers: { Origin: origin } });
    expect(posted.status()).toBe(400);
    expect(await posted.text()).toContain("Please paste some text to check");
  });
});

test("axe finds no violation on the tool pages with their results shown", async ({ page }) => {
  test.setTimeout(90_000);
  for (const tool of TOOLS) {
    await page.goto(`/tools/${tool.slug}`);
    await tool.fill(page);
    await page.getByRole("button", { name: tool.button }).click();
    await tool.results(page);
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => `${tool.slug}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  }
  // A validation error state too.
  await page.goto("/tools/headline-generator?topic=");
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
});
