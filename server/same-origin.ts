import type express from "express";

/**
 * Cross-site form posts are refused before any route runs. React Router checks
 * `Origin` for page actions but not for resource routes (sign-out, AI edits,
 * generation start, sidebar, ...); this covers every mutation alike. Routes
 * called by other servers prove themselves with a signature or a bearer secret
 * instead and are listed here. The Developer API (/api/v1, decision 045) is
 * called from other origins with `Authorization: Bearer <key>` and never reads
 * cookies; a browser cannot add that header to a cross-site form, so those
 * requests (and only those: a cookie-only request to /api/v1 is still checked)
 * go through.
 */

const SIGNED_PATHS = [/^\/resources\/cron\/?$/, /^\/resources\/webhooks\//];
const BEARER_API = /^\/api\/v1(\/|$)/;

/** Posts from other servers that prove themselves (a signature or a bearer secret), not from a browser's form. */
export function isServerToServerRequest(req: express.Request) {
  return SIGNED_PATHS.some((path) => path.test(req.path)) || isBearerApiRequest(req);
}

function isBearerApiRequest(req: express.Request) {
  return BEARER_API.test(req.path) && /^Bearer\s+\S/i.test(req.get("authorization") ?? "");
}
export const MUTATIONS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export function sameOriginMutations(appUrl: string): express.RequestHandler {
  const appOrigin = new URL(appUrl).origin;
  return (req, res, next) => {
    if (!MUTATIONS.has(req.method) || isServerToServerRequest(req)) return next();
    const origin = req.get("origin");
    const fetchSite = req.get("sec-fetch-site");
    const ownOrigin = `${req.protocol}://${req.get("host") ?? ""}`;
    const foreignOrigin = origin !== undefined && origin !== appOrigin && origin !== ownOrigin;
    // Browsers send both; clients that send neither carry no session cookie of a victim (SameSite=Lax).
    if (foreignOrigin || fetchSite === "cross-site") {
      res.status(403).type("text/plain").send("Cross-site request refused");
      return;
    }
    next();
  };
}
