import { FINDINGS_HEADER } from "#app/modules/ai/revise-prompt";
import { loadJudgeCorpus, type JudgeArticle } from "#tests/fixtures/judge";
import { articleProse } from "./article-answers";
import type { ChatRequest, startFakeOpenAi } from "./openai";

/**
 * The fake OpenAI server writing the way a language model does (docs/decisions/075-the-writer-revises.md): its
 * first draft fails as models fail (fluent filler, invented figures, or English when another language was asked
 * for), and a revision given the judge's findings comes back better, unless the fake is told to be stubborn.
 * Its text is the judge's labelled corpus (tests/fixtures/judge/) for a keyword the corpus has a good article on
 * (a filler article on the same keyword, or the English one, for the draft); for any other keyword, stock filler
 * first and concrete instructions on revision. Off-topic drafts are the corpus's drifting articles, and the fake's
 * topic review names the parts it drafted from them, as a model reading its own draft would.
 * Drives the revise loop's tests and `npm run fakes`.
 */

type Fake = Awaited<ReturnType<typeof startFakeOpenAi>>;
export type DraftFailure = "filler" | "invented-figures" | "wrong-language" | "off-topic" | "none";
type Options = { draft?: DraftFailure; revises?: boolean };

type Part = { heading: string; body: string };
type Written = { intro: string; sections: Part[]; faq: Array<{ question: string; answer: string }>; conclusion: string };

const FAQ_HEADING = /faq|frequently|häufig|fragen|preguntas|questions|よくある/i;
const CONCLUSION_HEADING = /^(conclusion|fazit|conclusión|まとめ|in short|zum schluss)/i;

