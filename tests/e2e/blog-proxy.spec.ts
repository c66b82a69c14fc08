import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { openDatabase } from "../../app/db/client.server";
import { createAccount } from "../../app/modules/workspaces/accounts.server";
import { isoNow } from "../../app/utils/time";
import { makeArticle, makePublication } from "../setup/factories";
import { soloAppEnv, spawnSoloApp, stopSoloApp, waitForHealth, type SoloApp } from "./solo-app";
import { PROXY_NGINX_PORT, PROXY_WORKER_PORT, SOLO_APP_PORT } from "./stack";
import { signIn } from "./users";

/**
 * The hosted blog under a path of the customer's own site: an owner saves https://<their site>/blog in Settings →
 * Blog, copies a recipe as the tab shows it, and the spec runs that very text in front of the built app: Debian's
 * nginx with the nginx recipe, and the Cloudflare Worker recipe's module under a small Node adapter standing in
 * for Workers' runtime. "Check my proxy" then finds the blog through it, visitors read it at /blog, and the blog's
 * /b/ address answers 301 there. The Vercel recipe needs Next.js's runtime and is not run here.
 */

const APP_URL = `http://127.0.0.1:${SOLO_APP_PORT}`;
const NGINX_SITE = `http://127.0.0.1:${PROXY_NGINX_PORT}`;
const WORKER_SITE = `http://127.0.0.1:${PROXY_WORKER_PORT}`;
const tmp = path.resolve(`tests/.tmp/blog-proxy-${SOLO_APP_PORT}`);
const databasePath = path.join(tmp, "inkpilot.sqlite");

test.use({ baseURL: APP_URL });

let app: SoloApp | undefined;
let nginx: ChildProcess | undefined;
let worker: http.Server | undefined;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.mkdirSync(tmp, { recursive: true });
  app = spawnSoloApp(
    soloAppEnv(
      "blog-proxy",
      { port: SOLO_APP_PORT, dataDir: tmp },
      // The SSRF guard lets the app's check reach the two local "customer sites" only.
      { TEST_ALLOW_PRIVATE_HOSTS: `127.0.0.1:${PROXY_NGINX_PORT},127.0.0.1:${PROXY_WORKER_PORT}` },
    ),
  );
  await waitForHealth(app, APP_URL);
});

test.afterAll(async () => {
  nginx?.kill("SIGTERM");
  await new Promise<void>((resolve) => (worker ? worker.close(() => resolve()) : resolve()));
  await stopSoloApp(app);
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** An onboarded owner whose hosted blog has one published post. */
async function ownerWithPost(slug: string) {
  const { db } = openDatabase(databasePath);
  const ids = await createAccount(db, {
    email: `blog-proxy-${Date.now().toString(36)}@example.com`,
    passwordHash: null,
    emailVerified: true,
  });
  await db.updateTable("users").set({ onboarding_completed_at: isoNow() }).where("id", "=", ids.userId).execute();
  const articleId = await makeArticle(db, ids.siteId, {
    title: "Cold brew without bitterness",
    slug,
    content_html: "<p>Steep coarse grounds for 16 hours at room temperature, then filter twice.</p>",
    status: "published",
  });
  await makePublication(db, ids.siteId, articleId, { publishedAt: isoNow(), remoteId: articleId });
  const site = await db.selectFrom("sites").select("blog_slug").where("id", "=", ids.siteId).executeTakeFirstOrThrow();
  return { ...ids, db, blogSlug: site.blog_slug! };
}

/** Saves the address on the customer's site and reads back the recipe the tab shows for it. */
async function saveAddress(page: Page, address: string, recipe: "nginx" | "cloudflare") {
  await page.goto("/dashboard/settings?tab=blog");
  const form = page.getByRole("form", { name: "Serve under your site's path" });
  await form.getByLabel("Address on your site").fill(`${address}/Blog/`);
  await form.getByRole("button", { name: "Use this address" }).click();
  await expect(page.getByTestId("toast")).toContainText("Address saved");
  await expect(page.getByTestId("proxy-status")).toHaveText("Waiting for your proxy");
  const details = page.getByTestId(`recipe-${recipe}`);
  await details.locator("summary").click();
  return (await details.locator("pre code").textContent())!;
}

async function checkProxy(page: Page) {
  await page.getByRole("button", { name: "Check my proxy" }).click();
}

/** Debian's nginx serving the customer's site: the recipe inside its server block, their own pages beside it. */
async function startNginx(recipe: string) {
  const conf = path.join(tmp, "nginx.conf");
  const temp = (name: string) => `${name}_temp_path ${path.join(tmp, name)};`;
  fs.writeFileSync(
    conf,
    `user root; worker_processes 1; daemon off; pid ${path.join(tmp, "nginx.pid")}; error_log ${path.join(tmp, "nginx-error.log")};
events { worker_connections 64; }
http {
  access_log off; ${temp("client_body")} ${temp("proxy")} ${temp("fastcgi")} ${temp("uwsgi")} ${temp("scgi")}
  server {
    listen 127.0.0.1:${PROXY_NGINX_PORT};
${recipe}
    location / { return 200 "The customer's own site"; }
  }
}
`,
  );
  nginx = spawn(process.env.NGINX_PATH ?? "/usr/sbin/nginx", ["-c", conf, "-e", path.join(tmp, "nginx-error.log")], { stdio: "inherit" });
  await waitForAnswer(NGINX_SITE);
}

/**
 * The Worker recipe's module, run the way Workers run it: each request to the customer's site becomes a fetch
 * event. Hop-by-hop headers are dropped and bodies come back decoded, as the Workers runtime does.
 */
async function startWorker(recipe: string, token: string) {
  const file = path.join(tmp, "worker.mjs");
  fs.writeFileSync(file, recipe);
  const module = (await import(pathToFileURL(file).href)) as { default: { fetch: (r: Request, env: object) => Promise<Response> } };
  worker = http.createServer(async (req, res) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === "string" && !["connection", "keep-alive", "transfer-encoding"].includes(name)) headers.set(name, value);
    }
    const response = await module.default.fetch(new Request(`${WORKER_SITE}${req.url}`, { headers }), { INKPILOT_PROXY_TOKEN: token });
    const out = Object.fromEntries([...response.headers].filter(([name]) => !["content-encoding", "content-length"].includes(name)));
    res.writeHead(response.status, out).end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => worker!.listen(PROXY_WORKER_PORT, "127.0.0.1", resolve));
}

