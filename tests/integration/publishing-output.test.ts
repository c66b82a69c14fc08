import http from "node:http";
import * as cheerio from "cheerio/slim";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { resetEnvForTests } from "#app/env.server";
import { connectPlatform } from "#app/modules/publishing/connect.server";
import { getConnectionForUse } from "#app/modules/publishing/connections.server";
import { webhookSecretForDisplay } from "#app/modules/publishing/webhook-endpoint.server";
import { requestPublication, runPublication } from "#app/modules/publishing/publish.server";
import type { PlatformId } from "#app/modules/publishing/types";
import { saveImage } from "#app/modules/uploads/images.server";
import { loader as hostedPostLoader } from "#app/routes/hosted-blog/post";
import { newId } from "#app/utils/crypto.server";
import { startGhostFake, type GhostFake } from "#tests/fakes/ghost";
import { listen } from "#tests/fakes/http-fake";
import { startNotionFake, type NotionFake } from "#tests/fakes/notion";
import { startShopifyFake, type ShopifyFake } from "#tests/fakes/shopify";
import { pngOf } from "#tests/fakes/test-images";
import { startWebflowFake, type WebflowFake } from "#tests/fakes/webflow";
import { startWebhookReceiver } from "#tests/fakes/webhook-receiver";
import { startWixFake, type WixFake } from "#tests/fakes/wix";
import { startWordPressFake, type WordPressFake } from "#tests/fakes/wordpress";
import { startWordPressComFake, type WordPressComFake } from "#tests/fakes/wordpress-com";
import { testDb } from "#tests/setup/db";
import { makeArticle, makeUser } from "#tests/setup/factories";
import { connectShopify, connectWix, connectWordPressCom } from "#tests/setup/oauth-connections";
import { callRoute, get } from "#tests/setup/route-harness";

/**
 * Each platform's output through the real engine (requestPublication, runPublication) against its fake, read
 * back the way the platform shows it: the WordPress and Ghost fakes serve the post's page through their own
 * renderers (WordPress's the_content image filter and kses, Ghost's image card), the others are read from what
 * the fake stored. An article with a 1200×630 image and a caption must arrive as a figure with width, height,
 * alt and caption, with a srcset where the platform makes sizes, and held to the content column.
 * No real WordPress or Ghost is reachable from the test machine: the fakes are the check.
 */

type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
let db: DB;
let wordpress: WordPressFake;
let ghost: GhostFake;
let notion: NotionFake;
let receiver: Receiver;
let shopify: ShopifyFake;
let wix: WixFake;
let webflow: WebflowFake;
let wpcom: WordPressComFake;
let images: Awaited<ReturnType<typeof listen>>;
const savedEnv = { ...process.env };
const PNG = pngOf(1200, 630);

beforeAll(async () => {
  db = await testDb();
  [wordpress, ghost, notion, receiver, shopify, wix, webflow, wpcom, images] = await Promise.all([
    startWordPressFake(),
    startGhostFake(),
    startNotionFake(),
    startWebhookReceiver(),
    startShopifyFake(),
    startWixFake(),
    startWebflowFake(),
    startWordPressComFake(),
    // Our public image URLs (APP_URL), which Shopify, Wix and Webflow download.
    listen(http.createServer((_req, res) => res.writeHead(200, { "Content-Type": "image/png" }).end(PNG))),
  ]);
  Object.assign(process.env, shopify.env, wix.env, {
    TEST_ALLOW_PRIVATE_HOSTS: [wordpress, ghost, notion, receiver, shopify, wix, webflow, wpcom, images]
      .map((f) => `127.0.0.1:${f.port}`)
      .join(","),
    NOTION_API_URL: notion.url,
    WEBFLOW_API_URL: webflow.url,
    WORDPRESS_COM_API_URL: wpcom.url,
    WORDPRESS_COM_CLIENT_ID: wpcom.clientId,
    WORDPRESS_COM_CLIENT_SECRET: wpcom.clientSecret,
    APP_URL: images.url,
  });
  resetEnvForTests();
});

afterAll(async () => {
  for (const key of Object.keys(process.env)) if (!(key in savedEnv)) delete process.env[key];
  Object.assign(process.env, savedEnv);
  resetEnvForTests();
  await Promise.all(
    [wordpress, ghost, notion, receiver, shopify, wix, webflow, wpcom, images].map((f) => (f as { close(): Promise<unknown> })?.close()),
  );
});

const ALT = "A jar of cold brew on a table";
const CAPTION = "Cold brew after 16 hours";

async function article(siteId: string, title: string) {
  const id = newId();
  const image = `/${(await saveImage("article", id, PNG)).storedPath}`;
  await makeArticle(db, siteId, {
    id,
    title,
    slug: title.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
    meta_description: "How to make cold brew at home.",
    content_html: `<p>Start with coarse beans.</p><figure><img src="${image}" alt="${ALT}"><figcaption>${CAPTION}</figcaption></figure><p>Then wait.</p>`,
  });
  return { id, image };
}

