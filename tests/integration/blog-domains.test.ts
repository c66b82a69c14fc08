import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { resetEnvForTests } from "#app/env.server";
import {
  blogDomainOf,
  CERTIFICATE_FAILED,
  checkBlogDomain,
  connectBlogDomain,
  releaseBlogDomain,
} from "#app/modules/hosted-blog/custom-domain.server";
import { startFakeDns } from "#tests/fakes/dns";
import { startFakeFlyCertificates } from "#tests/fakes/fly-certificates";
import { testDb } from "#tests/setup/db";
import { makeArticle, makePublication, makeUser } from "#tests/setup/factories";
import { isoNow } from "#app/utils/time";
import { wireAreaHooks } from "#app/worker/hooks.server";

/** A hosted blog on the customer's own domain: records checked by live DNS lookups, the certificate through Fly's API. */

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

async function owner() {
  const user = await makeUser(db);
  return { user, tenant: { workspaceId: user.workspaceId, siteId: user.siteId }, actor: { userId: user.userId, ip: "203.0.113.5" } };
}

describe("a blog's own domain", () => {
  it("shows the records, checks each live, requests the certificate once they are in place, and is active once issued", async () => {
    const { tenant, actor } = await owner();
    expect(await connectBlogDomain(db, tenant, "https://Blog.Northwind-Coffee.com/", actor)).toEqual({ ok: true });
    let view = (await blogDomainOf(db, tenant.siteId))!;
    expect(view).toMatchObject({ hostname: "blog.northwind-coffee.com", apex: false, status: "pending_dns", canIssue: true });
    const [txt, cname] = view.records;
    expect(cname).toMatchObject({ type: "CNAME", value: `${fly.app}.fly.dev`, ok: null });

    // Nothing added yet: each record says what to do, and Fly is not asked.
    expect(await checkBlogDomain(db, tenant.siteId, "c1")).toEqual({ ok: true });
    view = (await blogDomainOf(db, tenant.siteId))!;
    expect(view.records.map((r) => r.ok)).toEqual([false, false]);
    expect(view.records[0]!.message).toMatch(/^No TXT record at _inkpilot\.blog\.northwind-coffee\.com yet/);
    expect(fly.certificates.size).toBe(0);

    // Both records in place: the certificate is requested and, as the domain points at the app, issued on the next check.
    dns.set(txt!.name, "TXT", [txt!.value]);
    dns.set("blog.northwind-coffee.com", "CNAME", [`${fly.app}.fly.dev`]);
    await checkBlogDomain(db, tenant.siteId, "c2");
    view = (await blogDomainOf(db, tenant.siteId))!;
    expect(view.records.every((r) => r.ok)).toBe(true);
    expect(view).toMatchObject({ status: "issuing", certificateStatus: "pending_validation" });
    await checkBlogDomain(db, tenant.siteId, "c3");
    expect(await blogDomainOf(db, tenant.siteId)).toMatchObject({ status: "active", certificateStatus: "active" });
    expect(fly.requests.filter((r) => r.method === "POST" && r.path.endsWith("/acme"))).toHaveLength(1);
  });

  it("once active, the blog's posts move to the domain and are announced there; released, they move back", async () => {
    const { tenant, actor } = await owner();
    wireAreaHooks();
    process.env.INDEXNOW_URL = "http://127.0.0.1:9/indexnow";
    resetEnvForTests();
    try {
      const site = await db.selectFrom("sites").select("blog_slug").where("id", "=", tenant.siteId).executeTakeFirstOrThrow();
      const articleId = await makeArticle(db, tenant.siteId, { title: "Cold brew", slug: "cold-brew" });
      const here = `http://localhost:3000/b/${site.blog_slug}/cold-brew`;
      await makePublication(db, tenant.siteId, articleId, {
        mode: "live",
        status: "published",
        publishedAt: isoNow(),
        remoteId: articleId,
      });
      await db.updateTable("publications").set({ remote_url: here }).where("article_id", "=", articleId).execute();
      const remoteUrl = async () =>
        (await db.selectFrom("publications").select("remote_url").where("article_id", "=", articleId).executeTakeFirstOrThrow()).remote_url;

      await connectBlogDomain(db, tenant, "journal.coldbrew-notes.com", actor);
      const view = (await blogDomainOf(db, tenant.siteId))!;
      dns.set(view.records[0]!.name, "TXT", [view.records[0]!.value]);
      dns.set("journal.coldbrew-notes.com", "CNAME", [`${fly.app}.fly.dev`]);
      await checkBlogDomain(db, tenant.siteId, "m1");
      expect(await remoteUrl()).toBe(here);
      await checkBlogDomain(db, tenant.siteId, "m2");
      expect(await remoteUrl()).toBe("https://journal.coldbrew-notes.com/cold-brew");
      const queued = await db.selectFrom("indexnow_submissions").select(["url", "change"]).where("site_id", "=", tenant.siteId).execute();
      expect(queued).toEqual([{ url: "https://journal.coldbrew-notes.com/cold-brew", change: "moved" }]);

      expect(await releaseBlogDomain(db, tenant, actor, "m3")).toEqual({ ok: true });
      expect(await remoteUrl()).toBe(here);
    } finally {
      delete process.env.INDEXNOW_URL;
      resetEnvForTests();
    }
  });

  it("a failure of DNS itself changes nothing and says so", async () => {
    const { tenant, actor } = await owner();
    await connectBlogDomain(db, tenant, "dns.kilnworks.com", actor);
    process.env.DNS_SERVERS = "127.0.0.1:1";
    resetEnvForTests();
    try {
      expect(await checkBlogDomain(db, tenant.siteId, "d1")).toEqual({
        ok: false,
        message: "DNS did not answer for this domain just now. Nothing changed; check again in a few minutes.",
      });
      expect(await blogDomainOf(db, tenant.siteId)).toMatchObject({ status: "pending_dns", checkedAt: null });
    } finally {
      process.env.DNS_SERVERS = dns.server;
      resetEnvForTests();
    }
  });

  it("an apex domain is routed by A and AAAA records", async () => {
    const { tenant, actor } = await owner();
    process.env.CUSTOM_DOMAIN_IPV4 = "203.0.113.10";
    process.env.CUSTOM_DOMAIN_IPV6 = "2001:db8::10";
    resetEnvForTests();
    try {
      await connectBlogDomain(db, tenant, "kilnandclay.com", actor);
      const view = (await blogDomainOf(db, tenant.siteId))!;
      expect(view.records.map((r) => `${r.type} ${r.value}`)).toEqual([
        expect.stringMatching(/^TXT inkpilot-verification=/),
        "A 203.0.113.10",
        "AAAA 2001:db8::10",
        `CNAME ${fly.app}.fly.dev`,
      ]);
      expect(view.records.map((r) => r.purpose)).toEqual(["ownership", "routing", "routing", "www"]);
      expect(view.companion).toBe("www.kilnandclay.com");
      dns.set("kilnandclay.com", "A", ["198.51.100.7"]);
      await checkBlogDomain(db, tenant.siteId, "c4");
      expect((await blogDomainOf(db, tenant.siteId))!.records[1]!.message).toBe(
        "kilnandclay.com has the A record 198.51.100.7, not 203.0.113.10. Replace it.",
      );
      // Everything in place, www too: the blog's name and its www name each get a certificate, www as a courtesy.
      const records = (await blogDomainOf(db, tenant.siteId))!.records;
      dns.set(records[0]!.name, "TXT", [records[0]!.value]);
      dns.set("kilnandclay.com", "A", ["203.0.113.10"]);
      dns.set("kilnandclay.com", "AAAA", ["2001:db8::10"]);
      expect(fly.certificates.has("www.kilnandclay.com")).toBe(false);
      dns.set("www.kilnandclay.com", "CNAME", [`${fly.app}.fly.dev`]);
      await checkBlogDomain(db, tenant.siteId, "c4b");
      expect((await blogDomainOf(db, tenant.siteId))!.records.every((r) => r.ok)).toBe(true);
      expect(fly.certificates.has("kilnandclay.com")).toBe(true);
      expect(fly.certificates.has("www.kilnandclay.com")).toBe(true);
      await releaseBlogDomain(db, tenant, actor, "c4c");
      expect(fly.certificates.has("www.kilnandclay.com")).toBe(false);
    } finally {
      delete process.env.CUSTOM_DOMAIN_IPV4;
      delete process.env.CUSTOM_DOMAIN_IPV6;
      resetEnvForTests();
    }
  });

  it("one domain per blog, each hostname once across workspaces; bad names change nothing", async () => {
    const first = await owner();
    const second = await owner();
    expect(await connectBlogDomain(db, first.tenant, "journal.example.org", first.actor)).toEqual({ ok: true });
    expect(await connectBlogDomain(db, second.tenant, "JOURNAL.example.org", second.actor)).toEqual({
      ok: false,
      message: "That domain is already connected to a blog.",
    });
    expect(await connectBlogDomain(db, first.tenant, "other.example.org", first.actor)).toEqual({
      ok: false,
      message: "This blog already has a domain. Release it first.",
    });
    expect((await connectBlogDomain(db, second.tenant, "localhost", second.actor)).ok).toBe(false);
    expect(await blogDomainOf(db, second.tenant.siteId)).toBeNull();
  });

  it("a certificate service failure keeps the records' findings and says so; releasing frees the hostname and removes it at Fly", async () => {
    const { tenant, actor } = await owner();
    await connectBlogDomain(db, tenant, "news.example.net", actor);
    const view = (await blogDomainOf(db, tenant.siteId))!;
    dns.set(view.records[0]!.name, "TXT", [view.records[0]!.value]);
    dns.set("news.example.net", "CNAME", [`${fly.app}.fly.dev`]);
    fly.failures.push(503);
    expect(await checkBlogDomain(db, tenant.siteId, "c5")).toEqual({ ok: false, message: CERTIFICATE_FAILED });
    fly.failures.push(500);
    expect(await releaseBlogDomain(db, tenant, actor, "c5b")).toEqual({
      ok: false,
      message: "The certificate service did not answer, so the domain is still connected. Try again in a few minutes.",
    });
    expect(await blogDomainOf(db, tenant.siteId)).toMatchObject({ status: "pending_dns" });
    expect((await blogDomainOf(db, tenant.siteId))!.records.every((r) => r.ok)).toBe(true);
    await checkBlogDomain(db, tenant.siteId, "c6");
    expect(fly.certificates.has("news.example.net")).toBe(true);

    expect(await releaseBlogDomain(db, tenant, actor, "c7")).toEqual({ ok: true });
    expect(fly.certificates.has("news.example.net")).toBe(false);
    expect(await blogDomainOf(db, tenant.siteId)).toBeNull();
    const audit = await db.selectFrom("audit_log").select("action").where("target", "=", "news.example.net").execute();
    expect(audit.map((a) => a.action)).toEqual(["blog_domain.connect", "blog_domain.release"]);
    const other = await owner();
    expect(await connectBlogDomain(db, other.tenant, "news.example.net", other.actor)).toEqual({ ok: true });
  });
});