async function waitForAnswer(url: string) {
  for (let i = 0; i < 50; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer: ${fs.readFileSync(path.join(tmp, "nginx-error.log"), "utf8")}`);
}

/** A visitor on the customer's site: the index at /blog, then the post, each naming the site's own address. */
async function readThrough(page: Page, site: string, slug: string) {
  await page.goto(`${site}/blog`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${site}/blog`);
  await page.getByRole("link", { name: "Cold brew without bitterness" }).first().click();
  await expect(page).toHaveURL(`${site}/blog/${slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cold brew without bitterness");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${site}/blog/${slug}`);
}

test.describe("the blog under the customer's own path", () => {
  test.describe("through nginx (JavaScript off)", () => {
    test.use({ javaScriptEnabled: false });

    test("the nginx recipe as shown serves the blog at /blog; /b/ redirects there; release puts it back", async ({ page }) => {
      test.setTimeout(60_000);
      const owner = await ownerWithPost("cold-brew-nginx");
      try {
        await signIn(page, owner, { db: owner.db, appUrl: APP_URL, to: "/dashboard/settings?tab=blog" });
        const recipe = await saveAddress(page, NGINX_SITE, "nginx");
        expect(recipe).toContain(`proxy_pass ${APP_URL}/b/${owner.blogSlug};`);
        expect(recipe).toContain("proxy_set_header X-Forwarded-Prefix /blog;");

        // Before the proxy is in place the check says what it met, and nothing moves.
        await checkProxy(page);
        await expect(page.getByText("Your proxy did not answer for the blog yet")).toBeVisible();
        await expect(page.getByTestId("proxy-status")).toHaveText("Waiting for your proxy");

        await startNginx(recipe);
        await checkProxy(page);
        await expect(page.getByTestId("toast")).toContainText("Your blog is live on your site");
        await expect(page.getByTestId("proxy-status")).toHaveText("Active");

        await readThrough(page, NGINX_SITE, "cold-brew-nginx");
        const direct = await page.request.get(`/b/${owner.blogSlug}/cold-brew-nginx`, { maxRedirects: 0 });
        expect([direct.status(), direct.headers().location]).toEqual([301, `${NGINX_SITE}/blog/cold-brew-nginx`]);
        // The customer's own pages are theirs.
        expect(await (await page.request.get(`${NGINX_SITE}/about`)).text()).toBe("The customer's own site");

        await page.goto("/dashboard/settings?tab=blog");
        await page.getByRole("link", { name: "Release address" }).click();
        const dialog = page.getByRole("dialog", { name: `Release ${NGINX_SITE}/blog?` });
        await dialog.getByRole("button", { name: "Release address" }).click();
        await expect(page.getByTestId("toast")).toContainText("Address released");
        const back = await page.request.get(`/b/${owner.blogSlug}/cold-brew-nginx`, { maxRedirects: 0 });
        expect(back.status()).toBe(200);
      } finally {
        await owner.db.destroy();
      }
    });
  });

  test("the Cloudflare Worker recipe as shown serves the blog at /blog, on a phone, with an accessible tab", async ({ page }) => {
    test.setTimeout(60_000);
    const owner = await ownerWithPost("cold-brew-worker");
    try {
      await page.setViewportSize({ width: 390, height: 844 });
      await signIn(page, owner, { db: owner.db, appUrl: APP_URL, to: "/dashboard/settings?tab=blog" });
      const recipe = await saveAddress(page, WORKER_SITE, "cloudflare");
      const token = (await page.getByTestId("proxy-token").textContent())!;
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.map((v) => v.id)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      await startWorker(recipe, token);
      await checkProxy(page);
      await expect(page.getByTestId("proxy-status")).toHaveText("Active");
      await readThrough(page, WORKER_SITE, "cold-brew-worker");
    } finally {
      await owner.db.destroy();
    }
  });
});
