import { replayOnPrimary } from "#app/db/replica.server";
import type { DB } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import { isQuotaError } from "#app/modules/articles/quota.server";
import { consumeNamedLimitState, type LimitState } from "#app/modules/auth/rate-limit.server";
import { safeTimeZone } from "#app/utils/time";
import { logger } from "#app/utils/logger.server";
import { ApiError, notFoundError, validationError, type ApiIssue } from "./errors";
import { HANDLERS, type ApiSite } from "./handlers.server";
import { authenticateApiKey, bearerToken, type ApiPrincipal } from "./keys.server";
import { API_BASE_PATH, openApiDocument } from "./openapi";
import { OPERATIONS, pathMatcher, type Operation, type OperationId } from "./operations";
import type { z } from "zod";

/**
 * The Developer API's one entry (decision 045): matches the request against
 * the operations table, authenticates the bearer key (looked up on every
 * request, so a revoked key is refused at once), counts it against the key's
 * rate limit, resolves the site, validates path, query and body with the
 * operation's zod schemas and runs its handler. Every answer is JSON; every
 * error has a stable code. Cookies are never read here.
 */

/** Requests per key per window; reported in the RateLimit and RateLimit-Policy headers (IETF draft). */
export const API_RATE_LIMIT = { points: 120, duration: 60 };

const MATCHERS = (Object.entries(OPERATIONS) as Array<[OperationId, Operation]>).map(([id, op]) => ({ id, op, ...pathMatcher(op.path) }));

function json(status: number, body: unknown, headers: Headers = new Headers()) {
  headers.set("Cache-Control", "no-store");
  if (body === null) return new Response(null, { status, headers });
  headers.set("Content-Type", "application/json; charset=utf-8");
  return new Response(JSON.stringify(body), { status, headers });
}

function apiErrorResponse(error: ApiError, headers: Headers = new Headers()) {
  if (error.status === 401) headers.set("WWW-Authenticate", 'Bearer realm="inkpilot"');
  return json(
    error.status,
    { error: { code: error.code, message: error.message, ...(error.issues ? { issues: error.issues } : {}) } },
    headers,
  );
}

function rateLimitHeaders(state: LimitState) {
  const headers = new Headers();
  headers.set("RateLimit-Policy", `"default";q=${state.limit};w=${API_RATE_LIMIT.duration}`);
  headers.set("RateLimit", `"default";r=${state.remaining};t=${state.resetSeconds}`);
  if (!state.allowed) headers.set("Retry-After", String(state.resetSeconds));
  return headers;
}

function issuesOf(where: string, error: z.ZodError): ApiIssue[] {
  return error.issues.map((issue) => ({
    path: [where, ...issue.path.map(String)].join("."),
    message: issue.message,
  }));
}

function parsePart<S extends z.ZodType>(schema: S | undefined, value: unknown, where: string, issues: ApiIssue[]) {
  if (!schema) return {};
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  issues.push(...issuesOf(where, result.error));
  return undefined;
}

async function readJsonBody(request: Request): Promise<unknown> {
  const text = await request.text();
  if (!text.trim()) return {};
  if (!/^application\/(.+\+)?json\b/i.test(request.headers.get("Content-Type") ?? "")) {
    throw validationError([{ path: "body", message: "Send the body as JSON with Content-Type: application/json" }]);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw validationError([{ path: "body", message: "The body is not valid JSON" }]);
  }
}

/** The site the request acts on: the key's own, or site_id of the key's workspace, or its first site. */
async function resolveSite(db: DB, principal: ApiPrincipal, asked: string | null): Promise<ApiSite> {
  if (principal.siteId && asked && asked !== principal.siteId) {
    throw new ApiError(403, "forbidden", "This key is limited to one site; leave site_id out or pass that site's id.");
  }
  let query = db
    .selectFrom("sites")
    .select(["id", "workspace_id", "name", "url", "timezone", "created_at"])
    .where("workspace_id", "=", principal.workspaceId);
  const wanted = principal.siteId ?? asked;
  if (wanted) query = query.where("id", "=", wanted);
  const site = await query.orderBy("created_at").orderBy("id").limit(1).executeTakeFirst();
  if (!site) throw notFoundError("Site");
  return {
    id: site.id,
    workspaceId: site.workspace_id,
    name: site.name,
    url: site.url,
    timeZone: safeTimeZone(site.timezone),
    createdAt: site.created_at,
  };
}

