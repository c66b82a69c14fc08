import http from "node:http";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routeConfig from "#app/routes";
import { BODY_LIMITS, bodyLimitFor, readBodyWithin } from "./request-body";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { AddressInfo } from "node:net";
import type { ServerBuild } from "react-router";

/**
 * Walks the URL map (app/routes.ts), imports every route module, and posts one byte under and one byte over
 * each route's declared body limit (and the form limit where none is declared) through an HTTP server that
 * reads bodies as the app's does: by the limit the route table gives for the request's path, `.data` forms
 * included.
 */

type Walked = { id: string; parentId?: string; path?: string; index?: boolean; file: string; fullPath: string };

function walk(entries: RouteConfigEntry[], parent?: Walked): Walked[] {
  return entries.flatMap((entry) => {
    const joined = [parent?.fullPath, entry.path].filter((part) => part !== undefined && part !== "").join("/");
    const walked: Walked = {
      id: entry.id ?? entry.file.replace(/\.[tj]sx?$/, ""),
      parentId: parent?.id,
      path: entry.path,
      index: entry.index,
      file: entry.file,
      fullPath: joined,
    };
    return [walked, ...walk(entry.children ?? [], walked)];
  });
}

const walked = walk(routeConfig);
let routes: ServerBuild["routes"];
let declared: Array<{ url: string; limit: number; file: string }>;
let server: http.Server;
let port: number;

beforeAll(async () => {
  const modules = await Promise.all(walked.map((route) => import(path.resolve("app", route.file)) as Promise<Record<string, unknown>>));
  routes = Object.fromEntries(
    walked.map((route, i) => [
      route.id,
      { id: route.id, parentId: route.parentId, path: route.path, index: route.index, module: modules[i] },
    ]),
  ) as unknown as ServerBuild["routes"];
  declared = walked.flatMap((route, i) => {
    if (typeof modules[i]!.action !== "function") return [];
    const url = "/" + route.fullPath.replace(/:[A-Za-z]+\??/g, "x1").replace(/\*$/, "articles");
    const kind = (modules[i]!.bodyLimit as keyof typeof BODY_LIMITS | undefined) ?? "form";
    return [{ url, limit: BODY_LIMITS[kind], file: route.file }];
  });
  const app = express();
  app.use(async (req, res) => {
    const body = await readBodyWithin(req, res, bodyLimitFor(routes, req.path));
    if (body !== null) res.json({ bytes: body.length });
  });
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
}, 120_000);

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function postBytes(url: string, bytes: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        port,
        host: "127.0.0.1",
        method: "POST",
        path: url,
        headers: { "Content-Type": "application/octet-stream", "Content-Length": bytes },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(Buffer.alloc(bytes, 97));
  });
}

describe("body limits declared beside the routes", () => {
  it("declare only known limits", () => {
    expect(declared.length).toBeGreaterThan(20);
    expect(declared.find((route) => route.file === "routes/dashboard/write/image.ts")?.limit).toBe(BODY_LIMITS.upload);
    expect(declared.find((route) => route.file === "routes/dashboard/write/route.tsx")?.limit).toBe(BODY_LIMITS.article);
    expect(declared.find((route) => route.file === "routes/resources/webhooks.shopify.ts")?.limit).toBe(BODY_LIMITS.webhook);
  });

  it("take one byte under each route's limit and refuse one byte over, for the page and its .data form", async () => {
    const answers: string[] = [];
    for (const { url, limit } of declared) {
      for (const target of [url, url === "/" ? "/_root.data" : `${url}.data`]) {
        answers.push(`${target} under ${await postBytes(target, limit - 1)} over ${await postBytes(target, limit + 1)}`);
      }
    }
    expect(answers.filter((line) => !/under 200 over 413$/.test(line))).toEqual([]);
  }, 120_000);
});
