import { data } from "react-router";

/**
 * The one way to say "malformed request", "not yours / not here" and "not allowed": thrown from a
 * loader or action, caught by the route's GeneralErrorBoundary
 * (app/components/error-boundary.tsx). A record of another workspace is a 404,
 * never a 403, so ids of other tenants are not confirmed.
 */

/** A request no form of ours sends (an unknown intent, a filled honeypot); forms answer their own errors with replyError. */
export function badRequest(message = "Bad Request"): never {
  throw data(message, { status: 400 });
}

export function notFound(message = "Not Found"): never {
  throw data(message, { status: 404 });
}

export function forbidden(message = "Access Denied"): never {
  throw data(message, { status: 403 });
}

/** Stops a loader whose request is answered elsewhere (replayed on the primary, app/db/replica.server.ts): nothing it rendered is sent. */
export function stopForReplay(): never {
  throw data("Replayed on the primary", { status: 409 });
}
