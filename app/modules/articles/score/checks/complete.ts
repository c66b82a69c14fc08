import { defineCheck } from "../check";
import { quote } from "../words";

/** Sentence ends in any script, with closing quotes and brackets after them. */
const FINISHED = /[.!?…。！？:：)）»"”'’*]\s*$/u;

/** The article ends where a writer ends it, not mid-sentence or on an empty heading (a model's answer cut off). */
export const complete = defineCheck({
  id: "complete",
  label: "The article is finished",
  weight: 10,
  blocks: true,
  readsText: true,
  substance: true,
  revision: 1,
  run: ({ blocks }) => {
    const last = blocks[blocks.length - 1];
    if (!last) return { passed: false, detail: "There is no text yet." };
    if (last.heading !== null) {
      return {
        passed: false,
        detail: `The article ends on the heading ${quote(last.text)} with nothing under it: it reads as cut off.`,
        fix: "Write the section, or remove the heading.",
      };
    }
    // A list or a table may end without a full stop; a paragraph may not.
    const prose = last.text.split(/\s+/).length >= 8 || (!/\s/.test(last.text) && last.text.length >= 20);
    if (!prose || FINISHED.test(last.text)) return { passed: true, detail: "The article ends with a finished sentence." };
    return {
      passed: false,
      detail: `The last paragraph stops mid-sentence: ${quote(last.text.slice(-120))}. An article cut off like this looks broken to readers.`,
      fix: "Finish the last section, or cut it back to its last full sentence.",
    };
  },
});
