import fs from "node:fs";
import path from "node:path";
import bcrypt from "bcryptjs";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { passwordHasher } from "#app/modules/auth/password-hasher.server";
import type { DB } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import { requireAuth } from "#app/modules/auth/guards.server";
import { PASSWORD_GUESS_RULES, RATE_LIMIT_MESSAGE, RATE_LIMIT_RULES } from "#app/modules/auth/rate-limit.server";
import { COMMON_PASSWORD_MESSAGE, PASSWORD_TOO_LONG_MESSAGE } from "#app/modules/auth/validation";
import { hashToken, newId } from "#app/utils/crypto.server";
import { isoIn, isoNow } from "#app/utils/time";
import { loader as marketingLoader } from "#app/routes/marketing/layout";
import { loader as dashboardLoader } from "#app/routes/dashboard/layout";
import { loader as articlesLoader } from "#app/routes/dashboard/articles/route";
import { action as accountAction, loader as accountLoader } from "#app/routes/dashboard/settings/account";
import { action as settingsAction, loader as settingsLoader } from "#app/routes/dashboard/settings/route";
import { action as confirmAction, loader as confirmLoader } from "#app/routes/dashboard/confirm-email";
import { action as sidebarAction } from "#app/routes/dashboard/sidebar";
import { loader as avatarLoader } from "#app/routes/resources/avatar";
import { action as revertAction, loader as revertLoader } from "#app/routes/auth/revert-email";
import { testDb } from "#tests/setup/db";
import { makeArticle, makeUser } from "#tests/setup/factories";
import { callRoute, cookies, get, post, postMultipart, redirectTarget, signInAs } from "#tests/setup/route-harness";

/**
 * The account pages, the dashboard shell loaders and the articles list, called
 * as the server calls them. Every bad input must leave the data as it was, and
 * a second account (B) must never see or change the first account's (A) data.
 */

const PASSWORD = "correct horse";
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d4944415478da63f8cfc0f01f0005000201e1e2b3d90000000049454e44ae426082",
  "hex",
);

let db: DB;

const user = (id: string) => db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const sessionCount = (userId: string) =>
  db
    .selectFrom("sessions")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));

const account = (request: Request) => callRoute({ middleware: [requireAuth], handler: accountAction, request });
const avatarForm = (bytes: Uint8Array<ArrayBuffer>, name = "me.png", type = "image/png") => {
  const form = new FormData();
  form.set("intent", "avatar");
  form.set("avatar", new File([bytes], name, { type }));
  return form;
};
const toastOf = (headers: Headers) => headers.get("Set-Cookie") ?? "";

beforeAll(async () => {
  db = await testDb();
});

describe("guards and shell loaders", () => {
  it("sends signed-out visitors of the dashboard and its pages to /signin with the way back", async () => {
    for (const [handler, url] of [
      [dashboardLoader, "/dashboard"],
      [articlesLoader, "/dashboard/articles?status=draft"],
      [accountLoader, "/dashboard/account"],
      [settingsLoader, "/dashboard/settings"],
      [confirmLoader, "/account/confirm-email?token=x"],
    ] as const) {
      const res = await callRoute({ middleware: [requireAuth], handler, request: get(url) });
      expect(redirectTarget(res)).toBe(`/signin?redirectTo=${encodeURIComponent(url)}`);
    }
    const posted = await account(post("/dashboard/account", { intent: "delete-account", confirm: "DELETE" }));
    expect(redirectTarget(posted)).toMatch(/^\/signin\?redirectTo=/);
  });

  it("returns only the signed-in user's summary, plan and sidebar state", async () => {
    const a = await makeUser(db, { email: "shell-a@example.com", password: PASSWORD, fullName: "Ada Lovelace" });
    const b = await makeUser(db, { email: "shell-b@example.com", password: PASSWORD });
    await db.updateTable("workspaces").set({ plan: "pro" }).where("id", "=", b.workspaceId).execute();

    const resA = await callRoute<Awaited<ReturnType<typeof dashboardLoader>>>({
      middleware: [requireAuth],
      handler: dashboardLoader,
      request: get("/dashboard", cookies(a.cookie, "sidebar_state=false")),
    });
    expect(resA.status).toBe(200);
    expect(resA.data.user).toEqual({ name: "Ada Lovelace", email: "shell-a@example.com", avatarUrl: null });
    expect(resA.data.workspace.plan).toBe("trial");
    expect(resA.data.sidebarOpen).toBe(false);

    const resB = await callRoute<Awaited<ReturnType<typeof dashboardLoader>>>({
      middleware: [requireAuth],
      handler: dashboardLoader,
      request: get("/dashboard", b.cookie),
    });
    expect(resB.data.user.email).toBe("shell-b@example.com");
    expect(resB.data.user.name).toBe("shell-b");
    expect(resB.data.workspace.plan).toBe("pro");
    expect(resB.data.sidebarOpen).toBe(true);
    expect(JSON.stringify(resB.data)).not.toContain("shell-a@example.com");
  });

  it("tells the public header whether someone is signed in", async () => {
    const a = await makeUser(db, { email: "header@example.com", password: PASSWORD });
    const out = await marketingLoader({ request: get("/"), context: undefined as never, params: {} } as never);
    const inn = await marketingLoader({ request: get("/", a.cookie), context: undefined as never, params: {} } as never);
    expect(out.visitor).toEqual({ signedIn: false });
    expect(inn.visitor).toEqual({ signedIn: true, plan: "trial" });
    expect(inn.supportEmail).toBe(getEnv().SUPPORT_EMAIL);
  });

  it("stores the sidebar state for 7 days and only redirects within the site", async () => {
    const a = await makeUser(db, { email: "sidebar@example.com", password: PASSWORD });
    const res = await callRoute({
      middleware: [requireAuth],
      handler: sidebarAction,
      request: post("/dashboard/sidebar", { open: "false", redirectTo: "/dashboard/settings?tab=account" }, a.cookie),
    });
    expect(redirectTarget(res)).toBe("/dashboard/settings?tab=account");
    expect(res.headers.get("Set-Cookie")).toContain("sidebar_state=false; Path=/; Max-Age=604800; SameSite=Lax");

    const evil = await callRoute({
      middleware: [requireAuth],
      handler: sidebarAction,
      request: post("/dashboard/sidebar", { open: "true", redirectTo: "//evil.example/x" }, a.cookie),
    });
    expect(redirectTarget(evil)).toBe("/dashboard");
    expect(evil.headers.get("Set-Cookie")).toContain("sidebar_state=true");
  });
});

