import { measureSubstance } from "../../sentence-substance";
import { defineCheck } from "../check";
import { percent, quote } from "../words";

/** More empty sentences than this share fails: a reader meets one every few lines (docs/decisions/074-the-judge.md). */
const SUBSTANCE_MAX_EMPTY = 0.1;
/** Fewer concrete sentences than this share fails: the article gives too little a reader could use. */
const SUBSTANCE_MIN_CONCRETE = 0.7;
/** An article this long with not one figure (a quantity, a time, a size, a price) anywhere is generic. */
const FIGURELESS_SENTENCES = 20;

/** What the text gives the reader: figures, things, steps and comparisons, against stock text and generic words. */
export const substance = defineCheck({
  id: "substance",
  label: "What the text gives the reader",
  weight: 30,
  blocks: true,
  readsText: true,
  substance: true,
  revision: 1,
  run: ({ blocks, keyword, title, input }) => {
    const found = measureSubstance(blocks, { keyword, title, language: input.language });
    if (found.sentences === 0) return { passed: true, detail: "There are no sentences to check yet.", counted: false };
    const emptyShare = found.empty / found.sentences;
    const concreteShare = found.concrete / found.sentences;
    const figureless = found.figures === 0 && found.sentences >= FIGURELESS_SENTENCES;
    const passed = emptyShare <= SUBSTANCE_MAX_EMPTY && concreteShare >= SUBSTANCE_MIN_CONCRETE && !figureless;
    const figures =
      `${percent(concreteShare)} of the sentences give a figure, a thing, a step or a comparison; ${percent(emptyShare)} are stock phrases or say nothing beyond the keyword and generic words` +
      (figureless ? `; not one of the ${found.sentences} sentences gives a quantity, a time, a size or a price` : "");
    return {
      passed,
      detail: passed
        ? `${figures}.`
        : `${figures}. Fluent sentences that would fit any article on any topic tell readers nothing, and search engines treat such pages as thin content.`,
      ...(passed
        ? {}
        : {
            fix: "Replace them with what a reader can use: quantities with units, the tools and materials by name, steps in order, what to do instead of what, and why.",
            examples: found.emptiest.map((s) => quote(s)),
          }),
    };
  },
});
