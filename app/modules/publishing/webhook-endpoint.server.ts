import crypto from "node:crypto";
import { Webhook } from "standardwebhooks";
import { getEnv } from "#app/env.server";
import { PublishError, type AdapterContext, type Credentials } from "./types";

/**
 * A webhook connection's endpoint: the receiver's URL (https only, masked when
 * shown, since catch-hook URLs carry their own token) and its Standard Webhooks
 * signing secret.
 */

const SECRET_PREFIX = "whsec_";

/** A new signing secret in the Standard Webhooks form: whsec_ + base64 of 32 random bytes. */
export function generateWebhookSecret() {
  return SECRET_PREFIX + crypto.randomBytes(32).toString("base64");
}

/**
 * A secret the customer typed, normalized to whsec_…, or a reason it cannot be used.
 * Standard Webhooks libraries base64-decode what follows whsec_, so anything else
 * (a password-like word) would sign with a key the customer's library never derives.
 */
export function parseWebhookSecret(raw: string): { secret: string } | { error: string } {
  const value = raw.trim();
  const body = value.startsWith(SECRET_PREFIX) ? value.slice(SECRET_PREFIX.length) : value;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(body) || body.length % 4 !== 0) {
    return { error: "That secret is not in the whsec_… format. Leave the field empty and Inkpilot will create one for you." };
  }
  const bytes = Buffer.from(body, "base64").length;
  if (bytes < 24 || bytes > 64) {
    return {
      error: `That secret holds ${bytes} bytes; use 24 to 64 (whsec_ followed by 32–88 base64 characters), or leave the field empty and Inkpilot will create one.`,
    };
  }
  return { secret: SECRET_PREFIX + body };
}

/**
 * The signing secret, for the connect dialog to show ONCE right after connecting
 * (the lead's UI calls this with the credentials connect() returned, before they
 * are stored encrypted). Secrets never go into config, which may reach the browser;
 * afterwards the only way to see a secret again is to reconnect, which makes a new one.
 */
export function webhookSecretForDisplay(credentials: Credentials): string | null {
  return credentials.secret?.startsWith(SECRET_PREFIX) ? credentials.secret : null;
}

/** The test-only allowlist of the SSRF guard (TEST_ALLOW_PRIVATE_HOSTS): only those hosts may use plain http. */
function isAllowlistedTestHost(url: URL) {
  const allowed = getEnv().TEST_ALLOW_PRIVATE_HOSTS;
  const host = url.hostname.toLowerCase();
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  return allowed.includes(host) || allowed.includes(`${host}:${port}`);
}

/** The endpoint for display and logs: origin and first path segment, the rest (often a token) hidden. */
export function maskWebhookUrl(raw: string) {
  try {
    const url = new URL(raw);
    const segments = url.pathname.split("/").filter(Boolean);
    const shown = segments.length ? `/${segments[0]}` : "";
    return `${url.origin}${shown}${segments.length > 1 || url.search ? "/…" : ""}`;
  } catch {
    return "(invalid address)";
  }
}

/** Validates the customer's endpoint URL; throws a config PublishError worded for the connect dialog. */
export function parseWebhookUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch (cause) {
    throw new PublishError("config", "That is not a valid web address. Paste the full https:// URL your receiver gave you.", { cause });
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && isAllowlistedTestHost(url))) {
    throw new PublishError("config", "The webhook URL must start with https:// so articles travel encrypted.", {
      fix: "Use the https:// address of your receiver (Zapier, Make and n8n all give one).",
    });
  }
  if (url.username || url.password) {
    throw new PublishError("config", "The webhook URL must not contain a user name or password; the signature proves it is us.");
  }
  if (url.port && url.port !== "443" && !isAllowlistedTestHost(url)) {
    throw new PublishError("config", "The webhook URL must use the standard https port (443).");
  }
  if (url.href.length > 2048) throw new PublishError("config", "That webhook URL is too long (more than 2,048 characters).");
  url.hash = "";
  return url;
}

export function endpointOf(ctx: AdapterContext): URL {
  const raw = ctx.credentials.url;
  if (!raw) throw new PublishError("config", "This webhook connection has no URL. Reconnect it in Settings → Integrations.");
  return parseWebhookUrl(raw);
}

export function signerOf(ctx: AdapterContext): Webhook {
  const parsed = parseWebhookSecret(ctx.credentials.secret ?? "");
  if ("error" in parsed) {
    throw new PublishError("config", "This webhook connection has no valid signing secret. Reconnect it in Settings → Integrations.");
  }
  return new Webhook(parsed.secret);
}