describe("articles list", () => {
  it("lists only the viewer's site, newest first, filtered by status, with author and date", async () => {
    const a = await makeUser(db, { email: "list-a@example.com", password: PASSWORD });
    const b = await makeUser(db, { email: "list-b@example.com", password: PASSWORD });
    const teammate = await makeUser(db, { email: "list-mate@example.com", password: PASSWORD, fullName: "Grace Hopper" });
    await makeArticle(db, a.siteId, {
      author_id: a.userId,
      title: "A draft",
      target_keyword: "A draft keyword",
      status: "draft",
      created_at: "2025-03-05T10:00:00.000Z",
    });
    await makeArticle(db, a.siteId, {
      author_id: teammate.userId,
      title: "A published",
      target_keyword: "A published keyword",
      status: "published",
      created_at: "2025-09-20T10:00:00.000Z",
    });
    const bArticle = await makeArticle(db, b.siteId, {
      author_id: b.userId,
      title: "B secret",
      target_keyword: "B secret keyword",
      status: "draft",
    });

    type Data = Awaited<ReturnType<typeof articlesLoader>>;
    const all = await callRoute<Data>({ middleware: [requireAuth], handler: articlesLoader, request: get("/dashboard", a.cookie) });
    expect(all.data.articles.map((x) => x.title)).toEqual(["A published", "A draft"]);
    expect(all.data.articles[0]).toMatchObject({ author: "Grace Hopper", createdOn: "20 Sep 2025", status: "published" });
    expect(all.data.articles[1]).toMatchObject({ author: "You", createdOn: "05 Mar 2025", targetKeyword: "A draft keyword" });

    const drafts = await callRoute<Data>({
      middleware: [requireAuth],
      handler: articlesLoader,
      request: get("/dashboard/articles?status=draft", a.cookie),
    });
    expect(drafts.data.status).toBe("draft");
    expect(drafts.data.articles.map((x) => x.title)).toEqual(["A draft"]);

    const bogus = await callRoute<Data>({
      middleware: [requireAuth],
      handler: articlesLoader,
      request: get("/dashboard?status=../../etc", a.cookie),
    });
    expect(bogus.data.status).toBe("all");

    const asB = await callRoute<Data>({ middleware: [requireAuth], handler: articlesLoader, request: get("/dashboard", b.cookie) });
    expect(asB.data.articles.map((x) => x.id)).toEqual([bArticle]);
    expect(JSON.stringify(asB.data)).not.toContain("A draft");
  });

  it("shows an empty list for a new account", async () => {
    const c = await makeUser(db, { email: "list-empty@example.com", password: PASSWORD });
    const res = await callRoute<Awaited<ReturnType<typeof articlesLoader>>>({
      middleware: [requireAuth],
      handler: articlesLoader,
      request: get("/dashboard", c.cookie),
    });
    expect(res.data.articles).toEqual([]);
  });
});

describe("profile", () => {
  it("stores first and last name as full_name and splits it at the first space on load", async () => {
    const a = await makeUser(db, { email: "profile@example.com", password: PASSWORD });
    const res = await account(post("/dashboard/account", { intent: "profile", firstName: " Mary ", lastName: "Ann Evans " }, a.cookie));
    expect(redirectTarget(res)).toBe("/dashboard/account");
    expect(toastOf(res.headers)).toContain("__toast=");
    expect((await user(a.userId)).full_name).toBe("Mary Ann Evans");

    const loaded = await callRoute<Awaited<ReturnType<typeof accountLoader>>>({
      middleware: [requireAuth],
      handler: accountLoader,
      request: get("/dashboard/account", a.cookie),
    });
    expect(loaded.data.account).toMatchObject({ firstName: "Mary", lastName: "Ann Evans", email: "profile@example.com", plan: "trial" });
  });

  it("refuses an over-long name and changes nothing", async () => {
    const a = await makeUser(db, { email: "profile-long@example.com", password: PASSWORD, fullName: "Kept Name" });
    const res = await account(post("/dashboard/account", { intent: "profile", firstName: "x".repeat(101), lastName: "" }, a.cookie));
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({
      intent: "profile",
      result: { error: { firstName: ["Please keep the first name under 100 characters"] } },
    });
    expect((await user(a.userId)).full_name).toBe("Kept Name");
  });

  it("ignores any user id smuggled into the form: B's save never touches A", async () => {
    const a = await makeUser(db, { email: "smuggle-a@example.com", password: PASSWORD, fullName: "Alice A" });
    const b = await makeUser(db, { email: "smuggle-b@example.com", password: PASSWORD });
    await account(
      post("/dashboard/account", { intent: "profile", firstName: "Hacked", lastName: "", userId: a.userId, id: a.userId }, b.cookie),
    );
    expect((await user(a.userId)).full_name).toBe("Alice A");
    expect((await user(b.userId)).full_name).toBe("Hacked");
  });

  it("answers an unknown intent with 400", async () => {
    const a = await makeUser(db, { email: "intent@example.com", password: PASSWORD });
    const res = await account(post("/dashboard/account", { intent: "make-admin" }, a.cookie));
    expect(res.status).toBe(400);
    expect((await user(a.userId)).is_operator).toBe(0);
  });
});

