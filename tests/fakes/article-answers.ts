import type { ChatRequest, startFakeOpenAi } from "./openai";

/**
 * Canned answers that let the fake OpenAI server write a whole article for a
 * keyword: an outline, prose of the requested length for each section, an
 * intro and conclusion, FAQ answers, a table and links picked from the list
 * the prompt offers.
 */

type Fake = Awaited<ReturnType<typeof startFakeOpenAi>>;

const SENTENCES = [
  "Start with one clear goal and write it down.",
  "Keep each step small so you can check it quickly.",
  "Look at what works today before you change it.",
  "Ask the people who do the work what slows them down.",
  "A short checklist helps you repeat good results.",
  "Review your progress every two weeks.",
  "Change one thing at a time and watch the effect.",
  "Simple tools are often enough at the start.",
  "Share what you learn with the whole team.",
  "Good habits matter more than big launches.",
];

/** Plain prose of about `words` words that mentions the keyword now and then. */
function prose(keyword: string, words: number, seed = 0) {
  const out: string[] = [];
  let count = 0;
  let i = seed;
  while (count < words) {
    const sentence = i % 4 === 0 ? `This is why ${keyword} pays off over time.` : SENTENCES[i % SENTENCES.length]!;
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
    intro: `${K} is simpler than it looks. ${prose(keyword, 95, 1)}`,
    conclusion: `${K} rewards steady work. ${prose(keyword, 80, 3)}`,
  });
  fake.schemaAnswers.set("article_faq", (body: ChatRequest) => ({
    items: lastUser(body)
      .split("\n")
      .filter((l) => l.startsWith("- "))
      .map((l, i) => ({ question: l.slice(2), answer: prose(keyword, 40, i + 5).replace(/\n\n/g, " ") })),
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
  fake.schemaAnswers.set("keyword_ideas", { keywords: [keyword, `${keyword} tips`, `best ${keyword}`, `${keyword} for beginners`] });
  fake.hooks.text = (body) => {
    const user = lastUser(body);
    const target = /Target length: (\d+) words/.exec(user);
    if (target) return prose(keyword, Number(target[1]), Number(target[1]) % 7);
    if (user.startsWith("Apply this instruction")) return `<p>${prose(keyword, 30)}</p>`;
    return undefined;
  };
}
