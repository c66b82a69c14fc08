import { defineCheck } from "../check";
import { linkAmount } from "./link-amount";

export const externalLinks = defineCheck({
  id: "external-links",
  label: "External links",
  weight: 6,
  blocks: false,
  readsText: false,
  revision: 1,
  run: ({ links, input }) => linkAmount("external-links", links.external, input.externalLinksWanted, input.linkShortfall?.external),
});