describe("avatar", () => {
  const avatarsDir = () => path.join(getEnv().dataDir, "uploads/avatars");

  it("stores a PNG, serves it with cache headers, and deletes the previous file on replace", async () => {
    const a = await makeUser(db, { email: "avatar@example.com", password: PASSWORD });
    const first = await account(await postMultipart("/dashboard/account", avatarForm(PNG), a.cookie));
    expect(redirectTarget(first)).toBe("/dashboard/account");
    const firstPath = (await user(a.userId)).avatar_path!;
    expect(firstPath).toMatch(new RegExp(`^uploads/avatars/${a.userId}-[A-Za-z0-9_-]+\\.png$`));
    expect(fs.existsSync(path.join(getEnv().dataDir, firstPath))).toBe(true);

    const served = await callRoute({ handler: avatarLoader, request: get(`/${firstPath}`), params: { file: path.basename(firstPath) } });
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(served.headers.get("Cache-Control")).toBe("public, max-age=3600");
    expect(served.headers.get("Content-Security-Policy")).toBe("default-src 'none'");
    expect(Buffer.from(await served.response!.arrayBuffer()).equals(PNG)).toBe(true);

    // Uploads must parse as images (their metadata is stripped): a 1x1 GIF.
    const gif = Buffer.from("47494638396101000100800000000000ffffff2c00000000010001000002024401003b", "hex");
    const second = await account(await postMultipart("/dashboard/account", avatarForm(gif, "x.gif", "image/gif"), a.cookie));
    expect(redirectTarget(second)).toBe("/dashboard/account");
    const secondPath = (await user(a.userId)).avatar_path!;
    expect(secondPath).toMatch(/\.gif$/);
    expect(fs.existsSync(path.join(getEnv().dataDir, firstPath))).toBe(false);
    expect(fs.existsSync(path.join(getEnv().dataDir, secondPath))).toBe(true);
  });

  it("recognises JPEG and WebP by their bytes", async () => {
    const a = await makeUser(db, { email: "avatar-types@example.com", password: PASSWORD });
    // Well-formed containers (SOI, a JFIF header, EOI; a RIFF with one VP8 chunk): uploads must parse.
    const jpeg = Buffer.from("ffd8ffe000104a46494600010100000100010000ffd9", "hex");
    await account(await postMultipart("/dashboard/account", avatarForm(jpeg, "a.bin", "application/octet-stream"), a.cookie));
    expect((await user(a.userId)).avatar_path).toMatch(/\.jpg$/);
    const webp = Buffer.concat([
      Buffer.from("RIFF"),
      Buffer.from([20, 0, 0, 0]),
      Buffer.from("WEBPVP8 "),
      Buffer.from([8, 0, 0, 0]),
      Buffer.alloc(8),
    ]);
    await account(await postMultipart("/dashboard/account", avatarForm(webp, "a.webp", "image/webp"), a.cookie));
    expect((await user(a.userId)).avatar_path).toMatch(/\.webp$/);
  });

  it("refuses non-images, empty files and files over 2 MB, changing nothing", async () => {
    const a = await makeUser(db, { email: "avatar-bad@example.com", password: PASSWORD });
    await account(await postMultipart("/dashboard/account", avatarForm(PNG), a.cookie));
    const before = (await user(a.userId)).avatar_path;
    const filesBefore = fs.readdirSync(avatarsDir()).length;

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const cases = [
      avatarForm(svg, "evil.png", "image/png"),
      avatarForm(Buffer.from("just text"), "notes.jpg", "image/jpeg"),
      avatarForm(new Uint8Array(0)),
      avatarForm(Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)])),
    ];
    for (const form of cases) {
      const res = await account(await postMultipart("/dashboard/account", form, a.cookie));
      expect(res.status).toBe(400);
      expect(res.data).toMatchObject({ intent: "avatar", notice: { title: "Error uploading profile picture" } });
    }
    expect((await user(a.userId)).avatar_path).toBe(before);
    expect(fs.readdirSync(avatarsDir()).length).toBe(filesBefore);
  });

  it("refuses an upload whose declared length is too big without reading it", async () => {
    const a = await makeUser(db, { email: "avatar-len@example.com", password: PASSWORD });
    const request = new Request("http://localhost:3000/dashboard/account", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(5 * 1024 * 1024), Cookie: a.cookie },
      body: "never read",
    });
    const res = await account(request);
    expect(res.status).toBe(400);
    expect(request.bodyUsed).toBe(false);
    expect((await user(a.userId)).avatar_path).toBeNull();
  });

  it("serves nothing outside the avatars folder", async () => {
    fs.mkdirSync(avatarsDir(), { recursive: true });
    for (const file of [
      "../../test.sqlite",
      "..%2F..%2Ftest.sqlite",
      "/etc/passwd",
      "x.svg",
      "a/b.png",
      "nope.png",
      ".png",
      "dev-secrets.json",
    ]) {
      const res = await callRoute({ handler: avatarLoader, request: get("/uploads/avatars/x"), params: { file } });
      expect(res.status, file).toBe(404);
    }
  });

  it("B's upload never replaces or removes A's picture", async () => {
    const a = await makeUser(db, { email: "avatar-ten-a@example.com", password: PASSWORD });
    const b = await makeUser(db, { email: "avatar-ten-b@example.com", password: PASSWORD });
    await account(await postMultipart("/dashboard/account", avatarForm(PNG), a.cookie));
    const aPath = (await user(a.userId)).avatar_path!;
    await account(await postMultipart("/dashboard/account", avatarForm(PNG), b.cookie));
    await account(await postMultipart("/dashboard/account", avatarForm(PNG), b.cookie));
    expect((await user(a.userId)).avatar_path).toBe(aPath);
    expect(fs.existsSync(path.join(getEnv().dataDir, aPath))).toBe(true);
  });
});

