import http from "node:http";
import { expect, test } from "vitest";
import "#app/modules/onboarding/scan.server";
import "#app/modules/articles/sanitize.server";
import "#app/modules/ai/offline-writer.server";
import "#app/modules/generation/edit.server";
import { listen } from "#tests/fakes/http-fake";

// Loading the npm `undici` (cheerio's full entry does) replaces the global
// dispatcher under Node 20's built-in fetch, which then refuses requests that
// set Content-Length themselves, as arctic's OAuth token request does. The app
// imports cheerio/slim; this guards against the breakage coming back.
test("the app's HTML modules leave the built-in fetch working for requests with Content-Length", async () => {
  const server = await listen(http.createServer((req, res) => req.on("data", () => {}).on("end", () => res.end("ok"))));
  try {
    const body = new TextEncoder().encode("grant_type=authorization_code");
    const request = new Request(`${server.url}/token`, { method: "POST", body });
    request.headers.set("Content-Length", String(body.byteLength));
    const response = await fetch(request);
    expect(await response.text()).toBe("ok");
  } finally {
    await server.close();
  }
});
