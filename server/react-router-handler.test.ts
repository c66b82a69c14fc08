import http from "node:http";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeBody } from "./react-router-handler";
import type { AddressInfo } from "node:net";

let server: http.Server;
let base: string;
let writes: number[] = [];
const LATE_MS = 150;

beforeAll(async () => {
  const app = express();
  app.use(compression({ level: 1 }));
  // A page as React writes it: 60 chunks of 2 KB in one turn, then a late part (a streamed boundary).
  app.get("/page", (_req, res) => {
    writes = [];
    const write = res.write.bind(res) as (chunk: Uint8Array) => boolean;
    res.write = ((chunk: Uint8Array) => (writes.push(chunk.byteLength), write(chunk))) as typeof res.write;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 60; i++) controller.enqueue(Buffer.alloc(2048, 97 + (i % 26)));
        setTimeout(() => {
          controller.enqueue(Buffer.from("late"));
          controller.close();
        }, LATE_MS);
      },
    });
    res.setHeader("content-type", "text/html");
    void writeBody(body, res);
  });
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("writeBody", () => {
  it("writes a burst of chunks as one, flushed at once, and the late part when it comes", async () => {
    const started = Date.now();
    const { firstAt, text } = await new Promise<{ firstAt: number; text: string }>((resolve, reject) => {
      http
        .get(`${base}/page`, { headers: { "accept-encoding": "gzip" } }, (res) => {
          expect(res.headers["content-encoding"]).toBe("gzip");
          const gunzip = res.pipe(zlib.createGunzip());
          let firstAt = 0;
          let text = "";
          gunzip.on("data", (chunk: Buffer) => {
            firstAt ||= Date.now() - started;
            text += chunk.toString();
          });
          gunzip.on("end", () => resolve({ firstAt, text }));
          gunzip.on("error", reject);
        })
        .on("error", reject);
    });
    expect(text).toHaveLength(60 * 2048 + 4);
    expect(text.endsWith("late")).toBe(true);
    // The first burst arrives before the late part is written: flushed, not held until the end.
    expect(firstAt).toBeLessThan(LATE_MS);
    // One write for the burst of 60 chunks, one for the late part.
    expect(writes).toEqual([60 * 2048, 4]);
  });
});