describe("change email", () => {
  async function tokenFromOutbox(to: string) {
    const mail = await db
      .selectFrom("mail_outbox")
      .selectAll()
      .where("to_address", "=", to)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    const link = mail.text.match(/https?:\/\/\S+/g)!.find((l) => l.includes("/account/confirm-email?token="))!;
    return { mail, link, token: new URL(link).searchParams.get("token")! };
  }

  it("refuses empty, unchanged, malformed and taken addresses, changing nothing", async () => {
    const a = await makeUser(db, { email: "email-bad@example.com", password: PASSWORD });
    await makeUser(db, { email: "email-taken@example.com", password: PASSWORD });
    const cases: [string, string][] = [
      ["", "Please enter a new email address"],
      ["   ", "Please enter a new email address"],
      ["EMAIL-BAD@example.com", "Please enter a new email address"],
      ["not-an-email", "Please enter a valid email address"],
      ["Email-Taken@example.com", "An account with this email already exists."],
    ];
    for (const [newEmail, message] of cases) {
      const res = await account(post("/dashboard/account", { intent: "change-email", newEmail, currentPassword: PASSWORD }, a.cookie));
      expect(res.status, newEmail).toBe(400);
      expect(res.data).toMatchObject({ intent: "change-email", result: { error: { newEmail: [message] } } });
    }
    expect((await user(a.userId)).email).toBe("email-bad@example.com");
    const tokens = await db.selectFrom("auth_tokens").select("id").where("user_id", "=", a.userId).execute();
    expect(tokens).toEqual([]);
    const mails = await db.selectFrom("mail_outbox").select("id").where("to_address", "like", "%taken%").execute();
    expect(mails).toEqual([]);
  });

  it("mails a single-use, hashed, 60-minute link to the new address and changes the email only on confirm", async () => {
    const a = await makeUser(db, { email: "email-a@example.com", password: PASSWORD });
    const before = Date.now();
    const res = await account(
      post("/dashboard/account", { intent: "change-email", currentPassword: PASSWORD, newEmail: " New-A@Example.com " }, a.cookie),
    );
    expect(redirectTarget(res)).toBe("/dashboard/account");
    expect((await user(a.userId)).email).toBe("email-a@example.com");

    const { mail, link, token } = await tokenFromOutbox("new-a@example.com");
    expect(link.startsWith(`${getEnv().appUrl}/account/confirm-email?token=`)).toBe(true);
    expect(mail.subject).toBe("Confirm your new email address");
    const row = await db.selectFrom("auth_tokens").selectAll().where("user_id", "=", a.userId).executeTakeFirstOrThrow();
    expect(row.kind).toBe("change_email");
    expect(row.token_hash).toBe(hashToken(token));
    expect(row.token_hash).not.toContain(token);
    expect(JSON.parse(row.payload!)).toEqual({ newEmail: "new-a@example.com" });
    const ttl = Date.parse(row.expires_at) - before;
    expect(ttl).toBeGreaterThan(59 * 60_000);
    expect(ttl).toBeLessThanOrEqual(61 * 60_000);

    const shown = await callRoute<Awaited<ReturnType<typeof confirmLoader>>>({
      middleware: [requireAuth],
      handler: confirmLoader,
      request: get(`/account/confirm-email?token=${token}`, a.cookie),
    });
    expect(shown.data).toMatchObject({ state: "ready", newEmail: "new-a@example.com" });
    // Showing the page changes nothing (mail scanners follow links).
    expect((await user(a.userId)).email).toBe("email-a@example.com");

    const done = await callRoute<Awaited<ReturnType<typeof confirmAction>>>({
      middleware: [requireAuth],
      handler: confirmAction,
      request: post("/account/confirm-email", { token }, a.cookie),
    });
    expect(done.data).toEqual({ state: "done", email: "new-a@example.com" });
    expect((await user(a.userId)).email).toBe("new-a@example.com");

    const again = await callRoute<Awaited<ReturnType<typeof confirmAction>>>({
      middleware: [requireAuth],
      handler: confirmAction,
      request: post("/account/confirm-email", { token }, a.cookie),
    });
    expect(again.data).toEqual({ state: "invalid" });
  });

  it("B cannot use A's token: nothing changes for either", async () => {
    const a = await makeUser(db, { email: "email-ten-a@example.com", password: PASSWORD });
    const b = await makeUser(db, { email: "email-ten-b@example.com", password: PASSWORD });
    await account(
      post("/dashboard/account", { intent: "change-email", currentPassword: PASSWORD, newEmail: "a-next@example.com" }, a.cookie),
    );
    const { token } = await tokenFromOutbox("a-next@example.com");

    const shown = await callRoute<Awaited<ReturnType<typeof confirmLoader>>>({
      middleware: [requireAuth],
      handler: confirmLoader,
      request: get(`/account/confirm-email?token=${token}`, b.cookie),
    });
    expect(shown.data.state).toBe("invalid");
    expect(shown.data.newEmail).toBe("");
    const tried = await callRoute<Awaited<ReturnType<typeof confirmAction>>>({
      middleware: [requireAuth],
      handler: confirmAction,
      request: post("/account/confirm-email", { token }, b.cookie),
    });
    expect(tried.data).toEqual({ state: "invalid" });
    expect((await user(a.userId)).email).toBe("email-ten-a@example.com");
    expect((await user(b.userId)).email).toBe("email-ten-b@example.com");

    // A's token is still live for A.
    const ok = await callRoute<Awaited<ReturnType<typeof confirmAction>>>({
      middleware: [requireAuth],
      handler: confirmAction,
      request: post("/account/confirm-email", { token }, a.cookie),
    });
    expect(ok.data).toEqual({ state: "done", email: "a-next@example.com" });
  });

  it("refuses expired, superseded and meanwhile-taken changes", async () => {
    const a = await makeUser(db, { email: "email-exp@example.com", password: PASSWORD });
    await account(
      post("/dashboard/account", { intent: "change-email", currentPassword: PASSWORD, newEmail: "exp-1@example.com" }, a.cookie),
    );
    const first = (await tokenFromOutbox("exp-1@example.com")).token;
    await account(
      post("/dashboard/account", { intent: "change-email", currentPassword: PASSWORD, newEmail: "exp-2@example.com" }, a.cookie),
    );
    const second = (await tokenFromOutbox("exp-2@example.com")).token;

    const confirm = async (token: string) =>
      (
        await callRoute<{ state: string }>({
          middleware: [requireAuth],
          handler: confirmAction,
          request: post("/account/confirm-email", { token }, a.cookie),
        })
      ).data;
    expect(await confirm(first)).toEqual({ state: "invalid" });

    await db
      .updateTable("auth_tokens")
      .set({ expires_at: isoIn(-1000) })
      .where("token_hash", "=", hashToken(second))
      .execute();
    expect(await confirm(second)).toEqual({ state: "invalid" });

    await account(
      post("/dashboard/account", { intent: "change-email", currentPassword: PASSWORD, newEmail: "exp-3@example.com" }, a.cookie),
    );
    const third = (await tokenFromOutbox("exp-3@example.com")).token;
    await makeUser(db, { email: "exp-3@example.com", password: PASSWORD });
    expect(await confirm(third)).toEqual({ state: "taken" });
    expect((await user(a.userId)).email).toBe("email-exp@example.com");
    expect(await confirm("")).toEqual({ state: "invalid" });
  });
});

