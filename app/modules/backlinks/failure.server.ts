import { STATUS_CODES } from "node:http";
import type { LinkFailure } from "#app/db/schema";
import { OutboundRequestError } from "#app/utils/http.server";

/**
 * Why a link check failed, decided where the check ran (docs/decisions/039): the
 * SSRF guard's own refusal codes first, then the Node error code of the underlying
 * socket, DNS or TLS failure (found on the error's cause chain). Stored per link as
 * `links.failure` and said in plain words on the Backlinks page and to the SEO score.
 */

// Node's TLS verification codes (OpenSSL's X509_V_ERR_* names without the prefix) and its own ERR_TLS_* / ERR_SSL_*.
const TLS_CODE =
  /^(ERR_TLS_|ERR_SSL_|CERT_|EPROTO$)|SELF_SIGNED|UNABLE_TO_(GET_ISSUER|VERIFY_LEAF|DECRYPT)|HOSTNAME_MISMATCH|INVALID_CA|CERT_CHAIN_TOO_LONG|PATH_LENGTH/;
const DNS_CODES = new Set(["ENOTFOUND", "EAI_AGAIN", "EAI_NONAME", "EAI_FAIL", "EAI_NODATA"]);
const TIMEOUT_CODES = new Set(["ETIMEDOUT", "ESOCKETTIMEDOUT", "UND_ERR_CONNECT_TIMEOUT", "UND_ERR_HEADERS_TIMEOUT", "ABORT_ERR"]);

/** The Node error codes (and error names) along an error's cause chain, outermost first. */
function codesOf(error: unknown): string[] {
  const codes: string[] = [];
  for (let e: unknown = error, depth = 0; e && typeof e === "object" && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, name } = e as { code?: unknown; name?: unknown };
    if (typeof code === "string") codes.push(code);
    if (name === "AbortError" || name === "TimeoutError") codes.push("ABORT_ERR");
  }
  return codes;
}

/** The failure class of an error thrown by a check (the guarded fetch's OutboundRequestError, or a raw Node error). */
export function classifyFailure(error: unknown): LinkFailure {
  const codes = codesOf(error);
  if (error instanceof OutboundRequestError) {
    switch (error.code) {
      case "blocked_address":
        return "blocked";
      case "invalid_url":
      case "protocol":
      case "port":
      case "credentials":
        return "invalid";
      case "too_many_redirects":
        return "redirects";
      case "dns":
        return "dns";
      case "timeout":
        return "timeout";
      default:
        break; // "network" (and "too_large", which a truncating check never sees): the cause says more.
    }
  }
  if (codes.some((c) => DNS_CODES.has(c))) return "dns";
  if (codes.some((c) => TLS_CODE.test(c))) return "tls";
  if (codes.some((c) => TIMEOUT_CODES.has(c))) return "timeout";
  return "connection";
}

/** "404 Not Found": the status and its standard reason phrase. */
export function httpStatusText(status: number) {
  const phrase = STATUS_CODES[status];
  return phrase ? `${status} ${phrase}` : `HTTP ${status}`;
}

const REASONS: Record<Exclude<LinkFailure, "http">, string> = {
  dns: "Domain not found",
  timeout: "Timed out",
  tls: "Certificate problem",
  blocked: "Blocked: private address",
  connection: "Could not connect",
  redirects: "Too many redirects",
  invalid: "Not a checkable address",
};

/** The reason in plain words, for the page and the SEO score; null when the check did not fail. */
export function failureReason(failure: LinkFailure | null, httpStatus: number | null): string | null {
  if (!failure) return null;
  if (failure === "http") return httpStatus ? httpStatusText(httpStatus) : "Unexpected answer";
  return REASONS[failure];
}
