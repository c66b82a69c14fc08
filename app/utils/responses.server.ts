import { data } from "react-router";

/**
 * The one way to say "not yours / not here" and "not allowed": thrown from a
 * loader or action, caught by the route's GeneralErrorBoundary
 * (app/components/error-boundary.tsx). A record of another workspace is a 404,
 * never a 403, so ids of other tenants are not confirmed.
 */

export function notFound(message = "Not Found"): never {
  throw data(message, { status: 404 });
}

export function forbidden(message = "Access Denied"): never {
  throw data(message, { status: 403 });
}