describe("email change under attack", () => {
  const changeEmail = (cookie: string, fields: Record<string, string>) =>
    account(post("/dashboard/account", { intent: "change-email", ...fields }, cookie));
  const confirm = (cookie: string, token: string) =>
    callRoute<{ state: string }>({
      middleware: [requireAuth],
      handler: confirmAction,
      request: post("/account/confirm-email", { token }, cookie),
    });
  const mailsTo = (to: string) => db.selectFrom("mail_outbox").selectAll().where("to_address", "=", to).orderBy("id").execute();
  const linkIn = (text: string, path: string) => new URL(text.match(/https?:\/\/\S+/g)!.find((l) => l.includes(path))!);

  it("requires the current password, changing nothing and mailing nobody without it", async () => {
    const a = await makeUser(db, { email: "ec-pw@example.com", password: PASSWORD });
    for (const [fields, message] of [
      [{ newEmail: "ec-pw-new@example.com" }, "Please enter your current password"],
      [{ newEmail: "ec-pw-new@example.com", currentPassword: "wrong-one" }, "Current password is incorrect"],
    ] as const) {
      const res = await changeEmail(a.cookie, fields);
      expect(res.status).toBe(400);
      expect(res.data).toMatchObject({ intent: "change-email", result: { error: { currentPassword: [message] } } });
    }
    expect(await mailsTo("ec-pw-new@example.com")).toEqual([]);
    expect(await db.selectFrom("auth_tokens").select("id").where("user_id", "=", a.userId).execute()).toEqual([]);
  });

  it("limits guesses at the current password and the number of change mails", async () => {
    const a = await makeUser(db, { email: "ec-guess@example.com", password: PASSWORD });
    const statuses = [];
    for (let i = 0; i < PASSWORD_GUESS_RULES.pair.points + 1; i++)
      statuses.push((await changeEmail(a.cookie, { newEmail: "ec-guess-new@example.com", currentPassword: `guess-${i}` })).status);
    expect(statuses.at(-1)).toBe(429);

    const b = await makeUser(db, { email: "ec-flood@example.com", password: PASSWORD });
    const sent = [];
    for (let i = 0; i < 8; i++)
      sent.push((await changeEmail(b.cookie, { newEmail: `ec-flood-${i}@example.com`, currentPassword: PASSWORD })).status);
    expect(sent.filter((status) => status === 302)).toHaveLength(RATE_LIMIT_RULES["change-email"].email.points);
    expect(sent.at(-1)).toBe(429);
  });

  it("lets an account without a password (Google) change its address; the revert link protects it", async () => {
    const g = await makeUser(db, { email: "ec-google@example.com", password: null });
    const res = await changeEmail(g.cookie, { newEmail: "ec-google-new@example.com" });
    expect(redirectTarget(res)).toBe("/dashboard/account");
  });

  it("on confirm: ends the other sessions and mails the old address a 7-day revert link; the link restores it and ends every session", async () => {
    const a = await makeUser(db, { email: "ec-owner@example.com", password: PASSWORD });
    const otherDevice = await signInAs(db, a.userId);
    await changeEmail(a.cookie, { newEmail: "ec-thief@example.com", currentPassword: PASSWORD });
    const confirmToken = linkIn((await mailsTo("ec-thief@example.com")).at(-1)!.text, "/account/confirm-email").searchParams.get("token")!;
    expect((await confirm(a.cookie, confirmToken)).data).toEqual({ state: "done", email: "ec-thief@example.com" });
    expect((await user(a.userId)).email).toBe("ec-thief@example.com");

    // The other session ended; this one stays.
    expect(await sessionCount(a.userId)).toBe(1);
    expect(
      redirectTarget(
        await callRoute({ middleware: [requireAuth], handler: accountLoader, request: get("/dashboard/account", otherDevice) }),
      ),
    ).toMatch(/^\/signin/);

    // The old address hears about it, with a revert link carrying its secret in `token`.
    const [notice] = await mailsTo("ec-owner@example.com");
    expect(notice?.tag).toBe("email-changed");
    expect(notice?.subject).toBe("Your Inkpilot email address was changed");
    expect(notice?.text).toContain("ec-thief@example.com");
    const revertUrl = linkIn(notice!.text, "/account/revert-email");
    expect(revertUrl.origin + revertUrl.pathname).toBe(`${getEnv().appUrl}/account/revert-email`);
    const revertToken = revertUrl.searchParams.get("token")!;
    const row = await db.selectFrom("auth_tokens").selectAll().where("token_hash", "=", hashToken(revertToken)).executeTakeFirstOrThrow();
    expect(row.kind).toBe("revert_email");
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(7 * 24 * 60 * 60 * 1000);

    // Someone links a Google account to the new address meanwhile; the revert removes it.
    await db
      .insertInto("oauth_accounts")
      .values({
        id: newId(),
        provider: "google",
        subject: "thief-sub",
        user_id: a.userId,
        email: "ec-thief@example.com",
        created_at: isoNow(),
      })
      .execute();

    // GET only shows (mail scanners open links); POST reverts, without a session.
    const shown = await callRoute<{ state: string; oldEmail: string }>({
      handler: revertLoader,
      request: get(`/account/revert-email?token=${revertToken}`),
    });
    expect(shown.data).toMatchObject({ state: "ready", oldEmail: "ec-owner@example.com" });
    expect((await user(a.userId)).email).toBe("ec-thief@example.com");
    const reverted = await callRoute<{ state: string; email: string }>({
      handler: revertAction,
      request: post("/account/revert-email", { token: revertToken }),
    });
    expect(reverted.data).toMatchObject({ state: "done", email: "ec-owner@example.com" });
    const after = await user(a.userId);
    expect(after.email).toBe("ec-owner@example.com");
    expect(after.email_verified_at).not.toBeNull();
    expect(await sessionCount(a.userId)).toBe(0);
    expect(await db.selectFrom("oauth_accounts").select("id").where("subject", "=", "thief-sub").executeTakeFirst()).toBeUndefined();

    // Single use.
    const again = await callRoute<{ state: string }>({
      handler: revertAction,
      request: post("/account/revert-email", { token: revertToken }),
    });
    expect(again.data).toMatchObject({ state: "invalid" });
  });
});

