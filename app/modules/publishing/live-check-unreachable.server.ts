import type { CmsPlatform } from "#app/db/schema";
import { retryAfterSeconds } from "#app/modules/backlinks/links.server";
import type { OutboundRequestError } from "#app/utils/http.server";
import { type LiveCheckResult } from "./live-check-page";

/**
 * Why a live page could not be checked (a refused or failed fetch, an HTTP
 * status) in plain words, and whether the check is worth one more try later.
 */

export type Unreachable = Extract<LiveCheckResult, { outcome: "unreachable" }> & { retry: boolean; retryAfterMs?: number };

export function unreachableFromError(url: string, error: OutboundRequestError, platform: CmsPlatform): Unreachable {
  const base = { version: 1 as const, outcome: "unreachable" as const, url, httpStatus: null };
  // The hosted blog's address is APP_URL: refused by the guard means a local address (localhost:3000 in development).
  if (platform === "hosted" && (error.code === "blocked_address" || error.code === "port")) {
    return {
      ...base,
      detail: "Could not reach the post: this Inkpilot server runs at a local address, so its blog cannot be checked from here.",
      fix: "Nothing to do for you: the check works once the server runs at its public address (operators: see the README's configuration).",
      retry: false,
    };
  }
  const retry = error.code === "timeout" || error.code === "network" || error.code === "dns";
  return {
    ...base,
    detail: `Could not reach the post: ${error.message}`,
    fix: retry
      ? "Open the post's address in a browser; if it loads for you, use Check again in a few minutes."
      : "Check the post's address on the platform; Inkpilot only checks public web addresses.",
    retry,
  };
}

export function unreachableFromStatus(
  url: string,
  status: number,
  retryAfter: string | string[] | undefined,
  platform: CmsPlatform,
): Unreachable {
  const base = { version: 1 as const, outcome: "unreachable" as const, url, httpStatus: status };
  if (status === 404 || status === 410) {
    return {
      ...base,
      detail: `The post's address answers "not found" (HTTP ${status}).`,
      fix:
        platform === "wordpress"
          ? "Open the post in WordPress: it may have been unpublished or its permalink changed. Saving Settings → Permalinks once also rebuilds the addresses."
          : "Open the post on the platform: it may have been unpublished, deleted or moved. Publishing again updates its address.",
      retry: true,
    };
  }
  if (status === 401 || status === 403) {
    return {
      ...base,
      detail: `The site refused our checker (HTTP ${status}): a firewall, security plugin or password protection blocks it.`,
      fix: 'Allow the user agent "InkpilotBot" in your firewall or security plugin, or remove the password protection from the post.',
      retry: false,
    };
  }
  if (status === 429 || status >= 500) {
    const seconds = retryAfterSeconds(retryAfter);
    return {
      ...base,
      detail: status === 429 ? "The site asked us to slow down (HTTP 429)." : `The site had an error (HTTP ${status}).`,
      fix: "Use Check again in a few minutes.",
      retry: true,
      ...(seconds ? { retryAfterMs: seconds * 1000 } : {}),
    };
  }
  return { ...base, detail: `The post's address gave an unexpected answer (HTTP ${status}).`, fix: null, retry: false };
}
