import type { LinkShortfall } from "#app/modules/articles/seo";
import { LINK_AMOUNT_RANGES, type LinkAmount } from "#app/modules/settings/content-options";
import type { GenerationState } from "./steps";

/**
 * Why a generated article has fewer links than the content settings ask, from what its generation recorded:
 * the pages and sources the writer could choose from (state.candidates), why the research found no more
 * (state.linkGaps) and what it chose (state.links). The SEO
 * panel adds it to the link checks, so the customer is not blamed for what the writer could not do.
 */
export function linkShortfall(
  state: Pick<GenerationState, "candidates" | "links" | "linkGaps" | "brief">,
  source: "manual" | "ai" | "offline",
  wanted: { internal: LinkAmount; external: LinkAmount },
): LinkShortfall {
  const candidates = state.candidates ?? [];
  const chosen = state.links ?? [];
  const count = (list: Array<{ kind: string }>, kind: string) => list.filter((l) => l.kind === kind).length;
  const shortfall: LinkShortfall = {};
  const internalMin = LINK_AMOUNT_RANGES[wanted.internal].min;
  if (count(chosen, "internal") < internalMin) {
    const known = count(candidates, "internal");
    shortfall.internal =
      known < internalMin && state.linkGaps?.internal
        ? state.linkGaps.internal
        : known < internalMin
          ? `it knew ${known === 0 ? "none" : `only ${known}`} of your pages to link to. It links only to your site's pages from the website scan (Brand settings) and your live posts; add pages there.`
          : `it chose ${count(chosen, "internal")} of the ${known} pages it knew as relevant to this topic.`;
  }
  const externalMin = LINK_AMOUNT_RANGES[wanted.external].min;
  if (count(chosen, "external") < externalMin) {
    const known = count(candidates, "external");
    // With nothing to link to, the research's reason comes first, whichever writer wrote it.
    const researchGap = state.linkGaps?.external;
    // The offline writer links outside pages only as the sources of the research's facts it states.
    const sources = new Set(state.brief?.grounding?.facts.filter((f) => f.source.kind === "web").map((f) => f.source.url));
    shortfall.external =
      researchGap && known === 0
        ? researchGap
        : source === "offline"
          ? sources.size
            ? `the built-in offline writer links only to the sources of the research's facts, and this article's research had ${sources.size}.`
            : "the built-in offline writer cannot read or check outside pages, so it links to none."
          : (researchGap ??
            (known === 0
              ? "it had no sources to link to: external search is off in your content settings, or nothing for your industry was found."
              : `it found ${known} source${known === 1 ? "" : "s"} it could link to for this topic.`));
  }
  return shortfall;
}
