import ipaddr from "ipaddr.js";
import { RateLimiterRes } from "rate-limiter-flexible";
import { RateLimiterDatabase, type LimitOptions } from "./limit-store.server";

/**
 * Brute-force and abuse limits (see docs/decisions/008 and 016), counted in the
 * database so every process shares one count (limit-store.server.ts, decision 080). Two kinds:
 * - consumeRateLimit: per client IP and per email (or other subject) for forms
 *   that send mail or call paid services; every accepted request counts.
 * - admitPasswordGuess: for everything that checks a password with bcrypt
 *   (sign-in, the account page's current password). It counts the attempt
 *   BEFORE bcrypt runs and gives it back on success, so a parallel burst cannot
 *   slip past, and it slows a guessed-at account down instead of locking it.
 */

export const RATE_LIMIT_MESSAGE = "Too many attempts. Please wait a few minutes and try again.";

export type RateLimitedAction =
  "signup" | "resend" | "reset" | "reset-submit" | "change-email" | "scan" | "contact" | "tools" | "invite" | "upload";
type Rule = { points: number; duration: number };

const MINUTES = 60;
export const RATE_LIMIT_RULES: Record<RateLimitedAction, { ip: Rule; email: Rule }> = {
  signup: { ip: { points: 100, duration: 60 * MINUTES }, email: { points: 5, duration: 60 * MINUTES } },
  resend: { ip: { points: 50, duration: 60 * MINUTES }, email: { points: 5, duration: 60 * MINUTES } },
  reset: { ip: { points: 50, duration: 60 * MINUTES }, email: { points: 5, duration: 60 * MINUTES } },
  // Setting a new password from a reset link hashes it; keyed per IP and per link (its token's hash).
  "reset-submit": { ip: { points: 30, duration: 15 * MINUTES }, email: { points: 10, duration: 60 * MINUTES } },
  // Email-change requests mail two addresses; keyed per IP and per account.
  "change-email": { ip: { points: 30, duration: 60 * MINUTES }, email: { points: 5, duration: 60 * MINUTES } },
  // Each scan makes the server fetch a user-given URL; keyed by the signed-in account's email.
  scan: { ip: { points: 60, duration: 60 * MINUTES }, email: { points: 20, duration: 60 * MINUTES } },
  // Public contact forms mail the team; a few messages an hour is plenty for a person.
  contact: { ip: { points: 20, duration: 60 * MINUTES }, email: { points: 5, duration: 60 * MINUTES } },
  // The free tools' calls to paid providers (AI, keyword data), per visitor IP; over it they answer from templates.
  tools: { ip: { points: 30, duration: 10 * MINUTES }, email: { points: 30, duration: 10 * MINUTES } },
  // Team invitations mail an address someone typed; keyed per IP and per inviting account (docs/decisions/044).
  invite: { ip: { points: 60, duration: 60 * MINUTES }, email: { points: 30, duration: 60 * MINUTES } },
  // Pictures added to articles: keyed by the signed-in user (the "email" key) as well as the address.
  upload: { ip: { points: 120, duration: 10 * MINUTES }, email: { points: 60, duration: 10 * MINUTES } },
};

/**
 * The key a client's address is counted under. An IPv6 client usually holds a
 * whole /64 and can pick any address in it, so IPv6 is keyed on the /64; an
 * IPv4-mapped IPv6 address (::ffff:192.0.2.1) counts as the IPv4 address.
 */
export function clientKey(ip: string | undefined) {
  if (!ip) return undefined;
  let addr: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    addr = ipaddr.parse(ip.trim());
  } catch {
    return ip;
  }
  if (addr instanceof ipaddr.IPv6 && addr.isIPv4MappedAddress()) addr = addr.toIPv4Address();
  if (addr instanceof ipaddr.IPv4) return addr.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${addr.toString()}/64`).toString()}/64`;
}

const limiters = new Map<string, RateLimiterDatabase>();
function limiter(name: string, rule: Rule) {
  let found = limiters.get(name);
  if (!found) {
    found = new RateLimiterDatabase({ keyPrefix: name, ...rule });
    limiters.set(name, found);
  }
  return found;
}
/**
 * One counted attempt against a named limit (e.g. AI actions per user);
 * false when the key has none left. Limits elsewhere in the app go through here.
 * Inside a transaction, pass it: `{ db: trx }` (limit-store.server.ts).
 */
export async function consumeNamedLimit(name: string, rule: Rule, key: string, options: LimitOptions = {}) {
  try {
    await limiter(name, rule).consume(key, 1, options);
    return true;
  } catch (error) {
    if (error instanceof RateLimiterRes) return false;
    throw error;
  }
}

/** A named limit's state after one counted attempt, for answers that report it (the API's RateLimit headers). */
export type LimitState = { allowed: boolean; limit: number; remaining: number; resetSeconds: number };

/** Like consumeNamedLimit, but says how much is left and when the window resets. */
export async function consumeNamedLimitState(name: string, rule: Rule, key: string): Promise<LimitState> {
  let res: RateLimiterRes;
  let allowed = true;
  try {
    res = await limiter(name, rule).consume(key);
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    res = error;
    allowed = false;
  }
  return {
    allowed,
    limit: rule.points,
    remaining: Math.max(0, res.remainingPoints),
    resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
  };
}

const formLimiter = (action: RateLimitedAction, by: "ip" | "email") => limiter(`${action}:${by}`, RATE_LIMIT_RULES[action][by]);

