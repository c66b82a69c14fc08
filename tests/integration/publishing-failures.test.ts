import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { resetEnvForTests } from "#app/env.server";
import { jobRegistry } from "#app/worker/registry.server";
import { startWorker } from "#app/modules/jobs/runner.server";
import { connectPlatform, disconnectConnection } from "#app/modules/publishing/connect.server";
import { getConnectionForUse } from "#app/modules/publishing/connections.server";
import { PUBLISH_MESSAGES, requestPublication, type Publication } from "#app/modules/publishing/publish.server";
import { startWordPressFake, type WordPressFake } from "#tests/fakes/wordpress";
import { startWordPressComFake, type WordPressComFake } from "#tests/fakes/wordpress-com";
import { testDb } from "#tests/setup/db";
import { makeArticle, makeUser } from "#tests/setup/factories";
import { connectWordPressCom } from "#tests/setup/oauth-connections";

/**
 * Done when: "Wrong credentials, a blocked REST API, revoked tokens,
 * 429s, 5xx, timeouts and malformed responses each give the customer the right
 * message, leave the article intact and appear in the diagnostic log."
 *
 * Through the engine as the app runs it: requestPublication, then the real job
 * worker in this process publishing to the WordPress fake (Application
 * Password) and the WordPress.com fake (OAuth). For every failure: the
 * publication's status and last_error carry the customer's message, the
 * article's content is untouched, the connection needs attention only when the
 * customer must fix credentials or settings, and the diagnostic log has a
 * warn/error line under the publication's correlation id, cut at 200
 * characters and free of secrets. Passing failures (429, 5xx, timeouts,
 * malformed answers) are retried and end with exactly one remote post.
 *
 * A timeout is the job's own time limit (shortened here to 2 s from 10
 * minutes) aborting the request the fake never answers: the same signal path
 * as the 30 s request limit, without waiting 30 s.
 */

const JOB_TIMEOUT_MS = 2_000;

let db: DB;
let wordpress: WordPressFake;
/** For the disconnect case: disconnecting revokes the application password, which the other cases still use. */
let spare: WordPressFake;
let wpcom: WordPressComFake;
let worker: ReturnType<typeof startWorker>;
const savedEnv = { ...process.env };

beforeAll(async () => {
  db = await testDb();
  [wordpress, spare, wpcom] = await Promise.all([startWordPressFake(), startWordPressFake(), startWordPressComFake()]);
  Object.assign(process.env, {
    TEST_ALLOW_PRIVATE_HOSTS: [wordpress, spare, wpcom].map((f) => `127.0.0.1:${f.port}`).join(","),
    WORDPRESS_COM_API_URL: wpcom.url,
    WORDPRESS_COM_CLIENT_ID: wpcom.clientId,
    WORDPRESS_COM_CLIENT_SECRET: wpcom.clientSecret,
  });
  resetEnvForTests();
  const registry = { ...jobRegistry, "publish-article": { ...jobRegistry["publish-article"]!, timeoutMs: JOB_TIMEOUT_MS } };
  // retryBaseMs: the first retry comes 0.3-0.6 s later, so the waiting state can be seen.
  worker = startWorker(db, registry, { leaseMs: 30_000, pollMs: 20, retryBaseMs: 600 });
});

afterAll(async () => {
  await worker?.stop();
  for (const key of Object.keys(process.env)) if (!(key in savedEnv)) delete process.env[key];
  Object.assign(process.env, savedEnv);
  resetEnvForTests();
  await Promise.all([wordpress?.close(), spare?.close(), wpcom?.close()]);
});

type Platform = "wordpress" | "wordpress_com";

const CONTENT = {
  title: "Cold brew at home",
  meta_description: "How to make cold brew coffee at home, step by step.",
  content_html:
    '<p>Start with <a href="https://example.com/beans">coarse beans</a>.</p>' +
    "<table><thead><tr><th>Beans</th><th>Water</th></tr></thead><tbody><tr><td>100 g</td><td>1 l</td></tr></tbody></table>",
};

let counter = 0;

