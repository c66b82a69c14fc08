import { RouterContextProvider, type MiddlewareFunction, type UNSAFE_DataWithResponseInit } from "react-router";
import { requestContext } from "#app/context";
import type { DB } from "#app/db/client.server";
import { startSession } from "#app/modules/auth/session.server";

/**
 * The one way integration tests call route loaders and actions: the way the
 * server does, with a RouterContextProvider carrying requestContext, the
 * route's middleware run in order around the handler, thrown Responses
 * (redirects, 404s) caught and returned. Rows come from tests/setup/factories.ts.
 *
 *   const { cookie } = await makeUser(db);
 *   const res = await callRoute({ middleware: [requireAuth], handler: loader, request: get("/dashboard", cookie) });
 *   expect(res.status).toBe(200); res.data // the loader's value
 */

/** APP_URL of the tests (tests/setup/per-file-db.ts). */
export const ORIGIN = "http://localhost:3000";
/** The client address requests come from unless a test says otherwise (TEST-NET-3, not loopback). */
export const CLIENT_IP = "203.0.113.7";

/** A session for this user, as the Cookie header a browser would send. */
export async function signInAs(db: DB, userId: string) {
  const setCookie = await startSession(db, userId, new Request(ORIGIN));
  return setCookie.split(";")[0]!;
}

/** The `name=value` parts of a result's Set-Cookie headers, ready for a Cookie header. */
export function cookiesOf(result: { headers: Headers }) {
  return result.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
}

/** Joins Cookie header parts (session, sidebar state, ...) skipping empty ones. */
export function cookies(...parts: Array<string | null | undefined>) {
  return parts.filter(Boolean).join("; ");
}

export function get(path: string, cookie?: string, headers: Record<string, string> = {}) {
  return new Request(new URL(path, ORIGIN), { headers: { ...(cookie ? { Cookie: cookie } : {}), ...headers } });
}

/** A POST with an urlencoded body (what a plain HTML form sends). */
export function post(path: string, fields: Record<string, string>, cookie?: string) {
  return new Request(new URL(path, ORIGIN), {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(fields),
  });
}

/** A multipart POST; Content-Length is set as a browser would. */
export async function postMultipart(path: string, form: FormData, cookie?: string) {
  const encoded = new Request(ORIGIN, { method: "POST", body: form });
  const body = await encoded.arrayBuffer();
  return new Request(new URL(path, ORIGIN), {
    method: "POST",
    headers: {
      "Content-Type": encoded.headers.get("Content-Type")!,
      "Content-Length": String(body.byteLength),
      Origin: ORIGIN,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body,
  });
}

/** What data() returns; react-router exports its class as a type only, so recognise it by shape. */
function isDataWithInit(value: unknown): value is UNSAFE_DataWithResponseInit<unknown> {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

type HandlerArgs = { request: Request; url: URL; context: RouterContextProvider; params: Record<string, string | undefined> };
// Route modules type their args with generated types; the harness passes the same runtime shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Handler = (args: any) => unknown;

export type RouteResult<T = unknown> = {
  status: number;
  headers: Headers;
  /** The handler's value (data() unwrapped); undefined when a Response came back or was thrown. */
  data: T;
  /** The Response returned or thrown (redirects, errors), if any. */
  response: Response | null;
  context: RouterContextProvider;
};

export function newContext(ip = CLIENT_IP) {
  const context = new RouterContextProvider();
  context.set(requestContext, { nonce: "test-nonce", requestId: "test-request", ip });
  return context;
}

export async function callRoute<T = unknown>({
  request,
  handler,
  middleware = [],
  params = {},
  ip,
  context = newContext(ip),
}: {
  request: Request;
  handler: Handler;
  middleware?: MiddlewareFunction<Response>[];
  params?: Record<string, string | undefined>;
  /** The client address (rate limits, session rows); ignored when a context is given. */
  ip?: string;
  context?: RouterContextProvider;
}): Promise<RouteResult<T>> {
  // `url` is what the router passes beside the raw request (v8_passThroughRequests, docs/decisions/032).
  const args: HandlerArgs = { request, url: new URL(request.url), context, params };
  let value: unknown;
  let plainValue = false;

  const runHandler = async (): Promise<Response> => {
    try {
      value = await handler(args);
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      // notFound()/forbidden() (app/utils/responses.server.ts) throw data(message, { status }).
      if (isDataWithInit(thrown))
        return new Response(String(thrown.data), { status: thrown.init?.status ?? 500, headers: thrown.init?.headers });
      throw thrown;
    }
    if (value instanceof Response) return value;
    plainValue = true;
    if (isDataWithInit(value)) {
      const init = value.init ?? {};
      return new Response(null, { status: init.status ?? 200, headers: init.headers });
    }
    return new Response(null, { status: 200 });
  };

  const run = async (index: number): Promise<Response> => {
    const current = middleware[index];
    if (!current) return runHandler();
    let downstream: Response | undefined;
    const returned = await current(args as unknown as Parameters<MiddlewareFunction<Response>>[0], async () => {
      downstream = await run(index + 1);
      return downstream;
    });
    return (returned as Response | undefined) ?? downstream ?? new Response(null, { status: 200 });
  };

  let response: Response;
  try {
    response = await run(0);
  } catch (thrown) {
    // A middleware's refusal: a Response, or forbidden() (data with a status) as the operator guard throws.
    if (isDataWithInit(thrown))
      response = new Response(String(thrown.data), { status: thrown.init?.status ?? 500, headers: thrown.init?.headers });
    else if (thrown instanceof Response) response = thrown;
    else throw thrown;
    plainValue = false;
  }

  const data = plainValue ? (isDataWithInit(value) ? value.data : value) : undefined;
  return { status: response.status, headers: response.headers, data: data as T, response: plainValue ? null : response, context };
}

/** The path a redirect Response points to, or null. */
export function redirectTarget(result: Pick<RouteResult, "status" | "headers">) {
  if (result.status < 300 || result.status >= 400) return null;
  return result.headers.get("Location");
}
