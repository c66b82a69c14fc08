import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { openDatabase } from "../../app/db/client.server";
import { createAccount } from "../../app/modules/workspaces/accounts.server";
import { isoNow } from "../../app/utils/time";
import { startFakeDns } from "../fakes/dns";
import { startFakeFlyCertificates } from "../fakes/fly-certificates";
import { makeArticle, makePublication } from "../setup/factories";
import { soloAppEnv, spawnSoloApp, stopSoloApp, waitForHealth, type SoloApp } from "./solo-app";
import { SOLO_APP_PORT } from "./stack";
import { signIn } from "./users";

/**
 * Settings → Blog: an owner connects the hosted blog's own domain, reads the records to add, checks them against
 * DNS (a local DNS fake the app's resolver is pointed at), and follows the certificate from Fly (a fake that issues
 * once the name resolves to the app) to Active, then releases the domain behind its confirmation; with and without
 * JavaScript. The shared stack has no Fly or DNS, so this spec starts its own app wired to both fakes.
 */

const APP_PORT = SOLO_APP_PORT;
const APP_URL = `http://127.0.0.1:${APP_PORT}`;
const HOST = "blog.example-customer.com";
const FLY_TOKEN = "x";

const dataDir = path.resolve(`tests/.tmp/blog-domain-${APP_PORT}`);
const databasePath = path.join(dataDir, "inkpilot.sqlite");

test.use({
  baseURL: APP_URL,
  // The customers' names resolve to this app in the browser, as their DNS would send them to ours.
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--host-resolver-rules=MAP *.example-customer.com 127.0.0.1",
    ],
  },
});

let dns: Awaited<ReturnType<typeof startFakeDns>>;
let fly: Awaited<ReturnType<typeof startFakeFlyCertificates>>;
let app: SoloApp | undefined;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  dns = await startFakeDns();
  fly = await startFakeFlyCertificates({ dnsServer: dns.server, token: FLY_TOKEN, app: "inkpilot-test" });
  const flyPort = new URL(fly.url).port;
  app = spawnSoloApp(
    soloAppEnv(
      "blog-domain",
      { port: APP_PORT, dataDir },
      {
        DNS_SERVERS: dns.server,
        FLY_API_URL: `http://127.0.0.1:${flyPort}`,
        FLY_API_TOKEN: FLY_TOKEN,
        FLY_APP_NAME: "inkpilot-test",
        // The SSRF guard lets the app reach the local Fly fake only.
        TEST_ALLOW_PRIVATE_HOSTS: `127.0.0.1:${flyPort}`,
      },
    ),
  );
  await waitForHealth(app, APP_URL);
});