async function publish(platform: PlatformId, mode: "draft" | "live" = "live") {
  const user = await makeUser(db, { signedIn: false });
  const tenant = { siteId: user.siteId, userId: user.userId };
  const connect = async (input: { siteUrl: string; secret: string; options?: Record<string, string> }) =>
    (await connectPlatform(db, tenant, platform, { options: {}, ...input })).connection.id;
  const connectionId =
    platform === "wordpress"
      ? await connect({ siteUrl: wordpress.url, secret: wordpress.credentials })
      : platform === "ghost"
        ? await connect({ siteUrl: ghost.adminUrl, secret: ghost.adminApiKey })
        : platform === "notion"
          ? await connect({ siteUrl: "", secret: notion.token, options: { database: notion.databaseUrl } })
          : platform === "webhook"
            ? await connect({ siteUrl: receiver.endpoint, secret: "" })
            : platform === "webflow"
              ? await connect({ siteUrl: webflow.siteUrl, secret: webflow.token })
              : platform === "shopify"
                ? (await connectShopify(db, tenant, shopify)).id
                : platform === "wix"
                  ? await connectWix(db, tenant)
                  : platform === "wordpress_com"
                    ? (await connectWordPressCom(db, tenant)).id
                    : (
                        await db
                          .selectFrom("cms_connections")
                          .select("id")
                          .where("site_id", "=", user.siteId)
                          .where("platform", "=", "hosted")
                          .executeTakeFirstOrThrow()
                      ).id;
  if (platform === "webhook") {
    receiver.setSecret(webhookSecretForDisplay((await getConnectionForUse(db, user.siteId, connectionId)).credentials)!);
  }
  const title = `Cold brew ${platform} ${newId().slice(0, 6)}`;
  const { id: articleId, image } = await article(user.siteId, title);
  const publication = await requestPublication(db, tenant, { articleId, connectionId, mode, scheduleAt: null });
  await runPublication(db, {
    publicationId: publication.id,
    correlationId: publication.correlation_id,
    lastAttempt: true,
    signal: new AbortController().signal,
  });
  const row = await db.selectFrom("publications").selectAll().where("id", "=", publication.id).executeTakeFirstOrThrow();
  expect(row.last_error).toBeNull();
  expect(row.status).toBe("published");
  return { row, title, image, siteId: user.siteId, connectionId };
}

async function page(url: string) {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return cheerio.load(await response.text());
}

async function stored(url: string, title: string) {
  const answer = (await (await fetch(`${url}/__fake/posts`)).json()) as unknown;
  const all = (Array.isArray(answer) ? answer : Object.values(answer as object).flat()) as unknown[];
  const found = all.find((p) => JSON.stringify(p).includes(title));
  expect(found, "the fake holds the post").toBeDefined();
  return JSON.stringify(found);
}

/** The figure of the article's one image, with what every platform must carry. */
function expectFigure($: cheerio.CheerioAPI, { caption = true } = {}) {
  const figure = $("figure").filter((_, f) => $(f).find("img").length > 0);
  expect(figure.length).toBe(1);
  const img = figure.find("img");
  expect(img.attr("alt")).toBe(ALT);
  expect(img.attr("width")).toBe("1200");
  expect(img.attr("height")).toBe("630");
  if (caption) expect(figure.children("figcaption").text()).toBe(CAPTION);
  return { figure, img };
}

/** srcset candidates as [url, width]; each must load. */
async function candidates(srcset: string | undefined) {
  const list = (srcset ?? "").split(",").map((c) => c.trim().split(/\s+/) as [string, string]);
  for (const [url] of list) expect((await fetch(url)).status, url).toBe(200);
  return list.map(([url, w]) => [url, Number(w.replace(/w$/, ""))] as const);
}

