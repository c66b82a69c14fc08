import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { DB } from "#app/db/client.server";
import { resetEnvForTests } from "#app/env.server";
import { authContext, requireAuth } from "#app/modules/auth/guards.server";
import { RATE_LIMIT_MESSAGE } from "#app/modules/auth/rate-limit.server";
import { CERTIFICATE_FAILED } from "#app/modules/hosted-blog/custom-domain.server";
import { chooseSite } from "#app/modules/workspaces/sites.server";
import type { BlogTabData } from "#app/routes/dashboard/settings/blog-data.server";
import { action, loader } from "#app/routes/dashboard/settings/route";
import type { FormReply } from "#app/utils/form-reply";
import { logger } from "#app/utils/logger.server";
import { startFakeDns } from "#tests/fakes/dns";
import { startFakeFlyCertificates } from "#tests/fakes/fly-certificates";
import { testDb } from "#tests/setup/db";
import { addMember, makeUser, type TestUser } from "#tests/setup/factories";
import { callRoute, get, post, redirectTarget } from "#tests/setup/route-harness";

/**
 * Settings → Blog: a hosted blog's own domain connected, its records checked live against a DNS fake (the
 * certificate through a Fly fake) with a per-site limit, released behind its confirmation; owners and admins only.
 */

let db: DB;
let dns: Awaited<ReturnType<typeof startFakeDns>>;
let fly: Awaited<ReturnType<typeof startFakeFlyCertificates>>;
const ENV = ["FLY_API_URL", "FLY_API_TOKEN", "FLY_APP_NAME", "DNS_SERVERS", "TEST_ALLOW_PRIVATE_HOSTS"];

beforeAll(async () => {
  db = await testDb();
  dns = await startFakeDns();
  fly = await startFakeFlyCertificates({ dnsServer: dns.server });
  Object.assign(process.env, {
    FLY_API_URL: fly.url,
    FLY_API_TOKEN: fly.token,
    FLY_APP_NAME: fly.app,
    DNS_SERVERS: dns.server,
    // The SSRF guard lets the app reach the local Fly fake only.
    TEST_ALLOW_PRIVATE_HOSTS: `127.0.0.1:${new URL(fly.url).port}`,
  });
  resetEnvForTests();
});
afterAll(async () => {
  for (const name of ENV) delete process.env[name];
  resetEnvForTests();
  await fly.close();
  await dns.close();
});
beforeEach(() => dns.clear());

const TAB = "/dashboard/settings?tab=blog";
type Page = { tab: string; tabs: Array<{ id: string }>; blog: BlogTabData | null };

const open = (user: TestUser, path = TAB) =>
  callRoute<Page>({ middleware: [requireAuth], handler: loader, request: get(path, user.cookie) });
const send = (user: TestUser, fields: Record<string, string>) =>
  callRoute<FormReply>({ middleware: [requireAuth], handler: action, request: post(TAB, fields, user.cookie) });
const connect = (user: TestUser, hostname: string) => send(user, { intent: "domain-connect", hostname });
const check = (user: TestUser) => send(user, { intent: "domain-check" });
const domainOf = async (user: TestUser) => (await open(user)).data.blog!.domain;
const toastOf = (res: { headers: Headers }) => {
  const raw = /__toast=([^;]+)/.exec(res.headers.get("Set-Cookie") ?? "")?.[1];
  return raw
    ? (JSON.parse(Buffer.from(decodeURIComponent(raw).split(".")[0]!, "base64").toString("utf8")) as Record<string, string>)
    : null;
};
const domainRow = (siteId: string) => db.selectFrom("blog_domains").selectAll().where("site_id", "=", siteId).executeTakeFirst();

/** A member with this role working on the owner's site. */
async function memberOf(owner: TestUser, role: "admin" | "editor") {
  const member = await makeUser(db);
  await addMember(db, member.userId, owner.workspaceId, role);
  const session = await callRoute({ middleware: [requireAuth], handler: () => null, request: get("/dashboard", member.cookie) });
  await chooseSite(db, session.context.get(authContext).sessionId, member.userId, owner.siteId);
  return member;
}

