import { beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { requireAuth } from "#app/modules/auth/guards.server";
import { TopicFormSchema } from "#app/modules/topics/schema";
import { createTopic, listTopics } from "#app/modules/topics/topics.server";
import { action, loader } from "#app/routes/dashboard/topics/route";
import type { FormReply } from "#app/utils/form-reply";
import { testDb } from "#tests/setup/db";
import { makeArticle, makeUser } from "#tests/setup/factories";
import { callRoute, get, post, redirectTarget } from "#tests/setup/route-harness";

/**
 * The Topics page, called as the server calls it: saves redirect with the
 * product's toasts, bad input returns 400 with messages and changes nothing,
 * counts come from the related articles, and each account sees only its own.
 */

let db: DB;

beforeAll(async () => {
  db = await testDb();
});

type ActionData = FormReply;
type LoaderData = Awaited<ReturnType<typeof loader>>;
const act = (request: Request) => callRoute<ActionData>({ middleware: [requireAuth], handler: action, request });
const load = (path: string, cookie: string) =>
  callRoute<LoaderData>({ middleware: [requireAuth], handler: loader, request: get(path, cookie) });

function toastOf(res: { headers: Headers }) {
  const raw = /__toast=([^;]+)/.exec(res.headers.get("Set-Cookie") ?? "")?.[1];
  if (!raw) return null;
  const signed = decodeURIComponent(raw);
  return JSON.parse(Buffer.from(signed.slice(0, signed.lastIndexOf(".")), "base64").toString("utf8")) as { type: string; title: string };
}

const topicRows = (siteId: string) => db.selectFrom("topics").selectAll().where("site_id", "=", siteId).orderBy("name").execute();

describe("keyword parsing and validation", () => {
  it("splits keywords on commas, trims them and drops empties", () => {
    const parsed = TopicFormSchema.parse({
      name: " Coffee ",
      description: "",
      keywords: " pour over, ,french press ,, cold brew,",
      category: "",
      color: "",
    });
    expect(parsed).toEqual({
      name: "Coffee",
      description: "",
      keywords: ["pour over", "french press", "cold brew"],
      category: "",
      color: "#3B82F6",
    });
  });

  it("requires a name and a #RRGGBB colour, and caps the lengths", () => {
    const result = TopicFormSchema.safeParse({ name: "   ", description: "x".repeat(501), keywords: "", category: "", color: "blue" });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => `${String(i.path[0])}: ${i.message}`);
    expect(messages).toContain("name: Topic name required");
    expect(messages.some((m) => m.startsWith("description:"))).toBe(true);
    expect(messages.some((m) => m.startsWith("color:"))).toBe(true);
    expect(TopicFormSchema.safeParse({ name: "x".repeat(81), color: "#123456" }).success).toBe(false);
  });
});

