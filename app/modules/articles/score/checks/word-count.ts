import { ARTICLE_LENGTH_WORDS } from "#app/modules/settings/content-options";
import { defineCheck } from "../check";
import { plural } from "../words";

export const wordCount = defineCheck({
  id: "word-count",
  label: "Length",
  weight: 12,
  blocks: false,
  readsText: false,
  revision: 1,
  run: ({ words, input }) => {
    const band = ARTICLE_LENGTH_WORDS[input.lengthBand];
    const passed = words >= band.min && words <= band.max;
    const advice = passed
      ? ""
      : words < band.min
        ? ` Add about ${(band.min - words).toLocaleString("en-US")} words.`
        : ` Cut about ${(words - band.max).toLocaleString("en-US")} words.`;
    return {
      passed,
      detail: `${plural(words, "word")}; the ${input.lengthBand} length aims for ${band.min.toLocaleString("en-US")}-${band.max.toLocaleString("en-US")}.${advice}`,
    };
  },
});
