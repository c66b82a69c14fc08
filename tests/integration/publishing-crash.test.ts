import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { getEnv, resetEnvForTests } from "#app/env.server";
import { webhookSecretForDisplay } from "#app/modules/publishing/webhook-endpoint.server";
import { connectPlatform } from "#app/modules/publishing/connect.server";
import { getConnectionForUse } from "#app/modules/publishing/connections.server";
import { requestPublication } from "#app/modules/publishing/publish.server";
import type { PlatformId } from "#app/modules/publishing/types";
import { saveImage } from "#app/modules/uploads/images.server";
import { newId } from "#app/utils/crypto.server";
import { testDb } from "#tests/setup/db";
import { makeArticle, makeUser } from "#tests/setup/factories";
import { startGhostFake, type GhostFake } from "#tests/fakes/ghost";
import { listen } from "#tests/fakes/http-fake";
import { startNotionFake, type NotionFake } from "#tests/fakes/notion";
import { startShopifyFake, type ShopifyFake } from "#tests/fakes/shopify";
import { startWebflowFake, type WebflowFake } from "#tests/fakes/webflow";
import { startWebhookReceiver } from "#tests/fakes/webhook-receiver";
import { startWixFake, type WixFake } from "#tests/fakes/wix";
import { startWordPressFake, type WordPressFake } from "#tests/fakes/wordpress";
import { startWordPressComFake, type WordPressComFake } from "#tests/fakes/wordpress-com";
import { connectShopify, connectWix, connectWordPressCom } from "#tests/setup/oauth-connections";

