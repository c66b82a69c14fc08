import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import bcrypt from "bcryptjs";
import { openDatabase } from "../../app/db/client.server";
import { BCRYPT_COST } from "../../app/modules/auth/password-hasher.server";
import { createAccount } from "../../app/modules/workspaces/accounts.server";
import { isoNow } from "../../app/utils/time";
import { startFakeS3 } from "../fakes/s3";
import { pngOf } from "../fakes/test-images";
import { soloAppEnv, spawnSoloApp, stopSoloApp, waitForHealth, type SoloApp } from "./solo-app";
import { E2E_PORT } from "./stack";
import { signIn } from "./users";

/**
 * Pictures in object storage (docs/decisions/079) in the built app: started on its own with a bucket configured
 * (the fake S3, which checks each request's signature, path-style as a local server needs), a profile picture and
 * a logo chosen in the browser are kept in the bucket, not on the disk, and served at their /uploads/ addresses
 * with the same headers; removing the logo removes its object and its address answers 404.
 */

// Its own port, clear of the stack's (tests/e2e/stack.ts), so it can run beside any other spec, the solo ones too.
const APP_PORT = E2E_PORT + 30;
const APP_URL = `http://127.0.0.1:${APP_PORT}`;
const dataDir = path.resolve(`tests/.tmp/object-storage-${APP_PORT}`);
const databasePath = path.join(dataDir, "inkpilot.sqlite");

test.use({ baseURL: APP_URL });

let fake: Awaited<ReturnType<typeof startFakeS3>>;
let app: SoloApp | undefined;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  fake = await startFakeS3();
  app = spawnSoloApp(soloAppEnv("object-storage", { port: APP_PORT, dataDir }, fake.env));
  await waitForHealth(app, APP_URL);
});

test.afterAll(async () => {
  await stopSoloApp(app);
  await fake?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function signedIn(page: Page) {
  const { db } = openDatabase(databasePath);
  const email = `object-storage-${Date.now().toString(36)}@example.com`;
  const passwordHash = await bcrypt.hash("object-storage-password", BCRYPT_COST);
  const ids = await createAccount(db, { email, passwordHash, emailVerified: true });
  await db.updateTable("users").set({ onboarding_completed_at: isoNow() }).where("id", "=", ids.userId).execute();
  await signIn(page, ids, { db, appUrl: APP_URL });
  return ids;
}

const form = (page: Page, name: string) => page.getByRole("form", { name });

/** The picture at `src` comes from the bucket, byte for byte, with the image store's headers; nothing is on disk. */
async function expectServedFromBucket(page: Page, src: string) {
  const served = await page.request.get(src);
  expect(served.status()).toBe(200);
  expect(served.headers()).toMatchObject({
    "content-type": "image/png",
    "cache-control": "public, max-age=3600",
    "x-content-type-options": "nosniff",
  });
  // The image's own policy, beside the one the server gives every answer.
  expect(served.headers()["content-security-policy"]).toMatch(/(^|, )default-src 'none'$/);
  const stored = fake.object(src.slice(1));
  expect(stored, `${src} is in the bucket`).toBeDefined();
  expect(Buffer.from(await served.body())).toEqual(stored);
  expect(fs.existsSync(path.join(dataDir, src))).toBe(false);
}

test("a profile picture and a logo are kept in the bucket and served at their /uploads/ addresses", async ({ page }) => {
  await signedIn(page);
  await page.goto("/dashboard/account");
  await form(page, "Profile picture")
    .getByLabel("Profile picture")
    .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: pngOf(64, 64) });
  await expect(page.getByTestId("toast")).toContainText("Profile picture uploaded successfully!");
  const avatar = await page.getByTestId("avatar-image").getAttribute("src");
  expect(avatar).toMatch(/^\/uploads\/avatars\/[\w-]+\.png$/);
  await expectServedFromBucket(page, avatar!);
  // The browser shows it too: the image decoded at its size.
  await expect.poll(() => page.getByTestId("avatar-image").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);

  await page.goto("/dashboard/settings?tab=brand");
  await form(page, "Logo")
    .getByLabel("Upload a logo")
    .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: pngOf(120, 40) });
  await expect(page.getByTestId("toast")).toContainText("Logo uploaded successfully!");
  const logo = await page.getByTestId("logo-image").getAttribute("src");
  expect(logo).toMatch(/^\/uploads\/logos\/[\w-]+\.png$/);
  await expectServedFromBucket(page, logo!);

  await page.getByRole("button", { name: "Remove logo" }).click();
  await expect(page.getByTestId("logo-image")).toHaveCount(0);
  expect(fake.object(logo!.slice(1))).toBeUndefined();
  expect((await page.request.get(logo!)).status()).toBe(404);
});
