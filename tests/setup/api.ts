import type { DB } from "#app/db/client.server";
import { createApiKey } from "#app/modules/api/keys.server";
import { action, loader } from "#app/routes/api/v1";
import { callRoute, ORIGIN } from "./route-harness";

/**
 * Developer API requests in integration tests: through the /api/v1 resource
 * route with the route harness, as the server runs it. `apiFetch` is a fetch
 * for API clients (openapi-fetch) that never leaves the process.
 */

/** A key of the user's workspace (optionally limited to one site), as the Integrations tab creates it. */
export async function makeApiKey(db: DB, user: { workspaceId: string; userId: string }, siteId: string | null = null, name = "Test key") {
  const { key, id } = await createApiKey(db, { workspaceId: user.workspaceId, userId: user.userId, ip: null }, { name, siteId });
  return { key, id };
}

export const apiFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  const request = input instanceof Request && !init ? input : new Request(input, init);
  const result = await callRoute({ request, handler: request.method === "GET" || request.method === "HEAD" ? loader : action });
  return result.response ?? new Response(null, { status: result.status, headers: result.headers });
};

export async function api(key: string | null, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await apiFetch(`${ORIGIN}/api/v1${path}`, {
    method,
    headers: {
      ...(key ? { Authorization: `Bearer ${key}` } : {}),
      ...(body !== undefined ? { "Content-Type": "application/json" } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const json: any = text ? JSON.parse(text) : null;
  return { status: response.status, headers: response.headers, json };
}
