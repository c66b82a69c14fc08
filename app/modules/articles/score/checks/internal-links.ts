import { defineCheck } from "../check";
import { linkAmount } from "./link-amount";

export const internalLinks = defineCheck({
  id: "internal-links",
  label: "Internal links",
  weight: 8,
  blocks: false,
  readsText: false,
  revision: 1,
  run: ({ links, input }) => linkAmount("internal-links", links.internal, input.internalLinksWanted, input.linkShortfall?.internal),
});