describe("topics page", () => {
  it("creates, lists, updates and deletes a topic with the spec's toasts", async () => {
    const user = await makeUser(db, { email: "topics-crud@example.com" });
    const empty = await load("/dashboard/topics", user.cookie);
    expect(empty.data.topics).toEqual([]);
    expect(empty.data.dialog).toBeNull();
    expect((await load("/dashboard/topics?new=1", user.cookie)).data.dialog).toEqual({ kind: "new" });

    const created = await act(
      post(
        "/dashboard/topics?new=1",
        {
          intent: "create",
          name: "Coffee brewing",
          description: "Guides",
          keywords: "pour over, french press, cold brew, grind size",
          category: "Guides",
          color: "#10b981",
          colorPicker: "#3b82f6",
          colorInitial: "#3B82F6",
        },
        user.cookie,
      ),
    );
    expect(redirectTarget(created)).toBe("/dashboard/topics");
    expect(toastOf(created)).toMatchObject({ title: "Topic created!" });
    const [row] = await topicRows(user.siteId);
    expect(row).toMatchObject({ name: "Coffee brewing", description: "Guides", category: "Guides", color: "#10B981" });
    expect(JSON.parse(row!.keywords)).toEqual(["pour over", "french press", "cold brew", "grind size"]);

    const edit = await load(`/dashboard/topics?edit=${row!.id}`, user.cookie);
    expect(edit.data.dialog).toMatchObject({ kind: "edit", topic: { id: row!.id, name: "Coffee brewing" } });

    // Without JavaScript only the native picker changed: its value is taken.
    const updated = await act(
      post(
        `/dashboard/topics?edit=${row!.id}`,
        {
          intent: "update",
          id: row!.id,
          name: "Brewing",
          description: "",
          keywords: "",
          category: "",
          color: "#10B981",
          colorPicker: "#ff0000",
          colorInitial: "#10B981",
        },
        user.cookie,
      ),
    );
    expect(toastOf(updated)).toMatchObject({ title: "Topic updated!" });
    expect(await topicRows(user.siteId)).toMatchObject([
      { name: "Brewing", description: "", keywords: "[]", category: "", color: "#FF0000" },
    ]);

    const deleted = await act(post(`/dashboard/topics?delete=${row!.id}`, { intent: "delete", id: row!.id }, user.cookie));
    expect(redirectTarget(deleted)).toBe("/dashboard/topics");
    expect(toastOf(deleted)).toMatchObject({ title: "Topic deleted!" });
    expect(await topicRows(user.siteId)).toEqual([]);
  });

  it("refuses bad input with messages and changes nothing", async () => {
    const user = await makeUser(db, { email: "topics-invalid@example.com" });
    const bad = await act(post("/dashboard/topics?new=1", { intent: "create", name: "  ", keywords: "a,b", color: "#12345" }, user.cookie));
    expect(bad.status).toBe(400);
    expect(bad.data.notice).toEqual({ title: "Error saving topic", description: "Please correct the highlighted fields." });
    expect(bad.data.result.error?.name).toEqual(["Topic name required"]);
    expect(bad.data.result.error?.color).toHaveLength(1);
    expect(await topicRows(user.siteId)).toEqual([]);

    const id = await createTopic(db, user.siteId, { name: "Keep me", description: "", keywords: ["a"], category: "Cat", color: "#3B82F6" });
    const badUpdate = await act(post(`/dashboard/topics?edit=${id}`, { intent: "update", id, name: "", color: "#3B82F6" }, user.cookie));
    expect(badUpdate.status).toBe(400);
    expect(badUpdate.data.result.error?.name).toEqual(["Topic name required"]);
    expect(await topicRows(user.siteId)).toMatchObject([{ name: "Keep me", category: "Cat" }]);
  });

  it("counts each topic's articles in one list, and deleting a topic keeps its articles", async () => {
    const user = await makeUser(db, { email: "topics-counts@example.com" });
    const other = await makeUser(db, { email: "topics-counts-other@example.com" });
    const brewing = await createTopic(db, user.siteId, { name: "Brewing", description: "", keywords: [], category: "", color: "#3B82F6" });
    const news = await createTopic(db, user.siteId, { name: "News", description: "", keywords: [], category: "", color: "#3B82F6" });
    const first = await makeArticle(db, user.siteId, { topic_id: brewing, title: "One" });
    await makeArticle(db, user.siteId, { topic_id: brewing, title: "Two" });
    await makeArticle(db, user.siteId, { topic_id: null, title: "No topic" });
    await makeArticle(db, other.siteId, { topic_id: null, title: "Someone else's" });

    const list = await listTopics(db, user.siteId);
    expect(list.map((t) => [t.name, t.articleCount])).toEqual([
      ["News", 0],
      ["Brewing", 2],
    ]);

    await act(post("/dashboard/topics", { intent: "delete", id: brewing }, user.cookie));
    const article = await db.selectFrom("articles").select(["id", "topic_id"]).where("id", "=", first).executeTakeFirstOrThrow();
    expect(article.topic_id).toBeNull();
    expect((await listTopics(db, user.siteId)).map((t) => t.id)).toEqual([news]);
  });

  it("keeps accounts apart: another account can't see, update or delete a topic", async () => {
    const owner = await makeUser(db, { email: "topics-owner@example.com" });
    const intruder = await makeUser(db, { email: "topics-intruder@example.com" });
    const id = await createTopic(db, owner.siteId, { name: "Private", description: "", keywords: [], category: "", color: "#3B82F6" });

    expect((await load("/dashboard/topics", intruder.cookie)).data.topics).toEqual([]);
    expect((await load(`/dashboard/topics?edit=${id}`, intruder.cookie)).status).toBe(404);
    expect((await load(`/dashboard/topics?delete=${id}`, intruder.cookie)).status).toBe(404);

    const update = await act(post("/dashboard/topics", { intent: "update", id, name: "Hijacked", color: "#000000" }, intruder.cookie));
    expect(update.status).toBe(404);
    const remove = await act(post("/dashboard/topics", { intent: "delete", id }, intruder.cookie));
    expect(remove.status).toBe(404);
    expect(await topicRows(owner.siteId)).toMatchObject([{ id, name: "Private" }]);
    expect(await topicRows(intruder.siteId)).toEqual([]);
  });

  it("refuses an unknown intent", async () => {
    const user = await makeUser(db, { email: "topics-intent@example.com" });
    expect((await act(post("/dashboard/topics", { intent: "explode", name: "x" }, user.cookie))).status).toBe(400);
    expect(await topicRows(user.siteId)).toEqual([]);
  });
});