describe("change password", () => {
  it("checks the current password and every rule, changing nothing on a bad input", async () => {
    const a = await makeUser(db, { email: "pw-bad@example.com", password: PASSWORD });
    const hashBefore = (await user(a.userId)).password_hash;
    const cases: [Record<string, string>, string, string][] = [
      [
        { currentPassword: "", newPassword: "newpass1", confirmPassword: "newpass1" },
        "currentPassword",
        "Please enter your current password",
      ],
      [
        { currentPassword: "wrong", newPassword: "newpass1", confirmPassword: "newpass1" },
        "currentPassword",
        "Current password is incorrect",
      ],
      [{ currentPassword: PASSWORD, newPassword: "", confirmPassword: "" }, "newPassword", "Please enter a new password"],
      [
        { currentPassword: PASSWORD, newPassword: "12345", confirmPassword: "12345" },
        "newPassword",
        "Password must be at least 6 characters long",
      ],
      [
        { currentPassword: PASSWORD, newPassword: "newpass1", confirmPassword: "newpass2" },
        "confirmPassword",
        "Please make sure both passwords are identical",
      ],
    ];
    for (const [fields, field, message] of cases) {
      const res = await account(post("/dashboard/account", { intent: "change-password", ...fields }, a.cookie));
      expect(res.status, message).toBe(400);
      expect(res.data).toMatchObject({ intent: "change-password", result: { error: { [field]: [message] } } });
    }
    expect((await user(a.userId)).password_hash).toBe(hashBefore);
  });

  it("never sends the typed passwords back", async () => {
    const a = await makeUser(db, { email: "pw-echo@example.com", password: PASSWORD });
    const res = await account(
      post(
        "/dashboard/account",
        { intent: "change-password", currentPassword: "wrong", newPassword: "newpass1", confirmPassword: "newpass1" },
        a.cookie,
      ),
    );
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.data)).not.toMatch(/wrong|newpass1/);
  });

  it("refuses a new password over 72 bytes or on the common-password list", async () => {
    const a = await makeUser(db, { email: "pw-rules@example.com", password: PASSWORD });
    const hashBefore = (await user(a.userId)).password_hash;
    const long = "日本語のパスワード".repeat(3); // 27 characters, 81 bytes
    for (const [newPassword, message] of [
      [long, PASSWORD_TOO_LONG_MESSAGE],
      ["Football", COMMON_PASSWORD_MESSAGE],
    ] as const) {
      const res = await account(
        post(
          "/dashboard/account",
          { intent: "change-password", currentPassword: PASSWORD, newPassword, confirmPassword: newPassword },
          a.cookie,
        ),
      );
      expect(res.status, newPassword).toBe(400);
      expect(res.data).toMatchObject({ intent: "change-password", result: { error: { newPassword: [message] } } });
    }
    expect((await user(a.userId)).password_hash).toBe(hashBefore);
  });

  it("updates the password, keeps this session and ends every other one", async () => {
    const a = await makeUser(db, { email: "pw-ok@example.com", password: PASSWORD });
    const otherDevice = await signInAs(db, a.userId);
    const b = await makeUser(db, { email: "pw-other@example.com", password: PASSWORD });
    expect(await sessionCount(a.userId)).toBe(2);

    const res = await account(
      post(
        "/dashboard/settings?tab=account",
        { intent: "change-password", currentPassword: PASSWORD, newPassword: "brand-new", confirmPassword: "brand-new" },
        a.cookie,
      ),
    );
    expect(redirectTarget(res)).toBe("/dashboard/settings?tab=account");
    expect(await bcrypt.compare("brand-new", (await user(a.userId)).password_hash!)).toBe(true);
    expect(await sessionCount(a.userId)).toBe(1);
    expect(await sessionCount(b.userId)).toBe(1);

    const still = await callRoute({ middleware: [requireAuth], handler: accountLoader, request: get("/dashboard/account", a.cookie) });
    expect(still.status).toBe(200);
    const gone = await callRoute({ middleware: [requireAuth], handler: accountLoader, request: get("/dashboard/account", otherDevice) });
    expect(redirectTarget(gone)).toMatch(/^\/signin/);
  });

  it("counts current-password guesses before bcrypt: a parallel burst reaches it at most the limit", async () => {
    const a = await makeUser(db, { email: "pw-burst@example.com", password: PASSWORD });
    const compare = vi.spyOn(passwordHasher, "compare");
    try {
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          account(
            post(
              "/dashboard/account",
              { intent: "change-password", currentPassword: `guess-${i}`, newPassword: "brand-new", confirmPassword: "brand-new" },
              a.cookie,
            ),
          ),
        ),
      );
      expect(compare.mock.calls.length).toBeLessThanOrEqual(PASSWORD_GUESS_RULES.pair.points);
      const limited = results.filter((r) => r.status === 429);
      expect(limited.length).toBeGreaterThanOrEqual(20 - PASSWORD_GUESS_RULES.pair.points);
      expect(limited[0]!.data).toMatchObject({ intent: "change-password", result: { error: { currentPassword: [RATE_LIMIT_MESSAGE] } } });
    } finally {
      compare.mockRestore();
    }
  });

  it("lets a Google-only account set a first password without a current one", async () => {
    const g = await makeUser(db, { email: "google-only@example.com", password: null });
    const res = await account(
      post("/dashboard/account", { intent: "change-password", newPassword: "first-pass", confirmPassword: "first-pass" }, g.cookie),
    );
    expect(redirectTarget(res)).toBe("/dashboard/account");
    expect(await bcrypt.compare("first-pass", (await user(g.userId)).password_hash!)).toBe(true);
  });
});

