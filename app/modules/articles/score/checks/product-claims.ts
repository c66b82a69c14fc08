import { productClaims } from "../../product-claims";
import { defineCheck } from "../check";
import { quote } from "../words";

/** This many claims about the shop that its facts do not back read as made up: one may be a detail the writer knew. */
const PRODUCT_CLAIMS_MAX_UNBACKED = 1;

/** What the article says of the site's own products, against the facts its writer was given (docs/decisions/074). */
export const ownClaims = defineCheck({
  id: "product-claims",
  label: "Claims about your products match your pages",
  weight: 15,
  blocks: true,
  readsText: true,
  substance: true,
  needs: ["research"],
  revision: 1,
  run: ({ input }) => {
    const research = input.research;
    if (!research || research.claims.length === 0) {
      return { passed: true, counted: false, detail: "The article has no facts of your site to check its claims against." };
    }
    const found = productClaims(input.html, input.language, research.claims, research.entities);
    if (found.unbacked.length <= PRODUCT_CLAIMS_MAX_UNBACKED) {
      return {
        passed: true,
        detail: found.claims
          ? "What the article says of your products is on your pages."
          : "The article makes no claim about your products.",
      };
    }
    return {
      passed: false,
      detail: `${found.unbacked.length} claims about your products or business (a price, a figure, a warranty, an award, "the only…") are on none of your pages. A language model fills what it does not know of a shop with the claims shops usually make; a customer who relies on one is misled.`,
      fix: "Check each against your product pages: correct it, or cut it.",
      examples: found.unbacked.slice(0, 3).map((s) => quote(s)),
    };
  },
});
