import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { resetEnvForTests } from "#app/env.server";
import { authContext, requireAuth } from "#app/modules/auth/guards.server";
import { RATE_LIMIT_MESSAGE } from "#app/modules/auth/rate-limit.server";
import { chooseSite } from "#app/modules/workspaces/sites.server";
import type { BlogTabData } from "#app/routes/dashboard/settings/blog-data.server";
import { action, loader } from "#app/routes/dashboard/settings/route";
import type { FormReply } from "#app/utils/form-reply";
import { testDb } from "#tests/setup/db";
import { addMember, makeUser, type TestUser } from "#tests/setup/factories";
import { callRoute, get, post, redirectTarget } from "#tests/setup/route-harness";
import type { AddressInfo } from "node:net";

/**
 * Settings → Blog, the blog under a path of the customer's own site: an address saved (or refused on its field),
 * the recipes shown filled in with the blog's values, the check through the proxy limited per site, release behind
 * its confirmation; owners and admins only. The proxy itself is a local server that answers nothing useful, as a
 * site whose proxy is not set up yet.
 */

let db: DB;
let site: http.Server;
let siteUrl: string;

beforeAll(async () => {
  db = await testDb();
  site = http.createServer((_req, res) => res.writeHead(404).end("Not found"));
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  const port = (site.address() as AddressInfo).port;
  siteUrl = `http://127.0.0.1:${port}`;
  process.env.TEST_ALLOW_PRIVATE_HOSTS = `127.0.0.1:${port}`;
  resetEnvForTests();
});
afterAll(async () => {
  delete process.env.TEST_ALLOW_PRIVATE_HOSTS;
  resetEnvForTests();
  await new Promise<void>((resolve) => site.close(() => resolve()));
});

const TAB = "/dashboard/settings?tab=blog";
type Page = { blog: BlogTabData | null };
const open = (user: TestUser, path = TAB) =>
  callRoute<Page>({ middleware: [requireAuth], handler: loader, request: get(path, user.cookie) });
const send = (user: TestUser, fields: Record<string, string>) =>
  callRoute<FormReply>({ middleware: [requireAuth], handler: action, request: post(TAB, fields, user.cookie) });

async function editorOf(owner: TestUser) {
  const member = await makeUser(db);
  await addMember(db, member.userId, owner.workspaceId, "editor");
  const session = await callRoute({ middleware: [requireAuth], handler: () => null, request: get("/dashboard", member.cookie) });
  await chooseSite(db, session.context.get(authContext).sessionId, member.userId, owner.siteId);
  return member;
}

describe("Settings → Blog: under your own site's path", () => {
  it("saves the address and shows the recipes with the blog's address, token and prefix; a bad address is refused on its field", async () => {
    const owner = await makeUser(db);
    const bad = await send(owner, { intent: "proxy-connect", publicUrl: "https://theircompany.com/" });
    expect(bad.status).toBe(400);
    expect(bad.data.result?.error?.publicUrl).toEqual(["Enter the path your site will show the blog under, such as /blog."]);
    expect((await open(owner)).data.blog!.proxy).toBeNull();

    const saved = await send(owner, { intent: "proxy-connect", publicUrl: `${siteUrl}/blog` });
    expect(redirectTarget(saved)).toBe(TAB);
    const proxy = (await open(owner)).data.blog!.proxy!;
    expect(proxy).toMatchObject({ publicUrl: `${siteUrl}/blog`, status: "pending", checkedAtText: null });
    expect(proxy.recipes.map((r) => r.id)).toEqual(["nginx", "cloudflare", "vercel"]);
    for (const recipe of proxy.recipes) {
      expect(recipe.text).toContain(proxy.blogUrl);
      expect(recipe.text).toContain(proxy.token);
    }
    expect(proxy.recipes[0]!.text).toContain("proxy_set_header X-Forwarded-Prefix /blog;");
    // Beside an address on the customer's site, no domain can be connected.
    const domain = await send(owner, { intent: "domain-connect", hostname: "blog.theircompany.com" });
    expect(domain.data.result?.error?.hostname).toEqual([`This blog is served at ${siteUrl}/blog. Release that address first.`]);
  });

  it("checks through the proxy at most 10 times in 10 minutes per site, saying what it met", async () => {
    const owner = await makeUser(db);
    await send(owner, { intent: "proxy-connect", publicUrl: `${siteUrl}/notes` });
    const first = await send(owner, { intent: "proxy-check" });
    expect(first.status).toBe(422);
    expect(first.data.notice?.description).toMatch(/answered HTTP 404 without this blog's check/);
    expect((await open(owner)).data.blog!.proxy!.checkedAtText).toMatch(/\d{4}/);
    for (let i = 1; i < 10; i++) await send(owner, { intent: "proxy-check" });
    const over = await send(owner, { intent: "proxy-check" });
    expect([over.status, over.data.notice?.description]).toEqual([429, RATE_LIMIT_MESSAGE]);
  });

  it("releases behind its confirmation; editors can do none of it", async () => {
    const owner = await makeUser(db);
    await send(owner, { intent: "proxy-connect", publicUrl: `${siteUrl}/journal` });
    expect((await open(owner, `${TAB}&release-proxy=1`)).data.blog!.releaseProxy).toBe(true);
    const editor = await editorOf(owner);
    for (const intent of ["proxy-connect", "proxy-check", "proxy-release"])
      expect((await send(editor, { intent, publicUrl: `${siteUrl}/news` })).status).toBe(403);
    expect(redirectTarget(await send(owner, { intent: "proxy-release" }))).toBe(TAB);
    expect(await db.selectFrom("blog_proxies").select("site_id").where("site_id", "=", owner.siteId).execute()).toEqual([]);
  });
});
