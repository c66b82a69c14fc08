import { ARTICLE_LENGTH_WORDS } from "#app/modules/settings/content-options";
import { defineCheck } from "../check";
import { plural } from "../words";

/**
 * A length within this share of the band passes with advice: the band is the writer's target, and an editor
 * publishes a complete article of 1,000 words when the setting says 1,200-1,600 (docs/decisions/074-the-judge.md).
 */
const SLACK = 0.25;

export const wordCount = defineCheck({
  id: "word-count",
  label: "Length",
  weight: 12,
  blocks: false,
  readsText: false,
  revision: 2,
  run: ({ words, input }) => {
    const band = ARTICLE_LENGTH_WORDS[input.lengthBand];
    const inBand = words >= band.min && words <= band.max;
    const passed = words >= band.min * (1 - SLACK) && words <= band.max * (1 + SLACK);
    const advice = inBand
      ? ""
      : words < band.min
        ? ` Add about ${(band.min - words).toLocaleString("en-US")} words${passed ? " to reach it; the article is close enough to stand as it is" : ""}.`
        : ` Cut about ${(words - band.max).toLocaleString("en-US")} words${passed ? " to meet it; the article is close enough to stand as it is" : ""}.`;
    return {
      passed,
      detail: `${plural(words, "word")}; the ${input.lengthBand} length aims for ${band.min.toLocaleString("en-US")}-${band.max.toLocaleString("en-US")}.${advice}`,
    };
  },
});
