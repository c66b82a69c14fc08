import type { LinkCheck } from "#app/modules/backlinks/links.server";
import { OutboundRequestError } from "#app/utils/http.server";

/**
 * The outcome of the demo site's first link check, per URL. The demo's links
 * point at a shop on a reserved .example domain (and a few outside pages), so
 * the seed cannot ask the network; it runs the real check run
 * (checkSiteLinks, as today's daily job) with these outcomes in place of the
 * requests. The next daily run checks them for real.
 */

type Outcome = { kind: "redirect"; to: string } | { kind: "http"; status: number } | { kind: "dns" } | { kind: "timeout" };

/** Every link not listed here answered 200. */
const DEMO_LINK_OUTCOMES: Record<string, Outcome> = {
  // The shop moved its gear pages; the old address still leads there.
  "https://northwind-coffee.example/shop/brewing-gear": { kind: "redirect", to: "https://northwind-coffee.example/shop/gear" },
  // Last winter's product page, taken down after the season.
  "https://northwind-coffee.example/shop/holiday-blend-2023": { kind: "http", status: 404 },
  // A farmers' group whose site is gone: the name no longer resolves.
  "https://guji-highlands-farmers.example/our-coffee": { kind: "dns" },
  // The importer's server did not answer in time.
  "https://kaffa-trading.example/sourcing-notes": { kind: "timeout" },
};

/**
 * What checkLink would have answered for each outcome, with the guard's own
 * wording for network failures and the failure class the checker stores
 * (app/modules/backlinks/failure.server.ts).
 */
export function demoLinkCheck(url: string): LinkCheck {
  const outcome = DEMO_LINK_OUTCOMES[url];
  if (!outcome) return { status: "ok", httpStatus: 200, finalUrl: null, error: null, failure: null };
  switch (outcome.kind) {
    case "redirect":
      return { status: "redirect", httpStatus: 200, finalUrl: outcome.to, error: null, failure: null };
    case "http":
      return { status: "broken", httpStatus: outcome.status, finalUrl: null, error: null, failure: "http" };
    case "dns":
      return { status: "broken", httpStatus: null, finalUrl: null, error: new OutboundRequestError("dns", url).message, failure: "dns" };
    case "timeout":
      return {
        status: "error",
        httpStatus: null,
        finalUrl: null,
        error: new OutboundRequestError("timeout", url).message,
        failure: "timeout",
        host: "unreachable",
      };
  }
}