function match(method: string, path: string) {
  const lower = method.toLowerCase();
  const onPath = MATCHERS.map((m) => ({ m, found: m.regex.exec(path) })).filter((x) => x.found);
  if (!onPath.length) return { kind: "none" as const };
  const hit = onPath.find((x) => x.m.op.method === lower);
  if (!hit) return { kind: "method" as const, allow: onPath.map((x) => x.m.op.method.toUpperCase()).join(", ") };
  const params = Object.fromEntries(hit.m.names.map((name, i) => [name, decodeURIComponent(hit.found![i + 1]!)]));
  return { kind: "hit" as const, id: hit.m.id, op: hit.m.op, params };
}

export async function handleApiRequest(db: DB, request: Request): Promise<Response> {
  const url = new URL(request.url);
  const path = url.pathname.slice(API_BASE_PATH.length) || "/";
  if (path === "/openapi.json" && request.method === "GET") {
    const headers = new Headers({ "Access-Control-Allow-Origin": "*" });
    const res = json(200, openApiDocument(getEnv().appUrl), headers);
    res.headers.set("Cache-Control", "public, max-age=300");
    return res;
  }
  let rateHeaders = new Headers();
  try {
    const found = match(request.method, path);
    if (found.kind === "none") throw new ApiError(404, "not_found", "No such endpoint. The API is described at /api/v1/openapi.json.");
    if (found.kind === "method") {
      return apiErrorResponse(
        new ApiError(405, "method_not_allowed", `Use ${found.allow} on this path.`),
        new Headers({ Allow: found.allow }),
      );
    }
    // Every call counts against its key's limit and stamps the key's last use: the API is served by the primary
    // (docs/decisions/080-replicas-and-processes.md).
    if (replayOnPrimary("the Developer API")) return new Response(null, { status: 409 });
    const token = bearerToken(request);
    if (!token) throw new ApiError(401, "unauthorized", "Send your API key as Authorization: Bearer <key>.");
    const principal = await authenticateApiKey(db, token);
    if (!principal) throw new ApiError(401, "unauthorized", "This API key is not valid or has been revoked.");

    const limit = await consumeNamedLimitState("api:key", API_RATE_LIMIT, principal.keyId);
    rateHeaders = rateLimitHeaders(limit);
    if (!limit.allowed) {
      throw new ApiError(429, "rate_limited", `Too many requests with this key; try again in ${limit.resetSeconds} s.`);
    }

    const site = await resolveSite(db, principal, url.searchParams.get("site_id"));
    const issues: ApiIssue[] = [];
    const op: Operation = found.op;
    const params = parsePart(op.params, found.params, "path", issues);
    const query = parsePart(op.query, Object.fromEntries(url.searchParams), "query", issues);
    const body = op.body ? parsePart(op.body, await readJsonBody(request), "body", issues) : {};
    if (issues.length) throw validationError(issues);

    const handler = HANDLERS[found.id] as (ctx: unknown) => Promise<unknown>;
    const result = await handler({ db, principal, site, params, query, body });
    assertShape(found.id, op, result);
    return json(op.success.status, op.success.schema ? result : null, rateHeaders);
  } catch (error) {
    if (error instanceof ApiError) return apiErrorResponse(error, rateHeaders);
    if (isQuotaError(error)) return apiErrorResponse(new ApiError(422, "quota_exceeded", `${error.title}: ${error.message}`), rateHeaders);
    logger.error({ err: error, path }, "API request failed");
    return apiErrorResponse(new ApiError(500, "internal_error", "Something went wrong on our side. Please try again."), rateHeaders);
  }
}

/** Outside production every answer is checked against its documented schema, so the tests catch drift. */
function assertShape(id: string, op: Operation, result: unknown) {
  if (getEnv().isProduction || !op.success.schema) return;
  const checked = op.success.schema.safeParse(result);
  if (!checked.success) throw new Error(`API ${id} answered outside its schema: ${checked.error.message}`);
}
