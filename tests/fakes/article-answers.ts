import { FINDINGS_HEADER } from "#app/modules/ai/revise-prompt";
import type { ChatRequest, startFakeOpenAi } from "./openai";

/**
 * Canned answers that let the fake OpenAI server write a whole article for a
 * keyword: an outline, prose of the requested length for each section, an
 * intro and conclusion, FAQ answers, a table and links picked from the list
 * the prompt offers.
 */

type Fake = Awaited<ReturnType<typeof startFakeOpenAi>>;

/**
 * Concrete instructions (times, quantities, tools) in the outline's words, so the judge lets the draft through
 * unrevised; tests/fakes/model-writer.ts writes the way a model fails instead.
 */
const SENTENCES: Array<(w: string) => string> = [
  (w) => `Set aside 45 minutes on Monday morning and write the first three ${w} steps in a shared document.`,
  (w) => `Keep each ${w} step under 20 minutes so you can check it the same day.`,
  (w) => `Check this week's ${w} numbers against last month's spreadsheet before you change a practice.`,
  (w) => `Ask the two people who do the ${w} work which step takes longer than 10 minutes.`,
  (w) => `Write a one-page ${w} checklist of 5 common mistakes so a new colleague avoids them.`,
  () => "Take 30 minutes every 14 days to note one mistake to fix.",
  (w) => `Try one ${w} practice at a time and note the result in a log for a week.`,
  (w) => `Start with a free ${w} spreadsheet of 3 columns for the first 2 months.`,
  () => "Put the checklist of steps in the team wiki so 4 or 5 people can reuse it.",
  (w) => `Set a ${w} budget of 2 hours a week and stop when it is spent.`,
];

/** Plain prose of about `words` words that mentions the keyword now and then. */
export function articleProse(keyword: string, words: number, seed = 0) {
  const out: string[] = [];
  const terms = keyword.split(/\s+/).filter((w) => w.length > 3);
  if (!terms.length) terms.push(keyword);
  let count = 0;
  let i = seed;
  while (count < words) {
    // One word of the keyword at a time: the sentence is about the topic without stuffing the phrase.
    const word = terms[i % terms.length]!;
    const sentence = i % 4 === 0 ? `Start ${keyword} with a 30-minute trial on one project.` : SENTENCES[i % SENTENCES.length]!(word);
    out.push(sentence);
    count += sentence.split(/\s+/).length;
    i++;
    if (out.length % 4 === 0) out.push("\n\n");
  }
  return out.join(" ").replace(/ \n\n /g, "\n\n");
}

function lastUser(body: ChatRequest) {
  return body.messages?.filter((m) => m.role === "user").at(-1)?.content ?? "";
}

export function armArticleAnswers(fake: Fake, keyword: string) {
  const K = keyword.charAt(0).toUpperCase() + keyword.slice(1);
  fake.schemaAnswers.set("article_outline", {
    title: `${K}: A Practical Guide`,
    meta_description: `Learn ${keyword}: what it is, why it matters and how to start, with tips, mistakes to avoid and answers to common questions.`,
    slug: keyword.replace(/\s+/g, "-"),
    sections: [
      { heading: `What Is ${K}?`, intent: "Explain the basics", target_words: 190, subheadings: [] },
      { heading: `Why ${K} Matters`, intent: "Show the benefits", target_words: 190, subheadings: ["Time", "Quality"] },
      { heading: "Getting Started Step by Step", intent: "First steps", target_words: 190, subheadings: [] },
      { heading: "Best Practices", intent: "What works", target_words: 190, subheadings: [] },
      { heading: "Common Mistakes to Avoid", intent: "Pitfalls", target_words: 190, subheadings: [] },
    ],
    faq_questions: [`What is ${keyword}?`, `How long does ${keyword} take?`, `Is ${keyword} worth it?`, `How do I start with ${keyword}?`],
    table: { caption: `${K} options compared`, columns: ["Option", "Best for", "Effort"], purpose: "Compare approaches" },
    image_prompts: [
      { prompt: `A desk with notes about ${keyword}`, alt: `Notes about ${keyword} on a desk` },
      { prompt: "A team reviewing a checklist", alt: "A team reviewing a checklist" },
      { prompt: "A simple progress chart", alt: "A simple progress chart" },
    ],
  });
  fake.schemaAnswers.set("intro_conclusion", {
    intro: `${K} is simpler than it looks. ${articleProse(keyword, 95, 1)}`,
    conclusion: `${K} rewards steady work. ${articleProse(keyword, 80, 3)}`,
  });
  fake.schemaAnswers.set("article_faq", (body: ChatRequest) => ({
    items: lastUser(body)
      .split("\n")
      .filter((l) => l.startsWith("- "))
      .map((l, i) => ({ question: l.slice(2), answer: articleProse(keyword, 40, i + 5).replace(/\n\n/g, " ") })),
  }));
  fake.schemaAnswers.set("article_table", {
    caption: `${K} options compared`,
    columns: ["Option", "Best for", "Effort"],
    rows: [
      ["Do it yourself", "Small teams", "Low"],
      ["Checklist", "Repeat work", "Low"],
      ["Tool", "Growing teams", "Medium"],
      ["Partner", "Complex projects", "High"],
    ],
  });
  fake.schemaAnswers.set("link_selection", (body: ChatRequest) => ({
    links: lastUser(body)
      .split("\n")
      .map((l) => /^- \[(internal|external)\] (.*) — (\S+)$/.exec(l))
      .filter((m): m is RegExpExecArray => Boolean(m))
      .map((m, i) => ({ url: m[3]!, anchor: m[2]!, section: (i % 5) + 1 })),
  }));
  // Every part of this fake's article serves the search.
  fake.schemaAnswers.set("topic_review", { straying: [] });
  fake.schemaAnswers.set("keyword_ideas", { keywords: [keyword, `${keyword} tips`, `best ${keyword}`, `${keyword} for beginners`] });
  fake.hooks.text = (body) => {
    const user = lastUser(body);
    const target = /Target length: (\d+) words/.exec(user);
    if (target) return articleProse(keyword, Number(target[1]), Number(target[1]) % 7);
    if (user.startsWith("Apply this instruction")) return `<p>${articleProse(keyword, 30)}</p>`;
    // A revision of a weak part (ai/revise-prompt.ts): this fake writes the same kind of prose again.
    const revision = user.includes(FINDINGS_HEADER) && /about (\d+) words/.exec(user);
    if (revision) return articleProse(keyword, Number(revision[1]), 2);
    return undefined;
  };
}
