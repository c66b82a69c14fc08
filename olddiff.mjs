import { diffWordsWithSpace } from "diff";
const words = (seed) => Array.from({ length: 80000 }, (_, i) => `w${seed}${i % 977}`).join(" ");
const started = performance.now();
diffWordsWithSpace(words("a"), words("b"));
console.log("unbudgeted diff of 80,000 different words:", Math.round(performance.now() - started), "ms");
