import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { DB } from "#app/db/client.server";
import { getEnv, resetEnvForTests } from "#app/env.server";
import { deleteArticle } from "#app/modules/articles/mutations.server";
import { saveGeneratedImage } from "#app/modules/generation/images.server";
import { storedImageSize } from "#app/modules/hosted-blog/images.server";
import { buildPost } from "#app/modules/publishing/post.server";
import { getBrandSettings, removeBrandLogo, saveBrandLogo } from "#app/modules/settings/brand.server";
import { createDiskStore } from "#app/modules/storage/disk-store.server";
import { objectStore } from "#app/modules/storage/object-store.server";
import { logger } from "#app/utils/logger.server";
import { loader as articleImageLoader } from "#app/routes/resources/article-image";
import { loader as logoLoader } from "#app/routes/resources/logo";
import { startFakeS3 } from "#tests/fakes/s3";
import { pngOf } from "#tests/fakes/test-images";
import { testDb } from "#tests/setup/db";
import { makeArticle, makeUser } from "#tests/setup/factories";
import { callRoute, get } from "#tests/setup/route-harness";

/**
 * Pictures in object storage (docs/decisions/079): with a bucket configured, the image store keeps uploads,
 * generated images and title cards in it through the real AWS SDK, here against the fake S3 (tests/fakes/s3.ts),
 * which checks every request's signature. The public /uploads/… addresses stay as they were and are served
 * from the bucket with the same headers; deleting an image deletes its object; a wrong secret fails loudly,
 * with a clear logged error and nothing changed in the database; `npm run images:migrate` copies what is on
 * the disk into the bucket, again and again without harm.
 */

let db: DB;
let fake: Awaited<ReturnType<typeof startFakeS3>>;

function useEnv(values: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvForTests();
}

beforeAll(async () => {
  db = await testDb();
  fake = await startFakeS3({ listPageSize: 2 });
  useEnv(fake.env);
});

afterEach(() => {
  useEnv(fake.env);
  vi.restoreAllMocks();
});

afterAll(async () => {
  useEnv(Object.fromEntries(Object.keys(fake.env).map((name) => [name, undefined])));
  await fake.close();
});

const serveLogo = (url: string) => callRoute({ handler: logoLoader, request: get(url), params: { file: path.basename(url) } });

async function bodyOf(result: { response?: Response | null }) {
  return Buffer.from(await result.response!.arrayBuffer());
}