export type RateLimitKeys = { ip: string | undefined; email: string | undefined };

function keysOf({ ip, email }: RateLimitKeys) {
  const keys: Array<["ip" | "email", string]> = [];
  const client = clientKey(ip);
  if (client) keys.push(["ip", client]);
  if (email) keys.push(["email", email.trim().toLowerCase()]);
  return keys;
}

/** True when either key has no attempts left, without counting this look. */
export async function isRateLimited(action: RateLimitedAction, keys: RateLimitKeys) {
  for (const [by, key] of keysOf(keys)) {
    const res = await formLimiter(action, by).get(key);
    if (res && res.remainingPoints <= 0) return true;
  }
  return false;
}

/** Counts one attempt against both keys; false when the attempt is over the limit. */
export async function consumeRateLimit(action: RateLimitedAction, keys: RateLimitKeys) {
  let allowed = true;
  for (const [by, key] of keysOf(keys)) {
    try {
      await formLimiter(action, by).consume(key);
    } catch (error) {
      if (error instanceof RateLimiterRes) allowed = false;
      else throw error;
    }
  }
  return allowed;
}

export async function clearRateLimit(action: RateLimitedAction, email: string) {
  await formLimiter(action, "email").delete(email.trim().toLowerCase());
}

/* ---------- Password guesses (docs/decisions/016) ---------- */

export type PasswordGuessKind = "signin" | "current-password";

export const PASSWORD_GUESS_RULES = {
  // Per client address (IPv6 /64) across all accounts: stops bulk guessing from one place.
  ip: { points: 100, duration: 15 * MINUTES },
  // Per (account, address): the tight limit. Its record also decides whether an
  // address is "clean" for the account (no failed guess in the window).
  pair: { points: 5, duration: 15 * MINUTES },
  // Per account: the first `free` failures in the window cost nothing; after
  // that, an address that has failed for the account waits 1 s, 2 s, 4 s, …
  // between guesses, never more than maxWaitSeconds. Clean addresses are not held back.
  account: { free: 10, duration: 15 * MINUTES, maxWaitSeconds: 5 * MINUTES },
} as const;

const COUNTER_POINTS = 1_000_000; // the account counter only counts; it never refuses by itself

function guessLimiters(kind: PasswordGuessKind) {
  const { ip, pair, account } = PASSWORD_GUESS_RULES;
  return {
    ip: limiter(`${kind}:ip`, ip),
    pair: limiter(`${kind}:pair`, pair),
    account: limiter(`${kind}:account`, { points: COUNTER_POINTS, duration: account.duration }),
    // One admitted guess per wait; each key lives for its own (growing) wait.
    pace: limiter(`${kind}:pace`, { points: 1, duration: 1 }),
  };
}

export type PasswordGuessGate =
  { allowed: true; settle: (correct: boolean) => Promise<void> } | { allowed: false; retryAfterSeconds: number };

async function tryConsume(limiterToUse: RateLimiterDatabase, key: string, options?: { customDuration: number }) {
  try {
    return { ok: true as const, res: await limiterToUse.consume(key, 1, options) };
  } catch (error) {
    if (error instanceof RateLimiterRes) return { ok: false as const, res: error };
    throw error;
  }
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * Decides whether one password check may run, counting it before bcrypt. Call
 * `settle(correct)` after the check: a correct password gives the attempt back
 * and clears the (account, address) record; a wrong one stays counted.
 */
export async function admitPasswordGuess(
  kind: PasswordGuessKind,
  { account, ip }: { account: string; ip: string | undefined },
): Promise<PasswordGuessGate> {
  const l = guessLimiters(kind);
  const accountKey = account.trim().toLowerCase();
  const ipKey = clientKey(ip) ?? "unknown";
  const pairKey = `${accountKey}|${ipKey}`;

  const byIp = await tryConsume(l.ip, ipKey);
  if (!byIp.ok) return { allowed: false, retryAfterSeconds: seconds(byIp.res.msBeforeNext) };
  const byPair = await tryConsume(l.pair, pairKey);
  if (!byPair.ok) return { allowed: false, retryAfterSeconds: seconds(byPair.res.msBeforeNext) };
  // consumedPoints counts this attempt too: 1 means no other guess from here is on record.
  const clean = byPair.res.consumedPoints === 1;
  const counted = await l.account.consume(accountKey);

  const over = counted.consumedPoints - PASSWORD_GUESS_RULES.account.free;
  const wait = Math.min(2 ** Math.max(over - 1, 0), PASSWORD_GUESS_RULES.account.maxWaitSeconds);
  if (!clean && over > 0) {
    const paced = await tryConsume(l.pace, accountKey, { customDuration: wait });
    if (!paced.ok) {
      // Not run, so not counted: only admitted guesses make the wait grow.
      await l.account.reward(accountKey);
      await l.pair.reward(pairKey);
      return { allowed: false, retryAfterSeconds: Math.min(seconds(paced.res.msBeforeNext), PASSWORD_GUESS_RULES.account.maxWaitSeconds) };
    }
  }

  return {
    allowed: true,
    settle: async (correct) => {
      if (!correct) {
        // Any failure past the free ones (also from a clean address) starts the wait for the next guess.
        if (over > 0) await l.pace.block(accountKey, wait);
        return;
      }
      await l.ip.reward(ipKey);
      await l.account.reward(accountKey);
      await l.pair.delete(pairKey);
    },
  };
}
