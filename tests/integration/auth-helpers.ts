import { RouterContextProvider } from "react-router";
import { requestContext } from "#app/context";

/** Calls route loaders and actions the way the router does, for the account-access tests. */

export const BASE = "http://localhost:3000";

// Typed loosely on purpose: each route's generated Args type is a superset of what is passed here.
type Handler<T> = (args: never) => T;

/** Runs a loader or action; a thrown Response (redirect, 400) is returned like a result. */
export async function call<T>(handler: Handler<T>, request: Request, ip = "203.0.113.7"): Promise<Awaited<T> | Response> {
  const context = new RouterContextProvider();
  context.set(requestContext, { nonce: "test", requestId: "test-request", ip });
  try {
    const args = { request, context, params: {}, url: new URL(request.url), pattern: "" };
    return await handler(args as never);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

export function get(path: string, cookie?: string) {
  return new Request(`${BASE}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
}

export function post(path: string, form: Record<string, string>, cookie?: string) {
  return new Request(`${BASE}${path}`, {
    method: "POST",
    body: new URLSearchParams(form),
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
  });
}

/** The `name=value` parts of a response's Set-Cookie headers, ready for a Cookie header. */
export function cookiesOf(response: Response) {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
}

/** The payload of a `data(...)` result or a plain object result. */
export function payloadOf<T>(result: unknown): T {
  if (result && typeof result === "object" && "data" in result && "init" in result) return (result as { data: T }).data;
  return result as T;
}

export function statusOf(result: unknown) {
  if (result instanceof Response) return result.status;
  if (result && typeof result === "object" && "init" in result) return (result as { init: ResponseInit | null }).init?.status ?? 200;
  return 200;
}
