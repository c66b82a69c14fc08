import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import { requireAuth } from "#app/modules/auth/guards.server";
import { getBrandSettings } from "#app/modules/settings/brand.server";
import { DEFAULT_CONTENT_SETTINGS, getContentSettings } from "#app/modules/settings/content.server";
import { loader as logoLoader } from "#app/routes/resources/logo";
import { action as settingsAction, loader as settingsLoader } from "#app/routes/dashboard/settings/route";
import type { FormReply } from "#app/utils/form-reply";
import { testDb } from "#tests/setup/db";
import { makeUser } from "#tests/setup/factories";
import { callRoute, get, post, postMultipart, redirectTarget } from "#tests/setup/route-harness";

/**
 * The Brand and Content tabs, called as the server calls them: saves redirect
 * with the product's toasts, bad inputs return 400 with messages and change nothing,
 * and each account only ever touches its own site.
 */

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d4944415478da63f8cfc0f01f0005000201e1e2b3d90000000049454e44ae426082",
  "hex",
);

let db: DB;

beforeAll(async () => {
  db = await testDb();
});

const call = (request: Request) => callRoute<FormReply>({ middleware: [requireAuth], handler: settingsAction, request });

function toastOf(res: { headers: Headers }) {
  const cookie = res.headers.get("Set-Cookie") ?? "";
  const raw = /__toast=([^;]+)/.exec(cookie)?.[1];
  if (!raw) return null;
  const signed = decodeURIComponent(raw);
  return JSON.parse(Buffer.from(signed.slice(0, signed.lastIndexOf(".")), "base64").toString("utf8")) as { title: string };
}

const BRAND = {
  intent: "brand",
  brandName: "  Trailhead Co ",
  industry: "Outdoor gear",
  description: "We sell hiking gear.",
  targetAudience: "Weekend hikers",
  toneOfVoice: "Friendly",
  language: "fr-CA",
  tags: " hiking, , camping ,trail running,",
  internalLinks: "https://trailhead.example/boots\nhttps://trailhead.example/tents, https://trailhead.example/about\n\n",
};