/** A fresh site with one connection to the platform and one article, so each case's connection status is its own. */
async function setup(platform: Platform, site = wordpress) {
  const user = await makeUser(db, { signedIn: false });
  const tenant = { siteId: user.siteId, userId: user.userId };
  const connectionId =
    platform === "wordpress"
      ? (await connectPlatform(db, tenant, "wordpress", { siteUrl: site.url, secret: site.credentials, options: {} })).connection.id
      : (await connectWordPressCom(db, tenant)).id;
  const connection = await getConnectionForUse(db, user.siteId, connectionId);
  expect(connection.status).toBe("connected");
  const slug = `cold-brew-${platform.replace("_", "-")}-${++counter}`;
  const articleId = await makeArticle(db, user.siteId, { ...CONTENT, slug, status: "draft" });
  // Everything that must never reach a log line or the customer's message.
  const secrets =
    platform === "wordpress"
      ? [
          wordpress.applicationPassword,
          wordpress.applicationPassword.replace(/ /g, ""),
          Buffer.from(wordpress.credentials).toString("base64"),
          Buffer.from(`${wordpress.username}:${wordpress.applicationPassword.replace(/ /g, "")}`).toString("base64"),
        ]
      : [String(connection.credentials.accessToken), wpcom.clientSecret];
  expect(secrets.every((s) => s.length > 8)).toBe(true);
  const publish = async (input: { scheduleAt?: Date } = {}) =>
    requestPublication(db, tenant, { articleId, connectionId, mode: "draft", scheduleAt: input.scheduleAt ?? null });
  return { tenant, connectionId, articleId, slug, secrets, publish };
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
}

const publicationRow = (id: string) => db.selectFrom("publications").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

const settled = (id: string) =>
  waitFor(
    () => publicationRow(id),
    (p) => p.status === "published" || p.status === "failed",
    "the publication to settle",
  );

/** Waits for the first failed attempt of a passing failure: back to pending, with the message, before the retry. */
const waiting = (id: string) =>
  waitFor(
    () => publicationRow(id),
    (p) => p.status === "pending" && p.last_error !== null,
    "the first attempt to fail",
  );

async function connectionStatus(connectionId: string) {
  return (await db.selectFrom("cms_connections").select("status").where("id", "=", connectionId).executeTakeFirstOrThrow()).status;
}

/** The article's content is what it was; its status says what happened. */
async function expectArticleIntact(articleId: string, status: string) {
  const article = await db
    .selectFrom("articles")
    .select(["title", "meta_description", "content_html", "status"])
    .where("id", "=", articleId)
    .executeTakeFirstOrThrow();
  expect(article).toEqual({ ...CONTENT, status });
}

/** The diagnostic lines of this publication at warn or error level, each checked for its id, length and secrets. */
async function expectDiagnosed(publication: Publication, secrets: string[], level: "warn" | "error", stage: string) {
  expect(publication.correlation_id).toMatch(/^[0-9a-f]{8}$/);
  const lines = await db
    .selectFrom("diag_logs")
    .select(["level", "stage", "detail", "correlation_id"])
    .where("correlation_id", "=", publication.correlation_id)
    .orderBy("id")
    .execute();
  const problems = lines.filter((l) => l.level === "warn" || l.level === "error");
  expect(problems.map((l) => `${l.level} ${l.stage}`)).toContain(`${level} ${stage}`);
  for (const line of lines) {
    expect(line.detail.length).toBeLessThanOrEqual(200);
    for (const secret of secrets) expect(line.detail).not.toContain(secret);
  }
  for (const secret of secrets) expect(publication.last_error ?? "").not.toContain(secret);
  return problems;
}

function remoteCount(platform: Platform, slug: string) {
  const posts: Array<{ slug: string }> = platform === "wordpress" ? wordpress.posts() : wpcom.posts();
  return posts.filter((p) => p.slug === slug).length;
}