/** A corpus article as the pipeline's parts: its introduction, content sections, FAQ and conclusion. */
function partsOf(markdown: string): Written {
  const [intro = "", ...blocks] = markdown.split(/^## /m);
  const written: Written = { intro: intro.trim(), sections: [], faq: [], conclusion: "" };
  for (const block of blocks) {
    const [heading = "", ...lines] = block.split("\n");
    const body = lines.join("\n").trim();
    if (FAQ_HEADING.test(heading)) written.faq = faqOf(body);
    else if (CONCLUSION_HEADING.test(heading.trim())) written.conclusion = body;
    else written.sections.push({ heading: heading.trim(), body });
  }
  return written;
}

function faqOf(body: string) {
  const items = [...body.matchAll(/^(?:### (.+)\n+|\*\*(.+?\?)\*\*\s*)([\s\S]*?)(?=^### |^\*\*|$(?![\s\S]))/gm)];
  return items.map((m) => ({ question: (m[1] ?? m[2] ?? "").trim(), answer: m[3]!.trim() })).filter((i) => i.question && i.answer);
}

/** Figures a model makes up, in the article's language. */
const INVENTED: Record<string, string[]> = {
  en: [
    "According to a 2023 survey, 68% of home baristas never clean their equipment properly.",
    "Studies show that regular maintenance improves flavour by up to 40%.",
    "Experts estimate that 3 out of 4 problems come from skipped routines.",
  ],
  de: [
    "Laut einer Umfrage aus dem Jahr 2023 reinigen 68 % der Kaffeetrinker ihre Geräte nie richtig.",
    "Studien zeigen, dass regelmäßige Pflege den Geschmack um bis zu 40 % verbessert.",
    "Experten schätzen, dass drei von vier Problemen auf vergessene Routinen zurückgehen.",
  ],
};

/** Stock text of generated articles, for a keyword the corpus has nothing on. */
function stockFiller(keyword: string) {
  return [
    `In today's fast-paced world, ${keyword} is more important than ever.`,
    `Whether you're a beginner or an expert, understanding ${keyword} can be a game-changer.`,
    `It is essential to be consistent and to stay focused on what really matters.`,
    `By following these best practices, you can unlock the full potential of ${keyword}.`,
    `Remember, every journey is unique, so find what works best for you.`,
  ].join(" ");
}

const lastUser = (body: ChatRequest) => body.messages?.filter((m) => m.role === "user").at(-1)?.content ?? "";
const language = (body: ChatRequest) => /\(([a-z]{2,3})(?:-[A-Za-z0-9]+)*\)\.?\n/.exec(body.messages?.[0]?.content ?? "")?.[1] ?? "en";
const quotedKeyword = (text: string) => /(?:target keyword|keyword|on) "([^"]+)"/.exec(text)?.[1] ?? "";

/** What the corpus holds on a keyword: the good article, and a draft of the failure asked for. */
function corpusTopic(articles: JudgeArticle[], keyword: string) {
  const good = articles.find((a) => a.mode === "good" && a.keyword.toLowerCase() === keyword.toLowerCase());
  if (!good) return null;
  const filler = articles.find((a) => a.mode === "filler" && a.keyword.toLowerCase() === keyword.toLowerCase());
  // The same topic in English, for a draft in the wrong language: the good English article of the site's industry.
  const english = articles.find((a) => a.language === "en" && a.mode === "good" && a.industry === good.industry);
  return {
    good: partsOf(good.markdown),
    title: good.title,
    meta: good.meta,
    filler: filler && partsOf(filler.markdown),
    english: english && partsOf(english.markdown),
  };
}

type Topic = NonNullable<ReturnType<typeof corpusTopic>>;

/** The corpus's drifting article on a keyword, as parts. */
function corpusDrift(articles: JudgeArticle[], keyword: string) {
  const drift = articles.find((a) => a.mode === "off-topic" && a.keyword.toLowerCase() === keyword.toLowerCase());
  return drift ? { ...partsOf(drift.markdown), title: drift.title, meta: drift.meta } : null;
}
type Drift = NonNullable<ReturnType<typeof corpusDrift>>;

/** The topic review's answer: the parts of the prompt that open like one of the drifting article's parts. */
function reviewTopic(drift: Drift | null, user: string) {
  const openings = drift ? [drift.intro, drift.conclusion, ...drift.sections.map((s) => s.body)].map((t) => t.slice(0, 60)) : [];
  const parts = [...user.matchAll(/^### (.+)\n([\s\S]*?)(?=\n\n### |$(?![\s\S]))/gm)];
  const straying = parts.filter((m) => openings.some((o) => o && m[2]!.startsWith(o)));
  return { straying: straying.map((m) => ({ heading: m[1]!, reason: "It tells the subject's history instead of answering the search." })) };
}

/** The draft of section `index` as a model first writes it, with the failure asked for. */
function draftSection(topic: Topic | null, keyword: string, lang: string, index: number, draft: DraftFailure) {
  if (!topic) return draft === "none" ? articleProse(keyword, 180, index) : `${stockFiller(keyword)}\n\n${stockFiller(keyword)}`;
  const good = topic.good.sections[index % topic.good.sections.length]!.body;
  const pick = (parts: Written | undefined) => (parts ? parts.sections[index % parts.sections.length]!.body : good);
  if (draft === "filler") return topic.filler ? pick(topic.filler) : stockFiller(keyword);
  if (draft === "wrong-language") return pick(topic.english);
  if (draft === "invented-figures") return `${good}\n\n${(INVENTED[lang] ?? INVENTED.en!).join(" ")}`;
  return good;
}

function draftIntroConclusion(topic: Topic | null, keyword: string, draft: DraftFailure) {
  if (!topic) {
    if (draft === "none") return { intro: articleProse(keyword, 100, 1), conclusion: articleProse(keyword, 80, 3) };
    return { intro: stockFiller(keyword), conclusion: `In conclusion, ${keyword} is a journey worth taking. ${stockFiller(keyword)}` };
  }
  const source =
    draft === "filler" ? (topic.filler ?? topic.good) : draft === "wrong-language" ? (topic.english ?? topic.good) : topic.good;
  return { intro: source.intro, conclusion: source.conclusion || topic.good.conclusion || source.intro };
}

/** A revision: the better text for the part named, or (stubborn) the part as it was sent. */
function revision(topic: Topic | null, keyword: string, user: string, revises: boolean) {
  const current = /\n---\n([\s\S]*)\n---$/.exec(user)?.[1] ?? "";
  if (!revises) return current;
  const heading = /the part "([^"]+)"\.?\n/.exec(user)?.[1] ?? "";
  const words = Number(/about (\d+) words/.exec(user)?.[1] ?? 150);
  if (!topic) {
    const prose = articleProse(keyword, words, heading.length);
    // A section that strayed is retitled when the prompt allows it, as a model would.
    const straying = /stray from what a reader searching/.test(user) && /put a better one on the first line/.test(user);
    if (!straying) return prose;
    const K = keyword.charAt(0).toUpperCase() + keyword.slice(1);
    return `## ${K}: step ${(heading.length % 5) + 1}\n\n${prose}`;
  }
  if (heading === "Introduction") return topic.good.intro;
  if (heading === "Conclusion") return topic.good.conclusion || topic.good.intro;
  return topic.good.sections.find((s) => s.heading === heading)?.body ?? topic.good.sections[0]!.body;
}

/** A model's words for the pipeline's own headings and notices (the outline's labels), by language. */
const LABELS: Record<string, { faq: string; conclusion: string; read_more: string; further_reading: string; watch: string }> = {
  en: {
    faq: "Frequently Asked Questions",
    conclusion: "Conclusion",
    read_more: "Read more:",
    further_reading: "Further reading:",
    watch: "Watch:",
  },
  de: { faq: "Häufige Fragen", conclusion: "Fazit", read_more: "Weiterlesen:", further_reading: "Quelle:", watch: "Video ansehen:" },
  ja: { faq: "よくある質問", conclusion: "まとめ", read_more: "あわせて読みたい：", further_reading: "参考：", watch: "動画：" },
};

function outlineFor(topic: Topic | null, keyword: string, lang: string) {
  const K = keyword.charAt(0).toUpperCase() + keyword.slice(1);
  const headings = topic
    ? topic.good.sections.map((s) => s.heading)
    : [`What Is ${K}?`, `Why ${K} Matters`, "Getting Started", "Common Mistakes"];
  return {
    title: topic?.title ?? `${K}: The Ultimate Guide`,
    meta_description:
      topic?.meta ?? `Discover everything you need to know about ${keyword} in this ultimate guide, with tips and best practices.`,
    slug: keyword.replace(/\s+/g, "-"),
    sections: headings.map((heading) => ({ heading, intent: "Inform", target_words: 180, subheadings: [] })),
    faq_questions: topic ? topic.good.faq.map((f) => f.question).slice(0, 4) : [`What is ${keyword}?`, `Is ${keyword} worth it?`],
    table: null,
    labels: LABELS[lang] ?? LABELS.en!,
    image_prompts: [
      { prompt: `A photo about ${keyword}`, alt: `A photo about ${keyword}` },
      { prompt: `A close-up for ${keyword}`, alt: `A close-up for ${keyword}` },
    ],
  };
}

/**
 * Arms the fake to write every article like a model. `draft`: how the first draft fails (filler by default);
 * `revises`: whether a revision given findings comes back better (true) or unchanged.
 */
export function armModelWriter(fake: Fake, { draft = "filler", revises = true }: Options = {}) {
  const { articles } = loadJudgeCorpus();
  const topics = new Map<string, Topic | null>();
  const topicOf = (keyword: string) => {
    if (!topics.has(keyword)) topics.set(keyword, corpusTopic(articles, keyword));
    return topics.get(keyword)!;
  };
  const driftOf = (keyword: string) => (draft === "off-topic" ? corpusDrift(articles, keyword) : null);
  fake.schemaAnswers.set("article_outline", (body: ChatRequest) => {
    const keyword = quotedKeyword(lastUser(body));
    const outline = outlineFor(topicOf(keyword), keyword, language(body));
    const drift = driftOf(keyword);
    if (!drift) return outline;
    const sections = drift.sections.map((s) => ({ heading: s.heading, intent: "Inform", target_words: 180, subheadings: [] }));
    return { ...outline, title: drift.title, meta_description: drift.meta, sections };
  });
  fake.schemaAnswers.set("intro_conclusion", (body: ChatRequest) => {
    const keyword = /contains "([^"]+)"/.exec(lastUser(body))?.[1] ?? "";
    const drift = driftOf(keyword);
    if (drift) return { intro: drift.intro, conclusion: drift.conclusion || drift.intro };
    return draftIntroConclusion(topicOf(keyword), keyword, draft);
  });
  fake.schemaAnswers.set("topic_review", (body: ChatRequest) => {
    const keyword = /searched for "([^"]+)"/.exec(lastUser(body))?.[1] ?? "";
    return reviewTopic(corpusDrift(articles, keyword), lastUser(body));
  });
  fake.schemaAnswers.set("article_faq", (body: ChatRequest) => {
    const user = lastUser(body);
    const keyword = /Work in the keyword "([^"]+)"|about "([^"]+)"/.exec(user)?.slice(1).find(Boolean) ?? "";
    const known = [...topics.values()].flatMap((t) => t?.good.faq ?? []);
    const questions = user
      .split("\n")
      .filter((l) => l.startsWith("- "))
      .map((l) => l.slice(2));
    return {
      items: questions.map((q, i) => ({
        question: q,
        answer: known.find((f) => f.question === q)?.answer ?? articleProse(keyword || q, 40, i),
      })),
    };
  });
  fake.schemaAnswers.set("link_selection", (body: ChatRequest) => ({
    links: lastUser(body)
      .split("\n")
      .map((l) => /^- \[(internal|external)\] (.*) — (\S+)$/.exec(l))
      .filter((m): m is RegExpExecArray => Boolean(m))
      .map((m, i) => ({ url: m[3]!, anchor: m[2]!, section: (i % 3) + 1 })),
  }));
  fake.hooks.text = (body) => {
    const user = lastUser(body);
    if (user.includes(FINDINGS_HEADER)) {
      const keyword = /on "([^"]+)": the part/.exec(user)?.[1] ?? "";
      return revision(topicOf(keyword), keyword, user, revises);
    }
    const section = /Write section (\d+): "/.exec(user);
    if (section) {
      const keyword = /Work in the keyword "([^"]+)"/.exec(user)?.[1] ?? "";
      const drift = driftOf(keyword);
      if (drift) return drift.sections[(Number(section[1]) - 1) % drift.sections.length]!.body;
      return draftSection(topicOf(keyword), keyword, language(body), Number(section[1]) - 1, draft);
    }
    return undefined;
  };
}