describe("each platform's images, read back from its fake", () => {
  it("WordPress serves the block editor's figure with its media sizes as srcset", async () => {
    const { row } = await publish("wordpress");
    const $ = await page(row.remote_url!);
    const { figure, img } = expectFigure($);
    expect(figure.attr("class")).toBe("wp-block-image size-full");
    expect(img.attr("class")).toMatch(/^wp-image-\d+$/);
    expect(img.attr("style")).toBe("max-width:100%;height:auto");
    const list = await candidates(img.attr("srcset"));
    // medium, medium_large and large (the square thumbnail is not the image's shape), then the original.
    expect(list.map(([, w]) => w)).toEqual([300, 768, 1024, 1200]);
    expect(list[0]![0]).toMatch(/-300x158\.png$/);
    expect(img.attr("sizes")).toBe("(max-width: 1200px) 100vw, 1200px");
  });

  it("WordPress: an Author's post loses srcset to kses and WordPress puts it back from the attachment on the page", async () => {
    await fetch(`${wordpress.url}/__fake/settings`, { method: "POST", body: JSON.stringify({ role: "author" }) });
    try {
      const { row, title } = await publish("wordpress");
      const saved = await stored(wordpress.url, title);
      expect(saved).not.toContain("srcset");
      const { img } = expectFigure(await page(row.remote_url!));
      expect((await candidates(img.attr("srcset"))).map(([, w]) => w)).toEqual([300, 768, 1024, 1200]);
    } finally {
      await fetch(`${wordpress.url}/__fake/settings`, { method: "POST", body: JSON.stringify({ role: "administrator" }) });
    }
  });

  it("Ghost serves its image card with the /size/wNNN/ copies as srcset", async () => {
    const { row } = await publish("ghost");
    const $ = await page(row.remote_url!);
    const { figure, img } = expectFigure($);
    expect(figure.attr("class")).toBe("kg-card kg-image-card kg-card-hascaption");
    expect(img.attr("class")).toBe("kg-image");
    const list = await candidates(img.attr("srcset"));
    expect(list.map(([, w]) => w)).toEqual([600, 1000, 1200]);
    expect(list[0]![0]).toContain("/content/images/size/w600/");
  });

  it("WordPress.com gets the block figure with its CDN's ?w= sizes", async () => {
    const { title } = await publish("wordpress_com");
    const post = JSON.parse(await stored(wpcom.url, title)) as { content: string };
    const { figure, img } = expectFigure(cheerio.load(post.content));
    expect(figure.attr("class")).toBe("wp-block-image size-full");
    expect((await candidates(img.attr("srcset"))).map(([url, w]) => (w < 1200 ? new URL(url).searchParams.get("w") : "original"))).toEqual([
      "300",
      "768",
      "1024",
      "original",
    ]);
  });

  it("Shopify and the webhook get plain figures held to the column, with the image at Inkpilot's public address", async () => {
    const shop = await publish("shopify");
    const article = JSON.parse(await stored(shopify.url, shop.title)) as { body: string };
    const { img } = expectFigure(cheerio.load(article.body));
    expect(img.attr("style")).toBe("max-width:100%;height:auto");
    expect(img.attr("src")).toBe(`${images.url}${shop.image}`);
    expect(img.attr("srcset")).toBeUndefined();

    const hook = await publish("webhook", "draft");
    const delivery = JSON.parse(await stored(receiver.url, hook.title)) as { payload: { data: { html: string } } };
    const sent = expectFigure(cheerio.load(delivery.payload.data.html));
    expect(sent.img.attr("src")).toBe(`${images.url}${hook.image}`);
  });

  it("Wix, Notion and Webflow read the figure into their own image blocks, caption included", async () => {
    const wixPost = JSON.parse(await stored(wix.url, (await publish("wix")).title)) as {
      richContent: { nodes: Array<{ type: string; imageData?: unknown }> };
    };
    expect(wixPost.richContent.nodes.find((n) => n.type === "IMAGE")?.imageData).toMatchObject({
      containerData: { width: { size: "CONTENT" } },
      image: { width: 1200, height: 630 },
      altText: ALT,
      caption: CAPTION,
    });
    const page = JSON.parse(await stored(notion.url, (await publish("notion")).title)) as { body: Array<{ type: string; text: string }> };
    expect(page.body.filter((b) => b.type === "image")).toEqual([expect.objectContaining({ text: CAPTION })]);
    const item = JSON.parse(await stored(webflow.url, (await publish("webflow")).title)) as { fieldData: Record<string, string> };
    // Webflow keeps src and alt on the image and the figure's style: the size travels as the figure's max-width.
    const body = cheerio.load(item.fieldData["post-body"]!);
    const figure = body("figure");
    expect(figure.attr("class")).toBe("w-richtext-figure-type-image w-richtext-align-fullwidth");
    expect(figure.attr("style")).toBe("max-width:1200px");
    expect(figure.find("img").attr("alt")).toBe(ALT);
    expect(figure.children("figcaption").text()).toBe(CAPTION);
  });

  it("the hosted blog serves a plain figure with the image's size read from the image store", async () => {
    const { row } = await publish("hosted");
    const { pathname } = new URL(row.remote_url!, "http://x");
    const [, , blogSlug, articleSlug] = pathname.split("/");
    const result = await callRoute({
      handler: hostedPostLoader,
      request: get(pathname),
      params: { blogSlug: blogSlug!, articleSlug: articleSlug! },
    });
    expect(result.status).toBe(200);
    const $ = cheerio.load(await result.response!.text());
    const { img } = expectFigure($);
    expect(img.attr("style")).toBe("max-width:100%;height:auto");
  });
});