describe("failures that need the customer", () => {
  it("WordPress: wrong credentials (401) fail with the credentials message and mark the connection", async () => {
    const c = await setup("wordpress");
    wordpress.configure({ rejectPassword: true });
    try {
      const publication = await settled((await c.publish()).id);
      expect(publication.status).toBe("failed");
      expect(publication.last_error).toMatch(/^WordPress rejected the username or application password\./);
      expect(await connectionStatus(c.connectionId)).toBe("needs_attention");
      await expectArticleIntact(c.articleId, "failed");
      await expectDiagnosed(publication, c.secrets, "error", "publish.failed");
      expect(remoteCount("wordpress", c.slug)).toBe(0);
    } finally {
      wordpress.configure({ rejectPassword: false });
    }
  });

  it("WordPress: a security plugin blocking the REST API (403) explains itself and marks the connection", async () => {
    const c = await setup("wordpress");
    wordpress.configure({ securityPlugin: "html" });
    try {
      const publication = await settled((await c.publish()).id);
      expect(publication.status).toBe("failed");
      expect(publication.last_error).toMatch(/^A security plugin or firewall on your site blocked Inkpilot's request \(HTTP 403\)/);
      expect(await connectionStatus(c.connectionId)).toBe("needs_attention");
      await expectArticleIntact(c.articleId, "failed");
      const [line] = await expectDiagnosed(publication, c.secrets, "error", "publish.failed");
      expect(line!.detail).toContain("403");
      expect(remoteCount("wordpress", c.slug)).toBe(0);
    } finally {
      wordpress.configure({ securityPlugin: null });
    }
  });

  it("WordPress: a plugin answering 401 to REST with valid credentials is told apart from a wrong password", async () => {
    const c = await setup("wordpress");
    wordpress.configure({ securityPlugin: "json" });
    try {
      const publication = await settled((await c.publish()).id);
      expect(publication.status).toBe("failed");
      expect(publication.last_error).toMatch(/plugin|REST API/i);
      expect(await connectionStatus(c.connectionId)).toBe("needs_attention");
      await expectArticleIntact(c.articleId, "failed");
      await expectDiagnosed(publication, c.secrets, "error", "publish.failed");
    } finally {
      wordpress.configure({ securityPlugin: null });
    }
  });

  it("WordPress.com: a revoked token fails with the revoked-access message and marks the connection", async () => {
    const c = await setup("wordpress_com");
    await fetch(`${wpcom.url}/__fake/revoke-tokens`, { method: "POST" });
    const publication = await settled((await c.publish()).id);
    expect(publication.status).toBe("failed");
    expect(publication.last_error).toMatch(/WordPress\.com no longer accepts .*revoked or expired/);
    expect(await connectionStatus(c.connectionId)).toBe("needs_attention");
    await expectArticleIntact(c.articleId, "failed");
    await expectDiagnosed(publication, c.secrets, "error", "publish.failed");
    expect(remoteCount("wordpress_com", c.slug)).toBe(0);
  });

  it("WordPress.com: a 403 on the post (the account may not publish) fails and marks the connection", async () => {
    const c = await setup("wordpress_com");
    wpcom.arm({
      status: 403,
      method: "POST",
      path: `/sites/${wpcom.blog.id}/posts/new`,
      body: { error: "unauthorized", message: "User cannot publish posts" },
    });
    const publication = await settled((await c.publish()).id);
    expect(publication.status).toBe("failed");
    expect(publication.last_error).toBeTruthy();
    expect(await connectionStatus(c.connectionId)).toBe("needs_attention");
    await expectArticleIntact(c.articleId, "failed");
    const [line] = await expectDiagnosed(publication, c.secrets, "error", "publish.failed");
    expect(line!.detail).toContain("403");
  });

  it("a connection disconnected after the request fails cleanly", async () => {
    const c = await setup("wordpress", spare);
    const requested = await c.publish({ scheduleAt: new Date(Date.now() + 1_000) });
    await disconnectConnection(db, c.tenant.siteId, c.connectionId);
    const publication = await settled(requested.id);
    expect(publication.status).toBe("failed");
    expect(publication.last_error).toBe(PUBLISH_MESSAGES.disconnected);
    expect(await connectionStatus(c.connectionId)).toBe("disconnected");
    await expectArticleIntact(c.articleId, "failed");
    await expectDiagnosed(publication, c.secrets, "error", "publish.failed");
    expect(spare.posts()).toHaveLength(0);
    const job = await db
      .selectFrom("jobs")
      .select(["status", "attempts"])
      .where("name", "=", "publish-article")
      .where("payload", "like", `%${requested.id}%`)
      .executeTakeFirstOrThrow();
    expect(job).toEqual({ status: "failed", attempts: 1 });
  });
});

describe("failures that pass: retried, then published once", () => {
  const cases: Array<{
    name: string;
    platform: Platform;
    arm: () => void;
    message: RegExp;
  }> = [
    {
      name: "WordPress: a 5xx",
      platform: "wordpress",
      arm: () =>
        wordpress.arm({
          status: 503,
          count: 2,
          method: "POST",
          path: "/wp/v2/posts",
          body: "<html><body>503 Service Unavailable</body></html>",
        }),
      message: /^WordPress(\.com)? had a temporary problem \(HTTP 50[23]\)\.$/,
    },
    {
      name: "WordPress.com: a 5xx",
      platform: "wordpress_com",
      arm: () => wpcom.arm({ status: 502, method: "POST", path: `/sites/${wpcom.blog.id}/posts/new` }),
      message: /^WordPress(\.com)? had a temporary problem \(HTTP 50[23]\)\.$/,
    },
    {
      name: "WordPress: a timeout",
      platform: "wordpress",
      arm: () => wordpress.arm({ status: "timeout", method: "POST", path: "/wp/v2/posts" }),
      message: /^The platform did not answer in time; publishing will try again\.$/,
    },
    {
      name: "WordPress.com: a timeout",
      platform: "wordpress_com",
      arm: () => wpcom.arm({ status: "timeout", method: "POST", path: `/sites/${wpcom.blog.id}/posts/new` }),
      message: /^The platform did not answer in time; publishing will try again\.$/,
    },
    {
      name: "WordPress: a malformed answer",
      platform: "wordpress",
      arm: () => wordpress.arm({ status: "malformed", method: "POST", path: "/wp/v2/posts" }),
      message: /^The platform sent an answer we could not read\.$/,
    },
    {
      name: "WordPress.com: a malformed answer",
      platform: "wordpress_com",
      arm: () => wpcom.arm({ status: "malformed", method: "POST", path: `/sites/${wpcom.blog.id}/posts/new` }),
      message: /^The platform sent an answer we could not read\.$/,
    },
  ];

  for (const testCase of cases) {
    it(`${testCase.name}: the message while waiting, then one post`, { timeout: 20_000 }, async () => {
      const c = await setup(testCase.platform);
      testCase.arm();
      const requested = await c.publish();
      const pending = await waiting(requested.id);
      expect(pending.last_error).toMatch(testCase.message);
      await expectArticleIntact(c.articleId, "publishing");
      const publication = await settled(requested.id);
      expect(publication).toMatchObject({ status: "published", last_error: null });
      expect(publication.attempts).toBeGreaterThanOrEqual(2);
      expect(await connectionStatus(c.connectionId)).toBe("connected");
      await expectArticleIntact(c.articleId, "published");
      await expectDiagnosed(publication, c.secrets, "warn", "publish.retry");
      expect(remoteCount(testCase.platform, c.slug)).toBe(1);
    });
  }

  for (const platform of ["wordpress", "wordpress_com"] as const) {
    it(`${platform}: a 429 with Retry-After is retried no sooner`, { timeout: 20_000 }, async () => {
      const c = await setup(platform);
      const path = platform === "wordpress" ? "/wp/v2/posts" : `/sites/${wpcom.blog.id}/posts/new`;
      const failure = { status: 429, method: "POST", path, headers: { "Retry-After": "2" } };
      if (platform === "wordpress") wordpress.arm(failure);
      else wpcom.arm({ ...failure, body: { error: "rate_limit_exceeded", message: "Too many requests" } });
      const requested = await c.publish();
      const pending = await waiting(requested.id);
      const refusedAt = Date.now();
      expect(pending.last_error).toMatch(/too many|rate|limit|slow down/i);
      const job = await db
        .selectFrom("jobs")
        .select(["run_at", "status"])
        .where("name", "=", "publish-article")
        .where("payload", "like", `%${requested.id}%`)
        .executeTakeFirstOrThrow();
      // Rescheduled at least Retry-After (2 s) later than the refusal, not by the 0.3-0.6 s backoff.
      expect(Date.parse(job.run_at) - refusedAt).toBeGreaterThan(1_500);
      const publication = await settled(requested.id);
      // The platform saw the retried create no sooner than Retry-After after the refused one.
      const creates = (platform === "wordpress" ? wordpress.requests : wpcom.requests)
        .filter((r) => r.method === "POST" && (r.path.includes(path) || ("route" in r && r.route === path)))
        .map((r) => Date.parse(r.at));
      const refused = creates.findLastIndex((at) => at <= refusedAt);
      expect(creates[refused + 1]! - creates[refused]!).toBeGreaterThanOrEqual(2_000);
      expect(publication).toMatchObject({ status: "published", last_error: null });
      expect(await connectionStatus(c.connectionId)).toBe("connected");
      await expectArticleIntact(c.articleId, "published");
      const [line] = await expectDiagnosed(publication, c.secrets, "warn", "publish.retry");
      expect(line!.detail).toMatch(/^rate_limit/);
      expect(remoteCount(platform, c.slug)).toBe(1);
    });
  }
});