describe("sign out everywhere", () => {
  it("ends all of the user's sessions (and nobody else's) and goes to /signin", async () => {
    const a = await makeUser(db, { email: "everywhere@example.com", password: PASSWORD });
    await signInAs(db, a.userId);
    const b = await makeUser(db, { email: "everywhere-b@example.com", password: PASSWORD });
    const res = await account(post("/dashboard/account", { intent: "sign-out-everywhere" }, a.cookie));
    expect(redirectTarget(res)).toBe("/signin");
    expect(res.headers.get("Set-Cookie")).toMatch(/__session=;.*Max-Age=0/i);
    expect(await sessionCount(a.userId)).toBe(0);
    expect(await sessionCount(b.userId)).toBe(1);
  });
});

describe("delete account", () => {
  it("requires typing DELETE and changes nothing otherwise", async () => {
    const a = await makeUser(db, { email: "del-bad@example.com", password: PASSWORD });
    for (const confirm of ["", "delete", "DELET", "yes"]) {
      const res = await account(post("/dashboard/account", { intent: "delete-account", confirm }, a.cookie));
      expect(res.status).toBe(400);
      expect(res.data).toMatchObject({ intent: "delete-account", result: { error: { confirm: ["Please type DELETE to confirm"] } } });
    }
    expect((await user(a.userId)).email).toBe("del-bad@example.com");
    expect(await sessionCount(a.userId)).toBe(1);
  });

  it("deletes the user, their sole-owned workspace with its data, and their avatar; B is untouched", async () => {
    const a = await makeUser(db, { email: "del-a@example.com", password: PASSWORD });
    const b = await makeUser(db, { email: "del-b@example.com", password: PASSWORD });
    await makeArticle(db, a.siteId, { author_id: a.userId, title: "A's article", target_keyword: "A's article keyword", status: "draft" });
    const bArticle = await makeArticle(db, b.siteId, {
      author_id: b.userId,
      title: "B's article",
      target_keyword: "B's article keyword",
      status: "draft",
    });
    await account(await postMultipart("/dashboard/account", avatarForm(PNG), a.cookie));
    const avatarFile = path.join(getEnv().dataDir, (await user(a.userId)).avatar_path!);
    expect(fs.existsSync(avatarFile)).toBe(true);

    const res = await settingsActionCall(
      post("/dashboard/settings?tab=account", { intent: "delete-account", confirm: "DELETE" }, a.cookie),
    );
    expect(redirectTarget(res)).toBe("/");
    const setCookie = res.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toMatch(/__session=;/);
    expect(setCookie).toContain("__toast=");

    expect(await db.selectFrom("users").select("id").where("id", "=", a.userId).executeTakeFirst()).toBeUndefined();
    expect(await db.selectFrom("workspaces").select("id").where("id", "=", a.workspaceId).executeTakeFirst()).toBeUndefined();
    expect(await db.selectFrom("sites").select("id").where("id", "=", a.siteId).executeTakeFirst()).toBeUndefined();
    expect(await db.selectFrom("articles").select("id").where("site_id", "=", a.siteId).execute()).toEqual([]);
    expect(await sessionCount(a.userId)).toBe(0);
    expect(fs.existsSync(avatarFile)).toBe(false);

    expect((await user(b.userId)).email).toBe("del-b@example.com");
    expect(await db.selectFrom("articles").select("id").where("id", "=", bArticle).executeTakeFirst()).toBeDefined();

    // The old cookie no longer opens anything.
    const after = await callRoute({ middleware: [requireAuth], handler: dashboardLoader, request: get("/dashboard", a.cookie) });
    expect(redirectTarget(after)).toMatch(/^\/signin/);
  });

  it("keeps a workspace that has another owner", async () => {
    const a = await makeUser(db, { email: "del-shared-a@example.com", password: PASSWORD });
    const b = await makeUser(db, { email: "del-shared-b@example.com", password: PASSWORD });
    await db
      .insertInto("memberships")
      .values({ workspace_id: a.workspaceId, user_id: b.userId, role: "owner", created_at: isoNow() })
      .execute();
    await account(post("/dashboard/account", { intent: "delete-account", confirm: "DELETE" }, a.cookie));
    expect(await db.selectFrom("workspaces").select("id").where("id", "=", a.workspaceId).executeTakeFirst()).toBeDefined();
  });
});

