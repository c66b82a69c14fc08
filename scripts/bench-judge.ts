// npm run bench:judge: scores every article of the judge's labelled corpus (tests/fixtures/judge) with the
// product's score and prints, per language and overall, how often its "Good" agrees with the editor's label:
// precision and recall of "publish", the held articles scored "Good", and which checks decided.
// Goal (docs/decisions/074-the-judge.md): no held article scored "Good"; at least 90% of publishable ones "Good".
import { scoreArticle, type SeoResult } from "#app/modules/articles/seo";
import { judgeInput, loadJudgeCorpus, siteOf, type JudgeArticle } from "#tests/fixtures/judge";

type Row = { article: JudgeArticle; result: SeoResult; good: boolean };

const { articles, sites } = loadJudgeCorpus();
const rows: Row[] = articles.map((article) => {
  const result = scoreArticle(judgeInput(article, siteOf(article, sites)));
  return { article, result, good: result.verdict.id === "good" };
});

const pct = (n: number, d: number) => (d === 0 ? "-" : `${Math.round((n / d) * 100)}%`);
function line(name: string, group: Row[]) {
  const publish = group.filter((r) => r.article.label === "publish");
  const good = group.filter((r) => r.good);
  const agreed = good.filter((r) => r.article.label === "publish");
  const heldGood = good.length - agreed.length;
  return [name, group.length, publish.length, good.length, pct(agreed.length, good.length), pct(agreed.length, publish.length), heldGood];
}

const languages = [...new Set(rows.map((r) => r.article.language.split("-")[0]!))].sort();
const table = [
  ["language", "articles", "publish", "Good", "precision", "recall", "held but Good"],
  ...languages.map((l) =>
    line(
      l,
      rows.filter((r) => r.article.language.startsWith(l)),
    ),
  ),
  line("all", rows),
];
console.log("\nThe judge on its corpus (precision and recall of 'publish' by the verdict 'Good')\n");
for (const row of table) console.log(row.map((cell, i) => String(cell).padEnd(i === 0 ? 10 : 14)).join(""));

const failed = (r: Row) => r.result.checks.filter((c) => !c.passed && c.weight > 0);
const decided = new Map<string, number>();
for (const r of rows.filter((r) => r.article.label === "hold" && !r.good)) {
  for (const c of failed(r).filter((c) => c.blocks)) decided.set(c.id, (decided.get(c.id) ?? 0) + 1);
}
console.log("\nHeld articles kept below 'Good' by each blocking check:");
for (const [id, n] of [...decided].sort((a, b) => b[1] - a[1])) console.log(`  ${id.padEnd(24)}${n}`);

const wrong = rows.filter((r) => r.good !== (r.article.label === "publish"));
console.log(`\nDisagreements (${wrong.length}):`);
for (const r of wrong) {
  const checks = failed(r).map((c) => `${c.id}${c.blocks ? "!" : ""}`);
  console.log(
    `  ${r.article.id.padEnd(38)} ${r.article.label.padEnd(8)} ${String(r.result.score).padStart(3)} ${r.article.mode.padEnd(22)} ${checks.join(" ")}`,
  );
}
if (process.argv.includes("--all")) {
  console.log("\nEvery article:");
  for (const r of rows) {
    console.log(
      `  ${r.article.id.padEnd(38)} ${r.article.label.padEnd(8)} ${String(r.result.score).padStart(3)} ${failed(r)
        .map((c) => c.id)
        .join(" ")}`,
    );
  }
}
