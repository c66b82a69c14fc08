import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { replayReason, withReplayScope } from "#app/db/replica.server";
import { resetEnvForTests } from "#app/env.server";
import { showStoredScores } from "#app/modules/articles/stored-score.server";
import { lookupSession } from "#app/modules/auth/session.server";
import { DAY } from "#app/utils/time";
import { api, makeApiKey } from "#tests/setup/api";
import { testDb } from "#tests/setup/db";
import { makeArticle, makeUser } from "#tests/setup/factories";

/**
 * What a read does on a LiteFS read replica (docs/decisions/080-replicas-and-processes.md): it writes nothing,
 * and when it needs a write it asks for the request to be replayed on the primary. The database here stays
 * writable, so each case checks that nothing changed.
 */

let db: DB;
beforeAll(async () => {
  db = await testDb();
});

const saved = process.env.LITEFS_DIR;
afterEach(() => {
  if (saved === undefined) delete process.env.LITEFS_DIR;
  else process.env.LITEFS_DIR = saved;
  resetEnvForTests();
});

function onReplica() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inkpilot-replica-"));
  fs.writeFileSync(path.join(dir, ".primary"), "primary-machine\n");
  process.env.LITEFS_DIR = dir;
  resetEnvForTests();
}

const requestWith = (cookie: string) => new Request("http://localhost/dashboard", { headers: { Cookie: cookie } });

async function sessionAged(cookie: string, userId: string, { seenDaysAgo, endsInDays }: { seenDaysAgo: number; endsInDays: number }) {
  const now = Date.now();
  await db
    .updateTable("sessions")
    .set({ last_seen_at: new Date(now - seenDaysAgo * DAY).toISOString(), expires_at: new Date(now + endsInDays * DAY).toISOString() })
    .where("user_id", "=", userId)
    .execute();
  return db.selectFrom("sessions").select(["last_seen_at", "expires_at"]).where("user_id", "=", userId).executeTakeFirstOrThrow();
}

describe("a session due for renewal, read on a replica", () => {
  it("is not renewed there while it has more than a week left: the next request on the primary renews it", async () => {
    const user = await makeUser(db);
    const before = await sessionAged(user.cookie, user.userId, { seenDaysAgo: 3, endsInDays: 27 });
    onReplica();
    await withReplayScope(async () => {
      const found = await lookupSession(db, requestWith(user.cookie));
      expect(found).toMatchObject({ userId: user.userId, refreshCookie: null });
      expect(replayReason()).toBeUndefined();
    });
    expect(
      await db.selectFrom("sessions").select(["last_seen_at", "expires_at"]).where("user_id", "=", user.userId).executeTakeFirst(),
    ).toEqual(before);
  });

  it("asks for the primary when it ends within a week, so a reader who never posts stays signed in", async () => {
    const user = await makeUser(db);
    const before = await sessionAged(user.cookie, user.userId, { seenDaysAgo: 25, endsInDays: 5 });
    onReplica();
    await withReplayScope(async () => {
      await lookupSession(db, requestWith(user.cookie));
      expect(replayReason()).toBe("session renewal");
    });
    expect(await db.selectFrom("sessions").select("expires_at").where("user_id", "=", user.userId).executeTakeFirst()).toEqual({
      expires_at: before.expires_at,
    });
  });
});

describe("the articles list's rescoring request on a replica", () => {
  it("asks for the primary when the site's rescoring job is not queued yet, and queues nothing itself", async () => {
    const user = await makeUser(db);
    const articleId = await makeArticle(db, user.siteId, { seo_score: null });
    const rows = [{ id: articleId, seoScore: null, wordCount: 10, seoBasis: null }];
    onReplica();
    const marked = await withReplayScope(async () => {
      const result = await showStoredScores(db, user.siteId, rows);
      expect(replayReason()).toBe("queueing rescore-articles");
      return result;
    });
    expect(marked[0]!.scoring).toBe(true);
    expect(
      await db.selectFrom("jobs").select("id").where("name", "=", "rescore-articles").where("tenant_key", "=", user.workspaceId).execute(),
    ).toEqual([]);
  });

  it("reads on without the primary once the primary has queued it", async () => {
    const user = await makeUser(db);
    const articleId = await makeArticle(db, user.siteId, { seo_score: null });
    const rows = [{ id: articleId, seoScore: null, wordCount: 10, seoBasis: null }];
    await showStoredScores(db, user.siteId, rows);
    onReplica();
    await withReplayScope(async () => {
      await showStoredScores(db, user.siteId, rows);
      expect(replayReason()).toBeUndefined();
    });
  });
});

describe("the Developer API on a replica", () => {
  it("is replayed on the primary before the key is stamped or counted", async () => {
    const user = await makeUser(db);
    const { key, id } = await makeApiKey(db, user);
    onReplica();
    const answer = await withReplayScope(async () => {
      const result = await api(key, "GET", "/articles");
      expect(replayReason()).toBe("the Developer API");
      return result;
    });
    expect(answer.status).toBe(409);
    expect(await db.selectFrom("api_keys").select("last_used_at").where("id", "=", id).executeTakeFirst()).toEqual({ last_used_at: null });
  });
});