test.afterAll(async () => {
  await stopSoloApp(app);
  await fly?.close();
  await dns?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A verified, onboarded owner in this app's own database. */
async function createOwner() {
  const { db } = openDatabase(databasePath);
  const email = `blog-domain-${Date.now().toString(36)}@example.com`;
  const ids = await createAccount(db, { email, passwordHash: null, emailVerified: true });
  await db.updateTable("users").set({ onboarding_completed_at: isoNow() }).where("id", "=", ids.userId).execute();
  // A retried run starts clean: the hostname is unique across blogs.
  await db.deleteFrom("blog_domains").where("hostname", "=", HOST).execute();
  return { ...ids, db };
}

async function expectAccessible(page: Page, javaScriptEnabled: boolean) {
  // axe runs inside the page, so only with JavaScript on.
  if (!javaScriptEnabled) return;
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

const fitsTheWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const toast = (page: Page) => page.getByTestId("toast");
const records = (page: Page) => page.getByRole("region", { name: "DNS records table" }).getByTestId("domain-record");
const status = (page: Page) => page.getByTestId("domain-status");

async function checkRecords(page: Page) {
  await page.getByRole("button", { name: "Check records" }).click();
}

async function connect(page: Page) {
  const form = page.getByRole("form", { name: "Connect a domain" });
  await form.getByLabel("Domain").fill("localhost");
  await form.getByRole("button", { name: "Connect domain" }).click();
  await expect(form.getByText("Enter a domain name such as blog.yourcompany.com.")).toBeVisible();
  await expect(form.getByLabel("Domain")).toHaveAttribute("aria-invalid", "true");
  await form.getByLabel("Domain").fill(HOST);
  await form.getByRole("button", { name: "Connect domain" }).click();
  await expect(toast(page)).toContainText("Domain connected");
  await expect(status(page)).toHaveText("Waiting for DNS records");
}

/** The records as shown: type, name and value of each row. */
async function shownRecords(page: Page) {
  const text = (row: ReturnType<typeof records>, cell: number, inCode = true) => {
    const td = row.getByRole("cell").nth(cell);
    return (inCode ? td.locator("code") : td).innerText();
  };
  return Promise.all(
    (await records(page).all()).map(async (row) => ({
      type: (await text(row, 0, false)).trim(),
      name: (await text(row, 1)).trim(),
      value: (await text(row, 2)).trim(),
    })),
  );
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the blog's own domain (JavaScript ${javaScriptEnabled ? "on" : "off"})`, () => {
    test.use({ javaScriptEnabled });

    test("connect, read the records, check them until the certificate is active, release", async ({ page }) => {
      test.setTimeout(60_000);
      dns.clear();
      await page.setViewportSize({ width: 1280, height: 800 });
      const owner = await createOwner();
      try {
        await signIn(page, owner, { db: owner.db, appUrl: APP_URL, to: "/dashboard/settings" });
        await page.getByRole("navigation", { name: "Settings sections" }).getByRole("link", { name: "Blog" }).click();
        await expect(page).toHaveURL(/\?tab=blog$/);
        await expectAccessible(page, javaScriptEnabled);
        await connect(page);

        const shown = await shownRecords(page);
        expect(shown.map((r) => `${r.type} ${r.name}`)).toEqual([`TXT _inkpilot.${HOST}`, `CNAME ${HOST}`]);
        expect(shown[0]!.value).toMatch(/^inkpilot-verification=\S+$/);
        expect(shown[1]!.value).toBe("inkpilot-test.fly.dev");
        await expect(records(page).getByText("Not checked yet")).toHaveCount(2);
        await expect(page.getByRole("button", { name: "Copy the TXT record's value" })).toHaveCount(javaScriptEnabled ? 1 : 0);
        await expect(page.getByTestId("domain-checked-at")).toHaveText("Not checked yet.");
        await expectAccessible(page, javaScriptEnabled);

        // Nothing in DNS yet: each record says what to add.
        await checkRecords(page);
        await expect(toast(page)).toContainText("Records not in place yet");
        await expect(records(page).nth(0)).toContainText(`No TXT record at _inkpilot.${HOST} yet.`);
        await expect(records(page).nth(1)).toContainText(`No CNAME record for ${HOST} yet. Add one pointing at inkpilot-test.fly.dev.`);
        await expect(page.getByTestId("domain-checked-at")).toHaveText(/^Last checked \d{2} \w{3} \d{4} \d{2}:\d{2}\.$/);
        await expect(status(page)).toHaveText("Waiting for DNS records");

        // The customer adds the records shown; the next check finds them and the certificate is requested.
        dns.set(shown[0]!.name, "TXT", [shown[0]!.value]);
        dns.set(HOST, "CNAME", [shown[1]!.value]);
        await checkRecords(page);
        await expect(status(page)).toHaveText("Issuing certificate");
        for (const row of [0, 1]) await expect(records(page).nth(row).getByRole("cell").nth(3)).toHaveText("✓ Found");

        await checkRecords(page);
        await expect(status(page)).toHaveText("Active");
        await expect(page.getByRole("link", { name: `https://${HOST}/` })).toHaveAttribute("href", `https://${HOST}/`);
        await expectAccessible(page, javaScriptEnabled);
        await page.setViewportSize({ width: 390, height: 844 });
        await expectAccessible(page, javaScriptEnabled);
        expect(await fitsTheWidth(page)).toBe(true);

        // Release, behind its confirmation (a dialog in the URL); Cancel first keeps the domain.
        await page.getByRole("link", { name: "Release domain" }).click();
        let dialog = page.getByRole("dialog", { name: `Release ${HOST}?` });
        await expect(dialog).toBeVisible();
        await expect(page).toHaveURL(/\?tab=blog&release=1$/);
        await expectAccessible(page, javaScriptEnabled);
        await dialog.getByRole("link", { name: "Cancel" }).click();
        await expect(dialog).toHaveCount(0);
        await expect(status(page)).toHaveText("Active");
        await page.getByRole("link", { name: "Release domain" }).click();
        dialog = page.getByRole("dialog", { name: `Release ${HOST}?` });
        await dialog.getByRole("button", { name: "Release domain" }).click();
        await expect(toast(page)).toContainText("Domain released");
        await expect(page).toHaveURL(/\?tab=blog$/);
        await expect(page.getByRole("form", { name: "Connect a domain" })).toBeVisible();
        expect(fly.certificates.has(HOST)).toBe(false);
        expect(await owner.db.selectFrom("blog_domains").select("hostname").where("site_id", "=", owner.siteId).execute()).toEqual([]);
      } catch (error) {
        console.error(app?.log.join(""));
        throw error;
      } finally {
        await owner.db.destroy();
      }
    });
  });
}

/** A GET with the Host header a browser on the customer's domain sends (Node's fetch will not set Host). */
function getAs(host: string, pathname: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const request = http.get(`${APP_URL}${pathname}`, { headers: { Host: host } }, (res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => (body += chunk.toString()));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    request.on("error", reject);
  });
}