/**
 * Done when: "A test kills the worker after the remote create
 * succeeded but before the publication was recorded; after restart exactly one
 * remote post exists, for every adapter."
 *
 * A real worker process (tests/scripts/publish-worker.ts: the job worker's
 * publish lane on this file's SQLite database) publishes one article to every
 * live destination at once. Each fake is armed to "hold": it performs the
 * create, then never answers; the hosted blog, which has no server of its own,
 * is held just after its create returns. Once every create has happened (seen
 * in the fakes' state) and none is recorded, the process gets SIGKILL. A fresh
 * worker process then takes the jobs over when their (1 s) lease expires, finds
 * what the dead one created (by marker or slug; the webhook by resending the
 * same webhook-id, which the receiver dedupes) and updates it. The OAuth
 * platforms (Shopify, Wix, WordPress.com) are connected through their fakes'
 * authorize pages as the callback routes do; Shopify, Wix and Webflow fetch the
 * images from APP_URL, which here is a small server answering with a PNG.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const WORKER = path.join(ROOT, "tests/scripts/publish-worker.ts");
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAFklEQVR42mP8z8BQz0AEYBxVSF+FAP5FDvcfRYWgAAAAAElFTkSuQmCC",
  "base64",
);

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
const children: ChildProcess[] = [];
const savedEnv = { ...process.env };

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
  // Inherited by the worker processes too.
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
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  for (const key of Object.keys(process.env)) if (!(key in savedEnv)) delete process.env[key];
  Object.assign(process.env, savedEnv);
  resetEnvForTests();
  await Promise.all(
    [wordpress, ghost, notion, receiver, shopify, wix, webflow, wpcom, images].map((f) => (f as { close(): Promise<unknown> })?.close()),
  );
});

/** A worker process on this file's database; resolves once it runs. */
async function startWorkerProcess(extraEnv: Record<string, string> = {}) {
  const child = spawn(process.execPath, ["--import", "tsx", WORKER], {
    cwd: ROOT,
    env: {
      ...process.env,
      // The same database and data directory (stored images, dev secrets that decrypt the credentials).
      DATABASE_PATH: getEnv().databasePath,
      DATA_DIR: getEnv().dataDir,
      LOG_LEVEL: "silent",
      CRASH_LEASE_MS: "1000",
      CRASH_POLL_MS: "50",
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await waitFor(
    () => output.includes("ready"),
    "the worker process to start",
    20_000,
    () => output,
  );
  return { child, output: () => output };
}

async function waitFor(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 20_000,
  detail: () => string | Promise<string> = () => "",
) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}. ${await detail()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function exited(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
  });
}

async function control(url: string, path: string, body: unknown) {
  const response = await fetch(`${url}/__fake/${path}`, { method: "POST", body: JSON.stringify(body) });
  expect(response.ok).toBe(true);
}

async function webflowItems() {
  return (await (await fetch(`${webflow.url}/__fake/posts`)).json()) as Array<{ id: string; isDraft: boolean }>;
}

async function notionPages() {
  const pages = (await (await fetch(`${notion.url}/__fake/posts`)).json()) as Array<{ id: string; inTrash: boolean }>;
  return pages.filter((p) => !p.inTrash);
}

/** An article with a table, links and two images in the image store (the first also its featured image). */
async function richArticle(siteId: string) {
  const id = newId();
  const cover = `/${(await saveImage("article", id, PNG)).storedPath}`;
  const chart = `/${(await saveImage("article", id, PNG)).storedPath}`;
  await makeArticle(db, siteId, {
    id,
    title: "Cold brew at home",
    slug: "cold-brew-at-home",
    status: "draft",
    meta_description: "How to make cold brew coffee at home, step by step.",
    target_keyword: "cold brew",
    featured_image: cover,
    content_html:
      `<p>Start with <a href="https://example.com/beans">coarse beans</a>.</p><img src="${cover}" alt="A jar of cold brew">` +
      `<table><thead><tr><th>Beans</th><th>Water</th></tr></thead><tbody><tr><td>100 g</td><td>1 l</td></tr></tbody></table>` +
      `<img src="${chart}" alt="Steeping time chart"><p>See <a href="https://example.com/grinders">grinders</a>.</p>`,
  });
  return id;
}

describe("a worker killed between a remote create and its record", () => {
  it("leaves exactly one remote post on every destination after a restart", { timeout: 60_000 }, async () => {
    const user = await makeUser(db, { signedIn: false });
    const tenant = { siteId: user.siteId, userId: user.userId };
    const connect = async (platform: PlatformId, input: { siteUrl: string; secret: string; options?: Record<string, string> }) =>
      (await connectPlatform(db, tenant, platform, { options: {}, ...input })).connection.id;
    const connections: Record<string, string> = {
      wordpress: await connect("wordpress", { siteUrl: wordpress.url, secret: wordpress.credentials }),
      ghost: await connect("ghost", { siteUrl: ghost.adminUrl, secret: ghost.adminApiKey }),
      notion: await connect("notion", { siteUrl: "", secret: notion.token, options: { database: notion.databaseUrl } }),
      webhook: await connect("webhook", { siteUrl: receiver.endpoint, secret: "" }),
      webflow: await connect("webflow", { siteUrl: webflow.siteUrl, secret: webflow.token }),
      shopify: (await connectShopify(db, tenant, shopify)).id,
      wix: await connectWix(db, tenant),
      wordpress_com: (await connectWordPressCom(db, tenant)).id,
      hosted: (
        await db
          .selectFrom("cms_connections")
          .select("id")
          .where("site_id", "=", user.siteId)
          .where("platform", "=", "hosted")
          .executeTakeFirstOrThrow()
      ).id,
    };
    // As a customer would: the webhook's signing secret, shown once, pasted into the receiver.
    receiver.setSecret(webhookSecretForDisplay((await getConnectionForUse(db, user.siteId, connections.webhook!)).credentials)!);

    const articleId = await richArticle(user.siteId);
    const publications: Record<string, string> = {};
    for (const [platform, connectionId] of Object.entries(connections)) {
      const mode = platform === "hosted" ? "live" : "draft";
      publications[platform] = (await requestPublication(db, tenant, { articleId, connectionId, mode, scheduleAt: null })).id;
    }

    // Every platform performs its create and then keeps the answer.
    wordpress.arm({ status: "hold", path: "/wp/v2/posts", method: "POST" });
    await control(ghost.url, "fail-next", { status: "hold", path: "/posts", method: "POST" });
    await control(notion.url, "fail-next", { mode: "hold", path: "/v1/pages", method: "POST" });
    receiver.failNext({ status: "hold" });
    shopify.arm({ kind: "hold", operation: "articleCreate" });
    wix.fail({ status: "hold", path: "/blog/v3/draft-posts", exact: true, method: "POST" });
    await control(webflow.url, "fail-next", { mode: "hold", path: `/v2/collections/${webflow.collectionId}/items`, method: "POST" });
    wpcom.arm({ status: "hold", path: `/sites/${wpcom.blog.id}/posts/new`, method: "POST" });

    const first = await startWorkerProcess({ CRASH_HOLD_HOSTED: "1" });
    const created = async () =>
      wordpress.posts().length === 1 &&
      ghost.posts().length === 1 &&
      (await notionPages()).length === 1 &&
      receiver.posts().length === 1 &&
      shopify.articles().length === 1 &&
      wix.drafts().length === 1 &&
      (await webflowItems()).length === 1 &&
      wpcom.posts().length === 1 &&
      first.output().includes("created hosted");
    await waitFor(created, "every create to happen", 30_000, async () =>
      JSON.stringify({
        wordpress: wordpress.posts().length,
        ghost: ghost.posts().length,
        webhook: receiver.posts().length,
        shopify: shopify.articles().length,
        wix: wix.drafts().length,
        webflow: (await webflowItems()).length,
        wordpressCom: wpcom.posts().length,
        publications: await db.selectFrom("publications").select(["status", "last_error"]).execute(),
        output: first.output(),
      }),
    );

    // Created remotely, recorded nowhere: the moment of the crash.
    const before = await db
      .selectFrom("publications as p")
      .innerJoin("cms_connections as c", "c.id", "p.connection_id")
      .select(["c.platform", "p.status", "p.remote_id", "p.create_started_at"])
      .execute();
    expect(before).toHaveLength(Object.keys(connections).length);
    for (const row of before) {
      expect(row).toMatchObject({ platform: row.platform, status: "publishing", remote_id: null });
      expect(row.create_started_at).not.toBeNull();
    }
    first.child.kill("SIGKILL");
    await exited(first.child);
    expect(first.child.signalCode).toBe("SIGKILL");

    const second = await startWorkerProcess();
    const allPublished = async () => {
      const rows = await db.selectFrom("publications").select("status").execute();
      return rows.every((r) => r.status === "published");
    };
    await waitFor(allPublished, "every publication to finish after the restart", 30_000, async () =>
      JSON.stringify(await db.selectFrom("publications").select(["status", "last_error"]).execute()),
    );
    second.child.kill("SIGTERM");
    await exited(second.child);

    // Exactly one remote post per destination, and the publication names it.
    const rows = await db
      .selectFrom("publications")
      .select(["id", "status", "remote_id", "create_started_at", "attempts"])
      .where("article_id", "=", articleId)
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    const record = (platform: string) => byId.get(publications[platform]!)!;
    for (const row of rows) {
      expect(row.status).toBe("published");
      expect(row.create_started_at).toBeNull();
      expect(row.attempts).toBe(2);
    }

    const wpPosts = wordpress.posts();
    expect(wpPosts).toHaveLength(1);
    expect(String(wpPosts[0]!.id)).toBe(record("wordpress").remote_id);
    expect(wpPosts[0]!.status).toBe("draft");

    expect(ghost.posts()).toHaveLength(1);
    expect(ghost.posts()[0]!.id).toBe(record("ghost").remote_id);

    const pages = await notionPages();
    expect(pages).toHaveLength(1);
    expect(pages[0]!.id).toBe(record("notion").remote_id);

    // The receiver saw the delivery twice under one webhook-id and kept it once.
    const deliveries = receiver.posts();
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]!.webhookId).toBe(record("webhook").remote_id);
    expect(receiver.requests().filter((r) => r.webhookId === deliveries[0]!.webhookId).length).toBeGreaterThanOrEqual(2);

    const shopifyArticles = shopify.articles();
    expect(shopifyArticles).toHaveLength(1);
    expect(shopifyArticles[0]!.id).toBe(record("shopify").remote_id);

    expect(wix.drafts()).toHaveLength(1);
    expect(wix.drafts()[0]!.id).toBe(record("wix").remote_id);

    const items = await webflowItems();
    expect(items).toHaveLength(1);
    expect(items[0]!.id).toBe(record("webflow").remote_id);
    expect(items[0]!.isDraft).toBe(true);

    const wpcomPosts = wpcom.posts();
    expect(wpcomPosts).toHaveLength(1);
    expect(String(wpcomPosts[0]!.ID)).toBe(record("wordpress_com").remote_id);
    expect(wpcomPosts[0]!.status).toBe("draft");

    // The restarted worker looked before creating, and found what the dead one made.
    const found = await db.selectFrom("diag_logs").select("provider").where("stage", "=", "publish.found-existing").execute();
    expect(found.map((r) => r.provider).sort()).toEqual(["ghost", "notion", "shopify", "webflow", "wix", "wordpress", "wordpress_com"]);

    // The hosted blog's "remote post" is the article itself.
    expect(record("hosted").remote_id).toBe(articleId);
    const article = await db.selectFrom("articles").select("status").where("id", "=", articleId).executeTakeFirstOrThrow();
    expect(article.status).toBe("published");
  });
});