describe("settings", () => {
  it("shows the Brand tab by default and for unknown tabs, the Account tab when asked", async () => {
    const a = await makeUser(db, { email: "settings@example.com", password: PASSWORD, fullName: "Set Tings" });
    for (const [url, tab] of [
      ["/dashboard/settings", "brand"],
      ["/dashboard/settings?tab=nonsense", "brand"],
      ["/dashboard/settings?tab=account", "account"],
    ]) {
      const res = await callRoute<Awaited<ReturnType<typeof settingsLoader>>>({
        middleware: [requireAuth],
        handler: settingsLoader,
        request: get(url!, a.cookie),
      });
      expect(res.data.tab).toBe(tab);
      expect(res.data.account.firstName).toBe("Set");
    }
  });

  it("runs the same account actions and redirects back to the tab", async () => {
    const a = await makeUser(db, { email: "settings-save@example.com", password: PASSWORD });
    const res = await settingsActionCall(
      post("/dashboard/settings?tab=account", { intent: "profile", firstName: "Tab", lastName: "User" }, a.cookie),
    );
    expect(redirectTarget(res)).toBe("/dashboard/settings?tab=account");
    expect((await user(a.userId)).full_name).toBe("Tab User");
  });
});

function settingsActionCall(request: Request) {
  return callRoute({ middleware: [requireAuth], handler: settingsAction, request });
}

describe("expired sessions", () => {
  it("do not open the dashboard", async () => {
    const a = await makeUser(db, { email: "expired@example.com", password: PASSWORD });
    await db
      .updateTable("sessions")
      .set({ expires_at: isoIn(-1000) })
      .where("user_id", "=", a.userId)
      .execute();
    const res = await callRoute({ middleware: [requireAuth], handler: dashboardLoader, request: get("/dashboard", a.cookie) });
    expect(redirectTarget(res)).toMatch(/^\/signin/);
  });
});
