import { clientKey } from "#app/modules/auth/rate-limit.server";
import { MUTATIONS } from "./same-origin";
import type express from "express";

/**
 * At most a few form posts from one client address are worked on at once; the
 * rest are turned away with a plain 429, before any of them parses a body,
 * renders a page or runs bcrypt. A person's browser has one or two posts in
 * flight; a script firing forty in parallel would otherwise queue every other
 * visitor's requests behind forty page renders. Keyed like the rate limits
 * (IPv6 by /64).
 *
 * The refusal is answered after its Retry-After, not at once: a script that
 * re-sends as soon as it is refused then costs one refusal a second per
 * connection instead of about a thousand, which kept the event loop busy
 * enough to hold /healthz up (docs/decisions/053). Waiting costs a timer, no CPU.
 */

const MAX_CONCURRENT_MUTATIONS_PER_CLIENT = 6;
const RETRY_AFTER_S = 1;
const API_PATH = /^\/api\/v1(\/|$)/;

export function limitConcurrentMutations(
  max = MAX_CONCURRENT_MUTATIONS_PER_CLIENT,
  refusalDelayMs = RETRY_AFTER_S * 1000,
): express.RequestHandler {
  const inFlight = new Map<string, number>();
  return (req, res, next) => {
    const key = MUTATIONS.has(req.method) ? clientKey(req.ip) : undefined;
    if (!key) return next();
    const current = inFlight.get(key) ?? 0;
    if (current >= max) {
      const timer = setTimeout(() => refuse(req, res, max), refusalDelayMs);
      res.once("close", () => clearTimeout(timer));
      return;
    }
    inFlight.set(key, current + 1);
    // 'close' fires once, whether the answer finished or the client went away.
    res.once("close", () => {
      const left = (inFlight.get(key) ?? 1) - 1;
      if (left > 0) inFlight.set(key, left);
      else inFlight.delete(key);
    });
    next();
  };
}

function refuse(req: express.Request, res: express.Response, max: number) {
  // Answered before helmet (server/app.ts runs this first), so the one header a plain answer needs is set here.
  res.status(429).set({ "Retry-After": String(RETRY_AFTER_S), "X-Content-Type-Options": "nosniff" });
  // The Developer API answers every error as JSON with a stable code (decision 045).
  if (API_PATH.test(req.path)) {
    res.json({ error: { code: "rate_limited", message: `Send at most ${max} requests at once from one network.` } });
    return;
  }
  res.type("text/plain").send("Too many requests at once from your network. Please try again in a moment.");
}