describe("brand tab", () => {
  it("loads the defaults for a new site", async () => {
    const a = await makeUser(db, { email: "brand-defaults@example.com" });
    const res = await callRoute<Awaited<ReturnType<typeof settingsLoader>>>({
      middleware: [requireAuth],
      handler: settingsLoader,
      request: get("/dashboard/settings", a.cookie),
    });
    expect(res.data.tab).toBe("brand");
    expect(res.data.brand).toMatchObject({ brandName: "", language: "en-US", tags: [], internalLinks: [], logoUrl: null });
    expect(res.data.content).toBeNull();
  });

  it("saves every field with lists parsed, and toasts", async () => {
    const a = await makeUser(db, { email: "brand-save@example.com" });
    const res = await call(post("/dashboard/settings?tab=brand", BRAND, a.cookie));
    expect(redirectTarget(res)).toBe("/dashboard/settings?tab=brand");
    expect(toastOf(res)?.title).toBe("Brand settings saved!");
    expect(await getBrandSettings(db, a.siteId)).toMatchObject({
      brandName: "Trailhead Co",
      industry: "Outdoor gear",
      description: "We sell hiking gear.",
      targetAudience: "Weekend hikers",
      toneOfVoice: "Friendly",
      language: "fr-CA",
      tags: ["hiking", "camping", "trail running"],
      internalLinks: ["https://trailhead.example/boots", "https://trailhead.example/tents", "https://trailhead.example/about"],
    });
  });

  it("refuses bad inputs with messages and changes nothing", async () => {
    const a = await makeUser(db, { email: "brand-bad@example.com" });
    await call(post("/dashboard/settings?tab=brand", BRAND, a.cookie));
    const before = await getBrandSettings(db, a.siteId);
    const cases: Array<[Record<string, string>, string, RegExp]> = [
      [{ internalLinks: "https://ok.example, javascript:alert(1)" }, "internalLinks", /javascript:alert\(1\)" is not a web address/],
      [{ internalLinks: "trailhead.example/boots" }, "internalLinks", /not a web address/],
      [{ language: "" }, "language", /choose a language/],
      [{ language: "xx-YY" }, "language", /choose a language/],
      [{ brandName: "x".repeat(101) }, "brandName", /under 100/],
      [{ tags: Array.from({ length: 31 }, (_, i) => `t${i}`).join(",") }, "tags", /at most 30 tags/],
    ];
    for (const [change, field, message] of cases) {
      const res = await call(post("/dashboard/settings?tab=brand", { ...BRAND, brandName: "Changed", ...change }, a.cookie));
      expect(res.status).toBe(400);
      expect(res.data.notice?.title).toBe("Error saving settings");
      expect(res.data.result.error?.[field]?.join(" ")).toMatch(message);
    }
    expect(await getBrandSettings(db, a.siteId)).toEqual(before);
  });

  it("uploads a logo (an image by its bytes, 2 MB at most), serves it, and replaces it", async () => {
    const a = await makeUser(db, { email: "brand-logo@example.com" });
    const form = new FormData();
    form.set("intent", "brand-logo");
    form.set("logo", new File([PNG], "logo.png", { type: "image/png" }));
    const res = await call(await postMultipart("/dashboard/settings?tab=brand", form, a.cookie));
    expect(toastOf(res)?.title).toBe("Logo uploaded successfully!");
    const first = await getBrandSettings(db, a.siteId);
    expect(first.logoUrl).toMatch(/^\/uploads\/logos\/[A-Za-z0-9_-]+\.png$/);
    const served = await callRoute({ handler: logoLoader, request: get(first.logoUrl!), params: { file: path.basename(first.logoUrl!) } });
    expect(served.status).toBe(200);
    expect(served.response?.headers.get("Content-Type")).toBe("image/png");
    expect(served.response?.headers.get("Cache-Control")).toBe("public, max-age=3600");

    const again = await call(await postMultipart("/dashboard/settings?tab=brand", form, a.cookie));
    expect(again.status).toBe(302);
    const second = await getBrandSettings(db, a.siteId);
    expect(second.logoPath).not.toBe(first.logoPath);
    expect(fs.existsSync(path.join(getEnv().dataDir, first.logoPath!))).toBe(false);
    expect(fs.existsSync(path.join(getEnv().dataDir, second.logoPath!))).toBe(true);

    const removed = await call(post("/dashboard/settings?tab=brand", { intent: "brand-logo-remove" }, a.cookie));
    expect(removed.status).toBe(302);
    expect((await getBrandSettings(db, a.siteId)).logoPath).toBeNull();
    expect(fs.existsSync(path.join(getEnv().dataDir, second.logoPath!))).toBe(false);
  });

  it("refuses a non-image, an empty upload and an oversized one with 'Error uploading logo'", async () => {
    const a = await makeUser(db, { email: "brand-logo-bad@example.com" });
    const bad = [
      new File([Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>")], "logo.png", { type: "image/png" }),
      new File([], "empty.png", { type: "image/png" }),
      new File([Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)])], "big.png", { type: "image/png" }),
    ];
    for (const file of bad) {
      const form = new FormData();
      form.set("intent", "brand-logo");
      form.set("logo", file);
      const res = await call(await postMultipart("/dashboard/settings", form, a.cookie));
      expect(res.status).toBe(400);
      expect(res.data).toMatchObject({ intent: "brand-logo", notice: { title: "Error uploading logo" } });
    }
    expect((await getBrandSettings(db, a.siteId)).logoPath).toBeNull();
  });

  it("serves no file outside the logos folder", async () => {
    for (const file of ["../test.sqlite", "..%2Ftest.sqlite", "missing.png", "x.svg"]) {
      const res = await callRoute({ handler: logoLoader, request: get(`/uploads/logos/${file}`), params: { file } });
      expect(res.status).toBe(404);
    }
  });

  it("only ever changes the signed-in account's own site", async () => {
    const a = await makeUser(db, { email: "brand-tenant-a@example.com" });
    const b = await makeUser(db, { email: "brand-tenant-b@example.com" });
    await call(post("/dashboard/settings?tab=brand", BRAND, a.cookie));
    await call(post("/dashboard/settings?tab=brand", { ...BRAND, brandName: "B's brand", siteId: a.siteId }, b.cookie));
    expect((await getBrandSettings(db, a.siteId)).brandName).toBe("Trailhead Co");
    expect((await getBrandSettings(db, b.siteId)).brandName).toBe("B's brand");
  });
});

const CONTENT = {
  intent: "content",
  useBrandInfo: "on",
  articleLength: "long",
  brandMentions: "maximal",
  internalLinksCount: "many",
  externalLinks: "few",
  language: "pt-BR",
  specificInstructions: " Use short paragraphs. ",
  exclusions: "Competitor X",
  imageStyle: "illustration",
  autoGeneration: "on",
  autoGenTime: "18:00",
  autopilotMinScore: "75",
};

