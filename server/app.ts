import crypto from "node:crypto";
import express from "express";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import { RouterContextProvider } from "react-router";
import { requestContext } from "#app/context";
import { closeDb, getDb, getSqlite } from "#app/db/client.server";
import { isReplica } from "#app/db/replica.server";
import { startCheckpoints } from "#app/db/checkpoints.server";
import { migrateToLatest } from "#app/db/migrate.server";
import { getEnv } from "#app/env.server";
import { stripeHostedOrigins } from "#app/modules/billing/stripe.server";
import { googleConsentOrigins } from "#app/modules/auth/google-discovery.server";
import { hasSignedSessionCookie } from "#app/modules/auth/session.server";
import { wireAreaHooks } from "#app/worker/hooks.server";
import { startBackgroundWork, stopBackgroundWork } from "#app/worker/worker.server";
import { seedDemoIfEmpty } from "#app/modules/demo/seed.server";
import { publicPageCache } from "#app/modules/site-content/page-cache.server";
// The launcher puts this in front of Express: cached public pages are answered before any middleware.
export { withPageCache } from "#app/modules/site-content/page-cache.server";
import { grantOperatorsByEmail } from "#app/modules/auth/operators.server";
import { inlineScriptHashes } from "#app/modules/site-content/inline-scripts";
import { stopCpuPool, warmCpuPool } from "#app/modules/cpu/pool.server";
import { logger } from "#app/utils/logger.server";
// Single-use tokens and OAuth codes arrive in query strings; their values never reach the log.
import { redactSecrets } from "#app/utils/redact";
import { reactRouterHandler } from "./react-router-handler";
import { gateAnonymousMutations, limitConcurrentMutations } from "./concurrency";
import { sameOriginMutations } from "./same-origin";
import { serveBlogHosts } from "./blog-hosts";
import { replayWritesOnPrimary, restartWhenRoleChanges } from "./replica";

/**
 * The web application around React Router: request ids and logs, security
 * headers with a per-request CSP nonce, body limits (server/request-body.ts),
 * same-origin mutations (server/same-origin.ts) and the health check.
 * The launcher (server/index.js) adds compression and static files in front.
 */

export function createApp({ development = false } = {}) {
  const env = getEnv();
  const secureOrigin = env.appUrl.startsWith("https:");
  const app = express.Router();

  // First, before the request log, ids, nonces and security headers: the health check answers a load balancer
  // many times a minute, and a burst of form posts past the per-client limit is refused in a few microseconds
  // each. Behind them, each refusal cost the log line and headers of a page, and 40 parallel posts kept the
  // event loop busy enough to hold /healthz up for hundreds of milliseconds (docs/decisions/053).
  // The database is asked directly, not through Kysely: its one connection is shared behind a first-come mutex that
  // a flood's queries (and any open transaction) hold, and the health check would wait behind all of them while the
  // event loop itself was free (docs/decisions/061-bounded-text-work.md).
  app.get("/healthz", (_req, res) => {
    try {
      getSqlite().prepare("SELECT 1").get();
      res.json({ ok: true });
    } catch (error) {
      logger.error({ err: error }, "health check failed");
      res.status(503).json({ ok: false });
    }
  });
  // A replica never writes: a form post or API write that reaches one goes to the primary before anything else.
  app.use(replayWritesOnPrimary());
  // A customer's domain serves only that blog; any other name we do not know gets a plain 404.
  app.use(serveBlogHosts());
  app.use(limitConcurrentMutations());
  app.use(gateAnonymousMutations(hasSignedSessionCookie));

  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const given = req.headers["x-request-id"];
        const id = typeof given === "string" && /^[\w-]{8,64}$/.test(given) ? given : crypto.randomUUID();
        res.setHeader("X-Request-Id", id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === "/healthz" },
      // One short line per request: headers carry cookies and tokens, so they stay out.
      serializers: {
        req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, url: redactSecrets(req.url) }),
        res: (res: { statusCode: number }) => ({ status: res.statusCode }),
      },
    }),
  );

  app.use((_req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    next();
  });

  app.use(
    helmet({
      contentSecurityPolicy: development
        ? false
        : {
            useDefaults: false,
            directives: {
              defaultSrc: ["'self'"],
              scriptSrc: [
                "'self'",
                "'strict-dynamic'",
                (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`,
                ...inlineScriptHashes,
              ],
              styleSrc: ["'self'", "'unsafe-inline'"],
              imgSrc: ["'self'", "data:", "blob:", "https:"],
              fontSrc: ["'self'", "data:"],
              connectSrc: ["'self'"],
              frameSrc: ["https://www.youtube-nocookie.com", "https://www.youtube.com", "https://player.vimeo.com"],
              objectSrc: ["'none'"],
              baseUri: ["'self'"],
              // Plus Stripe's hosted checkout and portal, where the plan page's forms redirect (docs/decisions/046),
              // and Google's consent page, where the Search Console card's connect form redirects.
              formAction: ["'self'", ...stripeHostedOrigins(env), ...googleConsentOrigins(env)],
              frameAncestors: ["'none'"],
              ...(secureOrigin ? { upgradeInsecureRequests: [] } : {}),
            },
          },
      strictTransportSecurity: env.isProduction && secureOrigin ? { maxAge: 31536000, includeSubDomains: true } : false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      crossOriginEmbedderPolicy: false,
    }),
  );

  app.use(sameOriginMutations(env.appUrl));

  // Anonymous public pages are rendered once per deploy and served from memory (hot reload needs fresh renders).
  if (!development) app.use(publicPageCache());

  app.use(
    reactRouterHandler({
      build: () => import("virtual:react-router/server-build"),
      mode: development ? "development" : "production",
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
        context.set(requestContext, {
          nonce: res.locals.cspNonce as string,
          requestId: String(req.id),
          ip: req.ip,
        });
        return context;
      },
    }),
  );
  return app;
}

export async function boot() {
  const env = getEnv();
  wireAreaHooks();
  // The CPU worker threads (bcrypt, large articles) start now rather than inside someone's request.
  warmCpuPool();
  const db = getDb();
  const replica = isReplica();
  stopRoleWatch = restartWhenRoleChanges(replica, () => process.kill(process.pid, "SIGUSR2"));
  if (!replica) {
    const applied = await migrateToLatest(db);
    if (applied.length) logger.info({ applied }, "migrations applied");
    if (!env.isProduction && env.SEED_DEMO) await seedDemoIfEmpty(db);
    await grantOperatorsByEmail(db, env.OPERATOR_EMAILS);
    checkpointOutsideRequests(env);
    if (env.RUN_WORKER) startBackgroundWork(db);
  }
  return env;
}

/**
 * No request ever runs a WAL checkpoint: this process's connection leaves them to the checkpoint thread of the
 * process that runs the worker (app/db/checkpoints.server.ts).
 */
function checkpointOutsideRequests(env: ReturnType<typeof getEnv>) {
  getSqlite().pragma("wal_autocheckpoint = 0");
  if (env.RUN_WORKER) stopCheckpoints = startCheckpoints(env.databasePath);
}

let stopRoleWatch: (() => void) | undefined;
let stopCheckpoints: (() => Promise<void>) | undefined;

export async function shutdown() {
  stopRoleWatch?.();
  await stopCheckpoints?.();
  await stopBackgroundWork();
  await stopCpuPool();
  await closeDb();
}
