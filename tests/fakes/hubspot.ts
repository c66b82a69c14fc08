import crypto from "node:crypto";
import http from "node:http";
import { listen, readBody, sendJson } from "./http-fake";

/**
 * A local HubSpot CRM for the official SDK (@hubspot/api-client): Bearer auth
 * with a private-app token (401 INVALID_AUTHENTICATION otherwise, in HubSpot's
 * error shape), and contacts' batch upsert keyed by email
 * (POST /crm/v3/objects/contacts/batch/upsert with idProperty=email): an
 * existing contact is updated, a new one created, as HubSpot does. Test
 * controls: /__fake/contacts, /__fake/requests, /__fake/fail-next {status}, /__fake/reset.
 */

type Contact = { id: string; properties: Record<string, string>; createdAt: string; updatedAt: string };

export async function startFakeHubSpot({ port = 0, token = "pat-na1-fake-inkpilot" } = {}) {
  const contacts = new Map<string, Contact>();
  const requests: Array<{ method: string; path: string }> = [];
  let failNext: number | null = null;
  let nextId = 1001;

  const error = (res: http.ServerResponse, status: number, category: string, message: string) =>
    sendJson(res, status, { status: "error", message, correlationId: crypto.randomUUID(), category });

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    if (url.pathname === "/__fake/contacts") return sendJson(res, 200, [...contacts.values()]);
    if (url.pathname === "/__fake/requests") return sendJson(res, 200, requests);
    if (url.pathname === "/__fake/fail-next" && req.method === "POST") {
      failNext = (JSON.parse((await readBody(req)) || "{}") as { status?: number }).status ?? 500;
      return sendJson(res, 200, { ok: true });
    }
    if (url.pathname === "/__fake/reset" && req.method === "POST") {
      contacts.clear();
      requests.length = 0;
      failNext = null;
      return sendJson(res, 200, { ok: true });
    }
    requests.push({ method: req.method ?? "GET", path: url.pathname });
    if (req.headers.authorization !== `Bearer ${token}`)
      return error(res, 401, "INVALID_AUTHENTICATION", "Authentication credentials not found.");
    if (failNext !== null) {
      const status = failNext;
      failNext = null;
      return status === 429
        ? error(res, 429, "RATE_LIMITS", "You have reached your secondly limit.")
        : error(res, status, "INTERNAL_ERROR", "Internal error (fake).");
    }
    if (req.method === "POST" && url.pathname === "/crm/v3/objects/contacts/batch/upsert") {
      const body = JSON.parse(await readBody(req)) as {
        inputs?: Array<{ idProperty?: string; id?: string; properties?: Record<string, string> }>;
      };
      const started = new Date().toISOString();
      const results = [];
      for (const input of body.inputs ?? []) {
        if (input.idProperty !== "email" || !input.id)
          return error(res, 400, "VALIDATION_ERROR", "This fake upserts contacts by idProperty=email only.");
        const key = input.id.toLowerCase();
        const now = new Date().toISOString();
        const existing = contacts.get(key);
        const contact: Contact = existing
          ? { ...existing, properties: { ...existing.properties, ...input.properties }, updatedAt: now }
          : { id: String(nextId++), properties: { ...input.properties, email: key }, createdAt: now, updatedAt: now };
        contacts.set(key, contact);
        results.push({ ...contact, archived: false, new: !existing });
      }
      return sendJson(res, 200, { status: "COMPLETE", results, startedAt: started, completedAt: new Date().toISOString() });
    }
    return error(res, 404, "OBJECT_NOT_FOUND", `No route for ${req.method} ${url.pathname} (fake).`);
  });
  const listening = await listen(server, port);
  return { ...listening, token, contacts };
}