describe("Settings → Blog", () => {
  it("connects a domain: the records to add are shown, not checked yet; a bad or taken name is refused on the field", async () => {
    const owner = await makeUser(db);
    const page = await open(owner);
    expect(page.data.tabs.map((t) => t.id)).toContain("blog");
    expect(page.data.blog).toMatchObject({ domain: null, release: false, blogUrl: expect.stringMatching(/\/b\/[\w-]+\/$/) });

    for (const [typed, message] of [
      ["", "Enter your blog's domain"],
      ["localhost", "Enter a domain name such as blog.yourcompany.com."],
      ["203.0.113.9", "Enter a domain name, not an IP address."],
    ]) {
      const refused = await connect(owner, typed!);
      expect(refused.status).toBe(400);
      expect(refused.data.result.error).toEqual({ hostname: [message] });
    }
    expect(await domainRow(owner.siteId)).toBeUndefined();

    const res = await connect(owner, "https://Blog.Northwind-Coffee.com/journal");
    expect(redirectTarget(res)).toBe(TAB);
    expect(toastOf(res)).toMatchObject({ title: "Domain connected" });
    const domain = (await domainOf(owner))!;
    expect(domain).toMatchObject({ hostname: "blog.northwind-coffee.com", status: "pending_dns", canIssue: true, checkedAtText: null });
    expect(domain.records.map((r) => [r.type, r.name, r.ok])).toEqual([
      ["TXT", "_inkpilot.blog.northwind-coffee.com", null],
      ["CNAME", "blog.northwind-coffee.com", null],
    ]);
    expect(domain.records[1]!.value).toBe("inkpilot-test.fly.dev");

    const other = await makeUser(db);
    const taken = await connect(other, "blog.northwind-coffee.com");
    expect(taken.status).toBe(400);
    expect(taken.data.result.error).toEqual({ hostname: ["That domain is already connected to a blog."] });
    const audit = await db.selectFrom("audit_log").select(["action", "target"]).where("workspace_id", "=", owner.workspaceId).execute();
    expect(audit).toContainEqual({ action: "blog_domain.connect", target: "blog.northwind-coffee.com" });
  });

  it("checks the records live: wrong ones say what to change; right ones request the certificate, then it is active", async () => {
    const owner = await makeUser(db, { site: { timezone: "Europe/Berlin" } });
    await connect(owner, "blog.kilnandclay.com");
    const [txt, cname] = (await domainOf(owner))!.records;

    dns.set(txt!.name, "TXT", ["inkpilot-verification=someone-elses"]);
    dns.set("blog.kilnandclay.com", "CNAME", ["hosting.example.net"]);
    let res = await check(owner);
    expect(redirectTarget(res)).toBe(TAB);
    expect(toastOf(res)).toMatchObject({ title: "Records not in place yet", description: expect.stringContaining("2 of 2 records") });
    let domain = (await domainOf(owner))!;
    expect(domain.status).toBe("pending_dns");
    expect(domain.records.map((r) => r.message)).toEqual([
      `The TXT record at ${txt!.name} holds another token (inkpilot-verification=someone-elses). Replace it with the value shown.`,
      "blog.kilnandclay.com points at hosting.example.net, not inkpilot-test.fly.dev. Change the CNAME record's target.",
    ]);
    expect(fly.certificates.has("blog.kilnandclay.com")).toBe(false);

    dns.set(txt!.name, "TXT", [txt!.value]);
    dns.set("blog.kilnandclay.com", "CNAME", [cname!.value]);
    res = await check(owner);
    expect(toastOf(res)).toMatchObject({ title: "Records found", description: expect.stringContaining("certificate is being issued") });
    domain = (await domainOf(owner))!;
    expect(domain).toMatchObject({ status: "issuing" });
    expect(domain.records.every((r) => r.ok)).toBe(true);

    res = await check(owner);
    expect(toastOf(res)).toEqual({
      type: "success",
      title: "Your blog is live on its domain",
      description: "https://blog.kilnandclay.com/",
    });
    expect(await domainOf(owner)).toMatchObject({ status: "active" });

    // The time of the last check is shown in the site's zone.
    await db.updateTable("blog_domains").set({ checked_at: "2031-01-10T07:00:00.000Z" }).where("site_id", "=", owner.siteId).execute();
    expect((await domainOf(owner))!.checkedAtText).toBe("10 Jan 2031 08:00");
  });

  it("a failure of the certificate service keeps the findings and says so, logged with the request's id", async () => {
    const owner = await makeUser(db);
    await connect(owner, "news.example-roastery.com");
    const [txt, cname] = (await domainOf(owner))!.records;
    dns.set(txt!.name, "TXT", [txt!.value]);
    dns.set("news.example-roastery.com", "CNAME", [cname!.value]);
    fly.failures.push(500);
    const warn = vi.spyOn(logger, "warn");
    try {
      const res = await check(owner);
      expect(res.status).toBe(502);
      expect(res.data.notice).toEqual({ title: "Check incomplete", description: CERTIFICATE_FAILED });
      expect(warn).toHaveBeenCalledWith(expect.objectContaining({ correlationId: "test-request" }), "the certificate service failed");
    } finally {
      warn.mockRestore();
    }
    expect((await domainOf(owner))!.records.every((r) => r.ok)).toBe(true);
  });

  it("limits checks to 10 per site in 10 minutes: over it, the rate-limit message and no lookup", async () => {
    const owner = await makeUser(db);
    await connect(owner, "blog.example-bakery.com");
    for (let i = 0; i < 10; i += 1) expect((await check(owner)).status).toBe(302);
    const before = (await domainRow(owner.siteId))!.checked_at;
    await db.updateTable("blog_domains").set({ checked_at: null }).where("site_id", "=", owner.siteId).execute();
    const res = await check(owner);
    expect(res.status).toBe(429);
    expect(res.data).toMatchObject({ intent: "domain-check", notice: { title: "Records not checked", description: RATE_LIMIT_MESSAGE } });
    expect(before).not.toBeNull();
    expect((await domainRow(owner.siteId))!.checked_at).toBeNull();
  });

  it("releases the domain from its confirmation: removed at Fly, freed for any blog, audited", async () => {
    const owner = await makeUser(db);
    await connect(owner, "blog.example-pottery.com");
    const [txt, cname] = (await domainOf(owner))!.records;
    dns.set(txt!.name, "TXT", [txt!.value]);
    dns.set("blog.example-pottery.com", "CNAME", [cname!.value]);
    await check(owner);
    expect(fly.certificates.has("blog.example-pottery.com")).toBe(true);

    expect((await open(owner, `${TAB}&release=1`)).data.blog!.release).toBe(true);
    const res = await send(owner, { intent: "domain-release" });
    expect(redirectTarget(res)).toBe(TAB);
    expect(toastOf(res)).toMatchObject({ title: "Domain released", description: expect.stringContaining("blog.example-pottery.com") });
    expect(await domainRow(owner.siteId)).toBeUndefined();
    expect(fly.certificates.has("blog.example-pottery.com")).toBe(false);
    expect((await open(owner, `${TAB}&release=1`)).data.blog).toMatchObject({ domain: null, release: false });
    const audit = await db.selectFrom("audit_log").select("action").where("workspace_id", "=", owner.workspaceId).execute();
    expect(audit.map((a) => a.action)).toContain("blog_domain.release");

    // Nothing left to release or check.
    expect((await send(owner, { intent: "domain-release" })).status).toBe(404);
    expect(redirectTarget(await connect(await makeUser(db), "blog.example-pottery.com"))).toBe(TAB);
  });

  it("a site without a hosted blog says so and connects nothing", async () => {
    const owner = await makeUser(db);
    await db
      .updateTable("cms_connections")
      .set({ status: "disconnected" })
      .where("site_id", "=", owner.siteId)
      .where("platform", "=", "hosted")
      .execute();
    expect((await open(owner)).data.blog).toMatchObject({ blogUrl: null, domain: null });
    const res = await connect(owner, "blog.example-florist.com");
    expect(res.status).toBe(409);
    expect(res.data.notice?.description).toBe("This site's hosted blog is off. Turn it on first.");
    expect(await domainRow(owner.siteId)).toBeUndefined();
  });

  it("admins manage the domain; editors neither see the tab nor reach its actions", async () => {
    const owner = await makeUser(db);
    const admin = await memberOf(owner, "admin");
    expect(redirectTarget(await connect(admin, "blog.example-admin.com"))).toBe(TAB);

    const editor = await memberOf(owner, "editor");
    expect((await open(editor, "/dashboard/settings")).data.tabs.map((t) => t.id)).not.toContain("blog");
    const refused = await open(editor);
    expect(refused.status).toBe(403);
    expect(await refused.response!.text()).toBe(
      "Only owners and admins can manage the blog's domain and look. Ask an admin or the owner of this workspace.",
    );
    for (const fields of [
      { intent: "domain-connect", hostname: "blog.example-editor.com" } as Record<string, string>,
      { intent: "domain-check" },
      { intent: "domain-release" },
    ]) {
      const res = await send(editor, fields);
      expect(res.status).toBe(403);
    }
    expect(await domainRow(owner.siteId)).toMatchObject({ hostname: "blog.example-admin.com", checked_at: null });
  });
});