test.describe("the blog at its own domain", () => {
  const DOMAIN = "journal.example-customer.com";

  test("serves posts at the domain's root with canonical URLs there; the /b/ address redirects; other names get a plain 404", async ({
    page,
    browser,
  }) => {
    test.setTimeout(60_000);
    const owner = await createOwner();
    try {
      // The domain as the checks leave it once Fly issued the certificate (the journey above shows the checks).
      await owner.db.deleteFrom("blog_domains").where("hostname", "=", DOMAIN).execute();
      await owner.db
        .insertInto("blog_domains")
        .values({
          site_id: owner.siteId,
          hostname: DOMAIN,
          ownership_token: "t",
          status: "active",
          created_by: owner.userId,
          created_at: isoNow(),
          updated_at: isoNow(),
        })
        .execute();
      const articleId = await makeArticle(owner.db, owner.siteId, {
        title: "Cold brew without bitterness",
        slug: "cold-brew-without-bitterness",
        content_html: "<p>Steep coarse grounds for 16 hours at room temperature, then filter twice.</p>",
        status: "published",
      });
      await makePublication(owner.db, owner.siteId, articleId, { publishedAt: isoNow(), remoteId: articleId });
      const { blog_slug: blogSlug } = await owner.db
        .selectFrom("sites")
        .select("blog_slug")
        .where("id", "=", owner.siteId)
        .executeTakeFirstOrThrow();

      const home = await getAs(DOMAIN, "/");
      expect(home.status).toBe(200);
      expect(home.body).toContain("Cold brew without bitterness");
      expect(home.body).toContain(`<link rel="canonical" href="https://${DOMAIN}/"/>`);
      expect(home.headers["set-cookie"]).toBeUndefined();
      const post = await getAs(DOMAIN, "/cold-brew-without-bitterness");
      expect(post.body).toContain(`<link rel="canonical" href="https://${DOMAIN}/cold-brew-without-bitterness"/>`);
      expect((await getAs(DOMAIN, "/sitemap.xml")).body).toContain(`<loc>https://${DOMAIN}/cold-brew-without-bitterness</loc>`);
      expect((await getAs(DOMAIN, "/robots.txt")).body).toContain(`Sitemap: https://${DOMAIN}/sitemap.xml`);
      // The dashboard is not on a customer's domain: it is the blog's 404 page there.
      const dashboard = await getAs(DOMAIN, "/dashboard");
      expect(dashboard.status).toBe(404);
      expect(dashboard.body).toContain("Page not found");
      expect(dashboard.body).not.toContain("Sign in");

      const old = await page.request.get(`/b/${blogSlug}/cold-brew-without-bitterness?ref=feed`, { maxRedirects: 0 });
      expect(old.status()).toBe(301);
      expect(old.headers().location).toBe(`https://${DOMAIN}/cold-brew-without-bitterness?ref=feed`);
      const stranger = await getAs("someone-elses-name.example", "/");
      expect([stranger.status, stranger.body]).toEqual([404, "Not found"]);

      // A real browser on the customer's name (resolved to this app), following the index to the post.
      const onDomain = await browser.newContext({ baseURL: `http://${DOMAIN}:${APP_PORT}`, viewport: { width: 390, height: 844 } });
      const tab = await onDomain.newPage();
      await tab.goto("/");
      await tab.getByRole("link", { name: "Cold brew without bitterness" }).click();
      await expect(tab).toHaveURL(`http://${DOMAIN}:${APP_PORT}/cold-brew-without-bitterness`);
      await expect(tab.getByRole("heading", { level: 1 })).toHaveText("Cold brew without bitterness");
      expect(await onDomain.cookies()).toEqual([]);
      await onDomain.close();
    } catch (error) {
      console.error(app?.log.join(""));
      throw error;
    } finally {
      await owner.db.destroy();
    }
  });
});
