import { z } from "zod";
import { getEnv } from "#app/env.server";
import { guardedFetch } from "#app/utils/http.server";

/**
 * Certificates for customers' domains through Fly's Machines API certificates resource
 * (https://fly.io/docs/machines/api/certificates-resource/, docs/decisions/076): request an ACME certificate once the
 * records are in place, read and re-check its state, remove it when the domain is released. Fly issues with Let's
 * Encrypt once the domain points at the app. The local fake (tests/fakes/fly-certificates.ts) speaks the same API.
 */

const Certificate = z.object({
  hostname: z.string(),
  configured: z.boolean(),
  status: z.string(),
  validation_errors: z.array(z.unknown()).optional(),
});
export type FlyCertificate = z.infer<typeof Certificate>;

class CertificateServiceError extends Error {
  override name = "CertificateServiceError";
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

const TIMEOUT_MS = 15_000;
const MAX_ANSWER_BYTES = 256 * 1024;

export function certificatesConfigured() {
  const env = getEnv();
  return Boolean(env.FLY_API_TOKEN && env.FLY_APP_NAME);
}

/** One call of the certificates resource; null for a 404 (Fly has no such hostname). */
async function call(method: "GET" | "POST" | "DELETE", path: string, body?: unknown): Promise<unknown> {
  const env = getEnv();
  const url = `${env.FLY_API_URL.replace(/\/$/, "")}/v1/apps/${encodeURIComponent(env.FLY_APP_NAME ?? "")}/certificates${path}`;
  const response = await guardedFetch(url, {
    method,
    headers: { Authorization: `Bearer ${env.FLY_API_TOKEN ?? ""}`, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    timeoutMs: TIMEOUT_MS,
    maxBytes: MAX_ANSWER_BYTES,
  });
  if (response.status === 404) return null;
  if (response.status < 200 || response.status >= 300)
    throw new CertificateServiceError(`Fly certificates API answered ${response.status}`, response.status);
  return response.status === 204 ? null : (JSON.parse(response.text()) as unknown);
}

const certificate = (answer: unknown) => (answer === null ? null : Certificate.parse(answer));

/** The hostname's certificate at Fly, or null when Fly has none for it. */
const getCertificate = async (hostname: string) => certificate(await call("GET", `/${encodeURIComponent(hostname)}`));

/** Asks Fly for a Let's Encrypt certificate, unless it already has the hostname (a retried request creates none twice). */
export async function requestCertificate(hostname: string): Promise<FlyCertificate> {
  return (await getCertificate(hostname)) ?? Certificate.parse(await call("POST", "/acme", { hostname }));
}

/** Has Fly check the DNS again and answers the certificate's state; null when Fly has no such hostname. */
export const checkCertificate = async (hostname: string) => certificate(await call("POST", `/${encodeURIComponent(hostname)}/check`));

/** Removes the hostname and its certificates from the app; one Fly does not have is already removed. */
export async function removeCertificate(hostname: string) {
  await call("DELETE", `/${encodeURIComponent(hostname)}`);
}
