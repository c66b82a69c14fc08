/**
 * A check that a plan's keywords read as queries people search, written
 * apart from the planner so it can catch it: no adjective or participle as a
 * topic ('what is roasted', 'roasted for beginners'), no bare single word
 * after a question opener ('what is brew'), and no head phrase repeated with
 * template suffixes ('colombia ideas', 'colombia tips', 'colombia checklist').
 */

const OPENERS = /^(what is|what are|how to|how to use|how to make|is a|are)\s+/;
const ADJECTIVE_OR_PARTICIPLE =
  /^(roasted|fresh|organic|specialty|handmade|artisan|new|best|premium|brewed|ground|washed|natural|single)$|(ed|ous|ful|ive)$/;
const TEMPLATE_SUFFIXES = /\s+(ideas|tips|checklist|for beginners|mistakes|guide|basics|101|explained|review|price)$/;

function ungrammaticalReason(keyword: string): string | null {
  const k = keyword.trim().toLowerCase();
  if (!k) return "empty";
  const rest = k.replace(OPENERS, "");
  const words = rest
    .replace(TEMPLATE_SUFFIXES, "")
    .replace(/^common\s+/, "")
    .split(/\s+/);
  if (rest !== k && words.length === 1 && !/^(espresso|coffee|pottery|ceramics)$/.test(words[0]!))
    return `a question about one bare word: '${k}'`;
  const head = words.filter((w) => !/^(for|at|in|with|of|on|to|the|a|an|vs)$/.test(w)).at(-1) ?? "";
  if (ADJECTIVE_OR_PARTICIPLE.test(head) && words.length === 1) return `an adjective or participle as the topic: '${k}'`;
  if (/^(what is|what are) \S+ed$/.test(k)) return `a participle as the topic: '${k}'`;
  return null;
}

/** The head phrases used with two or more template suffixes across the keywords. */
function repeatedTemplateHeads(keywords: string[]) {
  const byHead = new Map<string, number>();
  for (const k of keywords) {
    const lower = k.toLowerCase();
    const m = TEMPLATE_SUFFIXES.exec(lower);
    const head = (m ? lower.slice(0, m.index) : "").replace(/^common\s+/, "");
    if (head) byHead.set(head, (byHead.get(head) ?? 0) + 1);
  }
  return [...byHead].filter(([, n]) => n >= 2).map(([h]) => h);
}

/** Everything wrong with a plan's keywords, in words; empty when they all read as searches. */
export function grammarProblems(keywords: string[]) {
  const problems = keywords.map(ungrammaticalReason).filter((r): r is string => r !== null);
  for (const head of repeatedTemplateHeads(keywords)) problems.push(`'${head}' repeated with template suffixes`);
  return problems;
}
