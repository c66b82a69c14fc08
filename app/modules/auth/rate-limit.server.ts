import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

/**
 * Brute-force and abuse limits for the public account forms, per client IP and
 * per email address. Kept in process memory (see docs/decisions/010): the
 * per-email limit is the one that protects a single account; the per-IP limit
 * only stops bulk abuse from one address, so it is deliberately generous.
 */

export const RATE_LIMIT_MESSAGE = "Too many attempts. Please wait a few minutes and try again.";

export type RateLimitedAction = "signin" | "signup" | "resend" | "reset" | "scan" | "contact" | "tools";
type Rule = { points: number; duration: number };

const MINUTES = 60;
export const RATE_LIMIT_RULES: Record<RateLimitedAction, { ip: Rule; email: Rule }> = {
  // Sign-in counts failed attempts only; a success clears the email's count.
  signin: { ip: { points: 100, duration: 15 * MINUTES }, email: { points: 10, duration: 15 * MINUTES } },
  signup: { ip: { points: 100, duration: 60 * MINUTES }, email: { points: 5, duration: 60 * MINUTES } },
  resend: { ip: { points: 50, duration: 60 * MINUTES }, email: { points: 5, duration: 60 * MINUTES } },
  reset: { ip: { points: 50, duration: 60 * MINUTES }, email: { points: 5, duration: 60 * MINUTES } },
  // Each scan makes the server fetch a user-given URL; keyed by the signed-in account's email.
  scan: { ip: { points: 60, duration: 60 * MINUTES }, email: { points: 20, duration: 60 * MINUTES } },
  // Public contact forms mail the team; a few messages an hour is plenty for a person.
  contact: { ip: { points: 20, duration: 60 * MINUTES }, email: { points: 5, duration: 60 * MINUTES } },
  // The free tools' calls to paid providers (AI, keyword data), per visitor IP; over it they answer from templates.
  tools: { ip: { points: 30, duration: 10 * MINUTES }, email: { points: 30, duration: 10 * MINUTES } },
};

const limiters = new Map<string, RateLimiterMemory>();
function limiter(action: RateLimitedAction, by: "ip" | "email") {
  const name = `${action}:${by}`;
  let found = limiters.get(name);
  if (!found) {
    found = new RateLimiterMemory({ keyPrefix: name, ...RATE_LIMIT_RULES[action][by] });
    limiters.set(name, found);
  }
  return found;
}

export type RateLimitKeys = { ip: string | undefined; email: string | undefined };

function keysOf({ ip, email }: RateLimitKeys) {
  const keys: Array<["ip" | "email", string]> = [];
  if (ip) keys.push(["ip", ip]);
  if (email) keys.push(["email", email.trim().toLowerCase()]);
  return keys;
}

/** True when either key has no attempts left, without counting this look. */
export async function isRateLimited(action: RateLimitedAction, keys: RateLimitKeys) {
  for (const [by, key] of keysOf(keys)) {
    const res = await limiter(action, by).get(key);
    if (res && res.remainingPoints <= 0) return true;
  }
  return false;
}

/** Counts one attempt against both keys; false when the attempt is over the limit. */
export async function consumeRateLimit(action: RateLimitedAction, keys: RateLimitKeys) {
  let allowed = true;
  for (const [by, key] of keysOf(keys)) {
    try {
      await limiter(action, by).consume(key);
    } catch (error) {
      if (error instanceof RateLimiterRes) allowed = false;
      else throw error;
    }
  }
  return allowed;
}

export async function clearRateLimit(action: RateLimitedAction, email: string) {
  await limiter(action, "email").delete(email.trim().toLowerCase());
}
