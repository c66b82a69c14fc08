import { getDb } from "#app/db/client.server";
import { admitRequest, finishRequest } from "#app/modules/auth/limit-store.server";
import { clientKey } from "#app/modules/auth/rate-limit.server";
import { logger } from "#app/utils/logger.server";
import { isServerToServerRequest, MUTATIONS } from "./same-origin";
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
 *
 * The posts under way are counted in the database, so several web processes on
 * the primary share one count per client (docs/decisions/080).
 */

const MAX_CONCURRENT_MUTATIONS_PER_CLIENT = 6;
const RETRY_AFTER_S = 1;
const API_PATH = /^\/api\/v1(\/|$)/;

export function limitConcurrentMutations(
  max = MAX_CONCURRENT_MUTATIONS_PER_CLIENT,
  refusalDelayMs = RETRY_AFTER_S * 1000,
): express.RequestHandler {
  return async (req, res, next) => {
    const key = MUTATIONS.has(req.method) ? clientKey(req.ip) : undefined;
    if (!key) return next();
    let admitted: number | null;
    try {
      admitted = await admitRequest(getDb(), key, max);
    } catch (error) {
      return next(error);
    }
    if (admitted === null) {
      const timer = setTimeout(() => refuse(req, res, max), refusalDelayMs);
      res.once("close", () => clearTimeout(timer));
      return;
    }
    // 'close' fires once, whether the answer finished or the client went away.
    res.once("close", () => {
      finishRequest(getDb(), admitted).catch((error: unknown) => logger.warn({ err: error }, "could not end a counted post"));
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

const MAX_ANONYMOUS_IN_FLIGHT = 4;
const MAX_ANONYMOUS_QUEUED = 500;

/**
 * Form posts without a signed session (sign-in, sign-up, password reset, contact, the free tools) are worked on
 * a few at a time across all clients, the rest waiting their turn in order. The per-client limit above does not
 * hold a flood from many addresses (a botnet, or one client naming itself in X-Forwarded-For where no proxy
 * strips it), and sixty posts started at once would each take their slice of the main thread before /healthz
 * or a signed-in customer's request got theirs. Waiting costs no CPU; past the queue a plain 503 answers
 * (docs/decisions/061-bounded-text-work.md). `isSignedIn` checks the session cookie's signature, so a made-up
 * cookie does not skip the line.
 */
export function gateAnonymousMutations(
  isSignedIn: (cookieHeader: string | undefined) => Promise<boolean>,
  { maxInFlight = MAX_ANONYMOUS_IN_FLIGHT, maxQueued = MAX_ANONYMOUS_QUEUED } = {},
): express.RequestHandler {
  let inFlight = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else inFlight -= 1;
  };
  return async (req, res, next) => {
    if (!MUTATIONS.has(req.method) || isServerToServerRequest(req)) return next();
    try {
      if (await isSignedIn(req.get("cookie"))) return next();
    } catch (error) {
      return next(error);
    }
    if (inFlight < maxInFlight) {
      inFlight += 1;
      res.once("close", release);
      return next();
    }
    if (waiting.length >= maxQueued) {
      res.status(503).set({ "Retry-After": "5", "X-Content-Type-Options": "nosniff" });
      res.type("text/plain").send("The server is busy. Please try again in a moment.");
      return;
    }
    const turn = () => {
      if (res.destroyed) return release();
      res.once("close", release);
      next();
    };
    waiting.push(turn);
    // A client that gives up while waiting leaves the line.
    res.once("close", () => {
      const index = waiting.indexOf(turn);
      if (index >= 0) waiting.splice(index, 1);
    });
  };
}