describe("with a bucket configured", () => {
  it("stores an uploaded logo in the bucket, serves it at its old address and deletes it with the logo", async () => {
    const user = await makeUser(db);
    const png = pngOf(40, 20);
    const saved = await saveBrandLogo(db, user.siteId, new File([png], "logo.png", { type: "image/png" }));
    expect(saved.ok).toBe(true);
    const { logoPath, logoUrl } = await getBrandSettings(db, user.siteId);
    expect(logoUrl).toMatch(/^\/uploads\/logos\/[A-Za-z0-9_-]+\.png$/);
    expect(fake.object(logoPath!)).toEqual(png);
    // Nothing on the disk: the bucket is the store.
    expect(fs.existsSync(path.join(getEnv().dataDir, logoPath!))).toBe(false);

    const served = await serveLogo(logoUrl!);
    expect(served.status).toBe(200);
    expect(Object.fromEntries(served.response!.headers)).toMatchObject({
      "content-type": "image/png",
      "content-length": String(png.length),
      "cache-control": "public, max-age=3600",
      "content-security-policy": "default-src 'none'",
    });
    expect(await bodyOf(served)).toEqual(png);

    await removeBrandLogo(db, user.siteId);
    expect(fake.object(logoPath!)).toBeUndefined();
    expect((await serveLogo(logoUrl!)).status).toBe(404);
    expect((await serveLogo("/uploads/logos/never-stored.png")).status).toBe(404);
  });

  it("keeps generated images there: served, sized for the hosted blog, read for publishing, deleted with the article", async () => {
    const user = await makeUser(db);
    const articleId = await makeArticle(db, user.siteId, { title: "Cold brew", slug: "cold-brew" });
    const png = pngOf(120, 80);
    const url = await saveGeneratedImage(db, { siteId: user.siteId, articleId }, { bytes: png, contentType: "image/png", ext: "png" });
    await db
      .updateTable("articles")
      .set({ featured_image: url, content_html: `<p>Hi.</p><img src="${url}" alt="A jar">` })
      .where("id", "=", articleId)
      .execute();
    expect(fake.object(url.slice(1))).toEqual(png);

    const served = await callRoute({ handler: articleImageLoader, request: get(url), params: { file: path.basename(url) } });
    expect(served.response?.headers.get("Content-Type")).toBe("image/png");
    expect(await bodyOf(served)).toEqual(png);
    // The hosted blog reads only the header's bytes for the size (a ranged GET).
    expect(await storedImageSize(url)).toEqual({ width: 120, height: 80 });

    const article = await db.selectFrom("articles").selectAll().where("id", "=", articleId).executeTakeFirstOrThrow();
    const post = await buildPost(db, article, { publicationId: "p", correlationId: "c", mode: "live", scheduleAt: null });
    expect(Buffer.from(post.featuredImage!.bytes)).toEqual(png);

    expect(await deleteArticle(db, user.siteId, articleId)).toBe(true);
    expect(fake.object(url.slice(1))).toBeUndefined();
  });

  it("fails loudly on a wrong secret: a clear logged error, the customer told, nothing recorded", async () => {
    const user = await makeUser(db);
    const objectsBefore = fake.objectCount();
    const rowsBefore = await db.selectFrom("stored_images").select("path").execute();
    const error = vi.spyOn(logger, "error");
    useEnv({ AWS_SECRET_ACCESS_KEY: "not-the-secret" });

    const saved = await saveBrandLogo(db, user.siteId, new File([pngOf(4, 4)], "logo.png", { type: "image/png" }));
    expect(saved).toEqual({ ok: false, error: "The image could not be stored just now. Please try again in a few minutes." });
    expect(error).toHaveBeenCalledTimes(1);
    const [fields, message] = error.mock.calls[0] as [{ err: Error; store: string }, string];
    expect(message).toBe("could not store an uploaded image");
    expect(fields.store).toBe(`s3 ${fake.bucket}`);
    expect(fields.err.message).toMatch(
      /^Object storage at http:\/\/127\.0\.0\.1:\d+ \(bucket inkpilot-test\) refused PutObject of uploads\/logos\/\S+\.png: SignatureDoesNotMatch \(HTTP 403\), .* Check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY\.$/,
    );
    expect(JSON.stringify(error.mock.calls)).not.toContain("not-the-secret");
    expect(JSON.stringify(error.mock.calls)).not.toContain(fake.secretAccessKey);

    expect((await getBrandSettings(db, user.siteId)).logoPath).toBeNull();
    expect(await db.selectFrom("stored_images").select("path").execute()).toEqual(rowsBefore);
    expect(fake.objectCount()).toBe(objectsBefore);
  });

  it("answers 503 without caching when the store cannot be reached, and publishing retries instead of blaming the image", async () => {
    const user = await makeUser(db);
    const url = await saveGeneratedImage(db, { siteId: user.siteId }, { bytes: pngOf(8, 8), contentType: "image/png", ext: "png" });
    const articleId = await makeArticle(db, user.siteId, { content_html: `<img src="${url}" alt="x">` });
    const article = await db.selectFrom("articles").selectAll().where("id", "=", articleId).executeTakeFirstOrThrow();
    const error = vi.spyOn(logger, "error");
    vi.spyOn(logger, "warn");
    useEnv({ AWS_ACCESS_KEY_ID: "AKIAUNKNOWN" });

    const served = await callRoute({ handler: articleImageLoader, request: get(url), params: { file: path.basename(url) } });
    expect(served.status).toBe(503);
    expect(served.response?.headers.get("Cache-Control")).toBe("no-store");
    expect(String((error.mock.calls[0]?.[0] as { err: Error }).err.message)).toContain("InvalidAccessKeyId (HTTP 403)");

    await expect(buildPost(db, article, { publicationId: "p", correlationId: "c", mode: "live", scheduleAt: null })).rejects.toMatchObject({
      name: "PublishError",
      kind: "transient",
    });
  });

  it("streams and lists through the store's interface, page by page", async () => {
    const store = objectStore();
    expect(store.description).toBe(`s3 ${fake.bucket}`);
    for (const key of ["paging/c", "paging/a", "paging/b", "paging/d", "paging/e"]) await store.put(key, new TextEncoder().encode(key));
    const listed: string[] = [];
    for await (const object of store.list("paging/")) listed.push(`${object.key}:${object.size}`);
    // Three pages of two: the continuation token carried the listing on.
    expect(listed).toEqual(["paging/a:8", "paging/b:8", "paging/c:8", "paging/d:8", "paging/e:8"]);
    const streamed = await store.stream("paging/c");
    expect(streamed).toMatchObject({ key: "paging/c", size: 8, etag: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(await new Response(streamed!.body).text()).toBe("paging/c");
    expect(Buffer.from((await store.get("paging/c", { range: { start: 7, end: 100 } }))!).toString()).toBe("c");
    expect(await store.get("paging/nothing")).toBeNull();
    expect(await store.head("paging/nothing")).toBeNull();
  });
});

describe("npm run images:migrate", () => {
  const run = async (env: Record<string, string>, ...args: string[]) => {
    const tsx = path.resolve("node_modules/.bin/tsx");
    try {
      const { stdout } = await promisify(execFile)(tsx, ["scripts/images-migrate.ts", ...args], { env: { ...process.env, ...env } });
      return { code: 0, stdout };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: `${failed.stdout}${failed.stderr}` };
    }
  };

  it("copies every local picture once, skips what is there, and deletes local files only when asked", async () => {
    const dataDir = path.join(getEnv().dataDir, "migrate");
    const local = createDiskStore(dataDir);
    const files = {
      "uploads/logos/s1-a.png": pngOf(2, 2),
      "uploads/avatars/u1-b.png": pngOf(3, 3),
      "uploads/articles/s1-c.png": pngOf(4, 4),
    };
    for (const [key, bytes] of Object.entries(files)) await local.put(key, bytes);
    // An earlier run that stopped after the first file.
    await objectStore().put("uploads/avatars/u1-b.png", files["uploads/avatars/u1-b.png"]);
    const env = { ...fake.env, DATA_DIR: dataDir, DATABASE_PATH: path.join(dataDir, "unused.sqlite") };

    const first = await run(env);
    expect(first.stdout).toContain(`to s3 ${fake.bucket}.`);
    expect(first.stdout).toContain("3 files: 2 copied, 1 already in the bucket, 0 failed.");
    expect(first.code).toBe(0);
    for (const [key, bytes] of Object.entries(files)) expect(fake.object(key)).toEqual(bytes);
    expect(fake.objects().find((o) => o.key === "uploads/logos/s1-a.png")?.contentType).toBe("image/png");

    expect((await run(env)).stdout).toContain("3 files: 0 copied, 3 already in the bucket, 0 failed.");
    expect(fs.existsSync(path.join(dataDir, "uploads/logos/s1-a.png"))).toBe(true);

    const deleting = await run(env, "--delete-local");
    expect(deleting.stdout).toContain("3 files: 0 copied, 3 already in the bucket, 0 failed, 3 deleted locally.");
    expect(fs.existsSync(path.join(dataDir, "uploads/logos/s1-a.png"))).toBe(false);
    expect(fake.object("uploads/logos/s1-a.png")).toEqual(files["uploads/logos/s1-a.png"]);
  });

  it("keeps the local file when the copy fails, says so and exits non-zero; refuses to run without a bucket", async () => {
    const dataDir = path.join(getEnv().dataDir, "migrate-failing");
    await createDiskStore(dataDir).put("uploads/logos/s2-a.png", pngOf(2, 2));
    const env = { ...fake.env, DATA_DIR: dataDir, AWS_SECRET_ACCESS_KEY: "wrong-secret-zz9" };
    const failed = await run(env, "--delete-local");
    expect(failed.code).toBe(1);
    // Its first request is a HEAD, whose refusal carries no code: the status and where to look.
    expect(failed.stdout).toMatch(
      /uploads\/logos\/s2-a\.png: Object storage at \S+ \(bucket inkpilot-test\) refused HeadObject of uploads\/logos\/s2-a\.png: HTTP 403 with no reason given\. Check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY\./,
    );
    expect(failed.stdout).toContain("1 files: 0 copied, 0 already in the bucket, 1 failed, 0 deleted locally.");
    expect(failed.stdout).not.toContain("wrong-secret-zz9");
    expect(fs.existsSync(path.join(dataDir, "uploads/logos/s2-a.png"))).toBe(true);

    const noBucket = await run({ DATA_DIR: dataDir, BUCKET_NAME: "" });
    expect(noBucket.code).toBe(1);
    expect(noBucket.stdout).toContain("No bucket is configured");
  });
});
