import { headingsRepeatingTitle } from "../../content-checks";
import { defineCheck } from "../check";
import { plural, quote } from "../words";

export const headingsTitle = defineCheck({
  id: "headings-title",
  label: "Headings name their sections",
  weight: 10,
  blocks: false,
  readsText: true,
  revision: 1,
  run: ({ parsed, title, keyword }) => {
    const headings = parsed.headings.filter((h) => h.level > 1).map((h) => h.text);
    const repeats = headingsRepeatingTitle(headings, title, keyword);
    const copies = repeats.copies.length;
    return {
      passed: !repeats.failed,
      detail: repeats.failed
        ? copies
          ? `${plural(copies, "heading")} nearly ${copies === 1 ? "repeats" : "repeat"} the title. Headings are how readers scan a page; one that repeats the title tells them nothing new.`
          : `${repeats.withKeyword.length} of ${plural(headings.length, "heading")} repeat “${keyword}” from the title instead of saying what their section covers. Readers scanning the page see the same words over and over.`
        : headings.length
          ? "Each heading says what its section covers."
          : "No headings to check.",
      ...(repeats.failed
        ? {
            fix: "Keep the keyword in one or two headings and name the other sections by what they cover (“Prepare the surface”, “Fix common problems”).",
            examples: repeats.repeating.slice(0, 3).map((h) => quote(h)),
          }
        : {}),
    };
  },
});
