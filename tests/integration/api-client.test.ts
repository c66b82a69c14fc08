import fs from "node:fs";
import createClient from "openapi-fetch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { jobRegistry } from "#app/worker/registry.server";
import { startWorker } from "#app/modules/jobs/runner.server";
import type { paths } from "#tests/generated/inkpilot-api";
import { apiFetch, makeApiKey } from "#tests/setup/api";
import { API_TYPES_FILE, apiTypesFrom } from "#tests/setup/api-types";
import { testDb } from "#tests/setup/db";
import { makeUser } from "#tests/setup/factories";
import { ORIGIN } from "#tests/setup/route-harness";

/**
 * The Developer API's promise: a client generated only from the OpenAPI document
 * creates, generates and publishes an article. The types come from the served
 * /api/v1/openapi.json through openapi-typescript (the checked-in file must be
 * exactly what the served document gives, so `npm run typecheck` checks this
 * test's calls against the live API), and openapi-fetch makes the calls; the
 * job worker runs the generation (offline writer) and the publication.
 */

let db: DB;
let worker: ReturnType<typeof startWorker>;

beforeAll(async () => {
  db = await testDb();
  worker = startWorker(db, jobRegistry, { leaseMs: 30_000, pollMs: 20 });
});
afterAll(async () => {
  await worker.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a client generated from the OpenAPI document", () => {
  it("has types that are exactly what the served document gives", async () => {
    const served = await apiFetch(`${ORIGIN}/api/v1/openapi.json`);
    expect(served.status).toBe(200);
    const generated = await apiTypesFrom(await served.json());
    // Out of date: run `npm run api:types`.
    expect(generated).toBe(fs.readFileSync(API_TYPES_FILE, "utf8"));
  });

  it("creates an article, has the AI engine write one, and publishes it to the hosted blog", async () => {
    const user = await makeUser(db, { workspace: { name: "Client Co" } });
    const { key } = await makeApiKey(db, user);
    const client = createClient<paths>({ baseUrl: `${ORIGIN}/api/v1`, fetch: apiFetch, headers: { Authorization: `Bearer ${key}` } });

    const created = await client.POST("/articles", { body: { title: "Written by a script", content_html: "<p>Hello from the API.</p>" } });
    expect(created.response.status).toBe(201);
    expect(created.data?.status).toBe("draft");

    const refused = await client.POST("/articles", { body: { title: "" } });
    expect(refused.error?.error.code).toBe("validation_error");

    const started = await client.POST("/generations", { body: { keyword: "french press coffee", word_count: 1000 } });
    expect(started.response.status).toBe(202);
    const generationId = started.data!.id;
    let generation = started.data!;
    for (let i = 0; i < 600 && generation.status === "running"; i++) {
      await sleep(100);
      const polled = await client.GET("/generations/{generation_id}", { params: { path: { generation_id: generationId } } });
      generation = polled.data!;
    }
    expect(generation.status).toBe("succeeded");

    const article = await client.GET("/articles/{article_id}", { params: { path: { article_id: generation.article_id } } });
    expect(article.data?.status).toBe("draft");
    expect(article.data?.source).not.toBe("manual");
    // Without research the offline writer writes only what it knows: a short text, no filler.
    expect(article.data?.content_html).toMatch(/french press coffee/i);

    const connections = await client.GET("/connections");
    const hosted = connections.data!.data.find((c) => c.platform === "hosted")!;
    const queued = await client.POST("/articles/{article_id}/publications", {
      params: { path: { article_id: generation.article_id } },
      body: { connection_id: hosted.id, mode: "live" },
    });
    expect(queued.response.status).toBe(202);

    let publication = queued.data!;
    for (let i = 0; i < 200 && publication.status !== "published" && publication.status !== "failed"; i++) {
      await sleep(50);
      const list = await client.GET("/articles/{article_id}/publications", { params: { path: { article_id: generation.article_id } } });
      publication = list.data!.data[0]!;
    }
    expect(publication.status).toBe("published");
    expect(publication.remote_url).toMatch(/\/b\/[^/]+\/[^/]+$/);

    const listed = await client.GET("/articles", { params: { query: { status: "published" } } });
    expect(listed.data?.data.map((a) => a.id)).toEqual([generation.article_id]);
  });
});