describe("content tab", () => {
  it("loads the spec's defaults", async () => {
    const a = await makeUser(db, { email: "content-defaults@example.com" });
    const res = await callRoute<Awaited<ReturnType<typeof settingsLoader>>>({
      middleware: [requireAuth],
      handler: settingsLoader,
      request: get("/dashboard/settings?tab=content", a.cookie),
    });
    expect(res.data.content).toEqual(DEFAULT_CONTENT_SETTINGS);
    expect(DEFAULT_CONTENT_SETTINGS).toMatchObject({
      useBrandInfo: true,
      articleLength: "medium",
      brandMentions: "minimal",
      autoGenTime: "09:00",
      language: "en-US",
    });
  });

  it("saves every field; an unticked switch is off", async () => {
    const a = await makeUser(db, { email: "content-save@example.com" });
    const res = await call(post("/dashboard/settings?tab=content", CONTENT, a.cookie));
    expect(redirectTarget(res)).toBe("/dashboard/settings?tab=content");
    expect(toastOf(res)?.title).toBe("Content settings saved!");
    expect(await getContentSettings(db, a.siteId)).toEqual({
      useBrandInfo: true,
      articleLength: "long",
      brandMentions: "maximal",
      internalLinksCount: "many",
      externalSearch: false,
      externalLinks: "few",
      language: "pt-BR",
      specificInstructions: "Use short paragraphs.",
      exclusions: "Competitor X",
      imageStyle: "illustration",
      autoGeneration: true,
      autoGenTime: "18:00",
      autoPublish: false,
      autopilotMinScore: 75,
      reviewMode: false,
      strictLinks: false,
      aiDisclosure: false,
      showSources: false,
    });
  });

  it("refuses values outside the option lists and changes nothing", async () => {
    const a = await makeUser(db, { email: "content-bad@example.com" });
    const cases: Array<[Record<string, string>, string]> = [
      [{ articleLength: "huge" }, "articleLength"],
      [{ articleLength: "" }, "articleLength"],
      [{ brandMentions: "always" }, "brandMentions"],
      [{ internalLinksCount: "10" }, "internalLinksCount"],
      [{ externalLinks: "" }, "externalLinks"],
      [{ language: "klingon" }, "language"],
      [{ autoGenTime: "07:30" }, "autoGenTime"],
      [{ autoPublish: "yes" }, "autoPublish"],
      [{ specificInstructions: "x".repeat(2001) }, "specificInstructions"],
    ];
    for (const [change, field] of cases) {
      const res = await call(post("/dashboard/settings?tab=content", { ...CONTENT, ...change }, a.cookie));
      expect(res.status).toBe(400);
      expect(res.data.notice?.title).toBe("Error saving content settings");
      expect(res.data.result.error?.[field]?.length, field).toBeGreaterThan(0);
    }
    expect(await getContentSettings(db, a.siteId)).toEqual(DEFAULT_CONTENT_SETTINGS);
  });
});

describe("one action per tab", () => {
  it("answers only the tab's own forms: another tab's intent is refused and changes nothing", async () => {
    const a = await makeUser(db, { email: "tab-intents@example.com" });
    for (const [url, fields] of [
      ["/dashboard/settings?tab=brand", CONTENT],
      ["/dashboard/settings?tab=content", BRAND],
      ["/dashboard/settings", { intent: "profile", firstName: "Not", lastName: "Here" }],
      ["/dashboard/settings?tab=account", BRAND],
    ] as const) {
      const res = await call(post(url, { ...fields }, a.cookie));
      expect(res.status, url).toBe(400);
      expect(res.data.notice, url).toEqual({ title: "Unknown action" });
    }
    expect((await getBrandSettings(db, a.siteId)).brandName).toBe("");
    expect(await getContentSettings(db, a.siteId)).toEqual(DEFAULT_CONTENT_SETTINGS);
    expect((await db.selectFrom("users").select("full_name").where("id", "=", a.userId).executeTakeFirstOrThrow()).full_name).toBe("");
  });

  it("answers a form it cannot read with a notice", async () => {
    const a = await makeUser(db, { email: "tab-unreadable@example.com" });
    const request = new Request("http://localhost:3000/dashboard/settings?tab=brand", {
      method: "POST",
      headers: {
        "Content-Type": "multipart/form-data; boundary=x",
        "Content-Length": "10",
        Cookie: a.cookie,
        Origin: "http://localhost:3000",
      },
      body: "not a form",
    });
    const res = await call(request);
    expect(res.status).toBe(400);
    expect(res.data.notice).toEqual({ title: "The form could not be read. Please try again." });
  });
});
