import type { DB } from "#app/db/client.server";
import { assertPublicDestination, OutboundRequestError } from "#app/utils/http.server";
import { logger } from "#app/utils/logger.server";
import { getAdapter } from "./adapters.server";
import { getConnectionForUse, markDisconnected, recordDoctor, saveConnection, type ConnectionView } from "./connections.server";
import { logDiag, newCorrelationId } from "./diagnostics.server";
import { PublishError, type AdapterContext, type ConnectInput, type DoctorCheck, type PlatformId } from "./types";
import { adapterContext } from "./adapter-context.server";

/**
 * Connecting, checking and disconnecting a destination: the adapter's
 * connect() validates what the customer gave, the doctor runs at once, and the
 * connection is stored with the report, so a connection that works but has a
 * problem (a security plugin, a missing SEO field) is kept and says what to fix.
 */

const CONNECT_TIMEOUT_MS = 45_000;

export class ConnectError extends Error {
  override name = "ConnectError";
  readonly correlationId: string;
  /** The form field the message is about, when it is one (the URL the SSRF guard refused). */
  readonly field: "siteUrl" | null;
  constructor(message: string, correlationId: string, field: "siteUrl" | null = null) {
    super(message);
    this.correlationId = correlationId;
    this.field = field;
  }
}

type Tenant = { siteId: string; userId: string | null };

function diag(db: DB, siteId: string, provider: string, correlationId: string): AdapterContext["log"] {
  return (level, stage, detail) => logDiag(db, { siteId, provider, level, stage, detail, correlationId });
}

function originOf(url: string) {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/**
 * A connection to a private or local address is refused when it is saved, with the words delivery would use,
 * rather than saved and failing at every publish (decision 052).
 */
async function refusePrivateHost(url: string, log: AdapterContext["log"], correlationId: string) {
  try {
    await assertPublicDestination(url);
  } catch (error) {
    if (!(error instanceof OutboundRequestError)) throw error;
    await log("warn", "connect.refused", `${error.code} ${originOf(url)}`.slice(0, 200));
    throw new ConnectError(error.message, correlationId, "siteUrl");
  }
}

export async function connectPlatform(
  db: DB,
  tenant: Tenant,
  platform: PlatformId,
  input: ConnectInput,
): Promise<{ connection: ConnectionView; doctor: DoctorCheck[]; correlationId: string }> {
  const adapter = getAdapter(platform);
  const correlationId = newCorrelationId();
  if (!adapter || adapter.facts.connectKind === "builtin") throw new ConnectError("This platform cannot be connected yet.", correlationId);
  const signal = AbortSignal.timeout(CONNECT_TIMEOUT_MS);
  const log = diag(db, tenant.siteId, platform, correlationId);
  if (adapter.facts.customerHost) await refusePrivateHost(input.siteUrl, log, correlationId);
  let result;
  try {
    result = await adapter.connect(input, { connectionId: "", siteId: tenant.siteId, siteUrl: input.siteUrl, correlationId, signal, log });
  } catch (error) {
    const message = error instanceof PublishError ? error.message : "Failed to connect to the platform. Please check your credentials.";
    await log("error", "connect.failed", error instanceof PublishError ? `${error.kind} ${error.detail}` : String(error));
    if (!(error instanceof PublishError)) logger.error({ err: error, correlationId, platform }, "connect failed unexpectedly");
    throw new ConnectError(message, correlationId);
  }
  // The address the platform itself named (WordPress's home, where Ghost redirected) is saved too.
  if (adapter.facts.customerHost && originOf(result.siteUrl) !== originOf(input.siteUrl))
    await refusePrivateHost(result.siteUrl, log, correlationId);
  const doctor = await adapter.doctor({
    connectionId: "",
    siteId: tenant.siteId,
    siteUrl: result.siteUrl,
    config: result.config,
    credentials: result.credentials,
    correlationId,
    signal,
    saveCredentials: async (credentials) => {
      result.credentials = credentials;
    },
    log,
  });
  const connection = await saveConnection(db, { siteId: tenant.siteId, userId: tenant.userId, platform, result, doctor });
  await log("info", "connect.saved", `${connection.status}; ${doctor.filter((c) => c.state !== "pass").length} problem(s)`);
  return { connection, doctor, correlationId };
}

/** 'Check again': the doctor on the stored connection; its report replaces the last one. */
export async function checkConnection(db: DB, siteId: string, connectionId: string) {
  const connection = await getConnectionForUse(db, siteId, connectionId);
  const adapter = getAdapter(connection.platform);
  const correlationId = newCorrelationId();
  if (!adapter || connection.status === "disconnected") return { checks: [] as DoctorCheck[], correlationId };
  const checks = await adapter.doctor(adapterContext(db, connection, { correlationId, signal: AbortSignal.timeout(CONNECT_TIMEOUT_MS) }));
  await recordDoctor(db, siteId, connectionId, checks);
  return { checks, correlationId };
}

/** Revokes our access where the platform allows (best effort), then forgets the credentials. */
export async function disconnectConnection(db: DB, siteId: string, connectionId: string) {
  const connection = await getConnectionForUse(db, siteId, connectionId);
  const adapter = getAdapter(connection.platform);
  const correlationId = newCorrelationId();
  const log = diag(db, siteId, connection.platform, correlationId);
  if (adapter?.disconnect && connection.status !== "disconnected") {
    try {
      await adapter.disconnect(adapterContext(db, connection, { correlationId, signal: AbortSignal.timeout(15_000) }));
    } catch (error) {
      // The platform may be down or the token already revoked; forgetting our copy is what matters.
      await log("warn", "disconnect.revoke-failed", error instanceof Error ? error.message : String(error));
    }
  }
  await markDisconnected(db, siteId, connectionId);
  await log("info", "disconnect.done", connection.platform);
}
