import { capitalize, cleanTopic, fitWords, hashtag, shuffle } from "#app/utils/wording";
import { scoreSeoTitle, type SeoTitleScore } from "./seo-title";
import { choose, context, once, type Ctx } from "./template-context";

/**
 * The template writers behind the free tools (used when no AI provider is
 * configured, when it fails, or when a visitor is over the AI rate limit).
 * Templates put the topic where a noun phrase reads naturally ("tips for
 * {topic}", "mistakes in {topic}") and agree with plural topics; a seeded
 * choice keeps the output stable for an input but different across topics.
 * The topic is read by its shape (app/modules/articles/keyword-shape.ts): a
 * how-to or question becomes the noun phrase it is about ("how to glaze
 * pottery" → "glazing pottery"), and an audience the topic already names is
 * not named twice ("pottery for beginners" in a beginner's guide).
 */

export const META_DESCRIPTION_LIMIT = 160;
export const CONTENT_TYPES = ["blog-post", "video", "social-media"] as const;
export const BLOG_TITLE_STYLES = ["listicle", "how-to", "question", "ultimate"] as const;
export const PLATFORMS = ["instagram", "twitter", "linkedin"] as const;
export const TONES = ["professional", "casual", "funny"] as const;
export const OUTLINE_TYPES = ["blog-post", "video", "course"] as const;
/** Each platform's caption limit in characters. */
export const PLATFORM_LIMITS: Record<Platform, number> = { instagram: 2200, twitter: 280, linkedin: 3000 };

export type ContentType = (typeof CONTENT_TYPES)[number];
export type BlogTitleStyle = (typeof BLOG_TITLE_STYLES)[number];
export type Platform = (typeof PLATFORMS)[number];
export type Tone = (typeof TONES)[number];
export type OutlineType = (typeof OUTLINE_TYPES)[number];

export type Idea = { title: string; description: string };
export type SeoTitle = { title: string } & SeoTitleScore;
export type OutlineSection = { heading: string; points: string[] };

// ---------------------------------------------------------------- headlines

export function headlines(topic: string): string[] {
  const c = context(topic, "headlines");
  const { T, agree } = c;
  const pool = [
    () => `${c.n()} Tips for Better ${T} That Actually Work`,
    () => `The Complete Guide to ${T}`,
    () => `How to Get Started with ${T} (Even as a Beginner)`,
    () => `${c.n()} Common Mistakes in ${T} and How to Avoid Them`,
    () => `Why ${T} ${capitalize(agree.matters)} More Than You Think`,
    () => `${T}: What Nobody Tells You`,
    () => `The Beginner's Guide to ${T}`,
    () => `${c.n()} Proven Strategies for ${T}`,
    () => `What ${capitalize(agree.is)} ${T}? Everything You Need to Know`,
    () => `${T} Made Simple: A Step-by-Step Guide`,
    () => `How to Master ${T} in ${c.n()} Simple Steps`,
    () => `The Ultimate Checklist for ${T}`,
    () => `${c.n()} Fresh Ideas for ${T} to Try This Week`,
    () => `${capitalize(agree.is)} ${T} Worth It? An Honest Look`,
    () => `${c.n()} Questions to Ask Before You Start with ${T}`,
    () => `Everything You Need to Know About ${T}`,
  ];
  return choose(pool, 8, c.rng).map((make) => once(make(), c.shape));
}

// -------------------------------------------------------- meta descriptions

export function metaDescriptions(topic: string, summary = ""): string[] {
  const c = context(topic, summary, "meta");
  const { t } = c;
  const pool = [
    () => `Discover everything you need to know about ${t}: practical tips, real examples and a step-by-step plan to get results faster.`,
    () => `New to ${t}? This beginner-friendly guide explains the basics, the mistakes to avoid and simple steps you can take today.`,
    () => `Get better results with ${t}: ${c.n()} proven strategies, expert tips and examples you can put to work right away.`,
    () => `Everything about ${t} in one place. Learn what works, what doesn't and how to make the most of your time, with clear examples.`,
    () =>
      `Looking for ${t} advice you can trust? Read our practical guide with actionable tips, a checklist and answers to common questions.`,
    () => `Master ${t} faster with a clear, no-fluff guide covering the essentials, the best tools and the mistakes most people make.`,
    () => `Learn how to approach ${t} the smart way. We cover the fundamentals, proven techniques and quick wins for beginners and pros.`,
  ];
  const clean = summary
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[.!?]+$/, "");
  const fromSummary: Array<() => string> = clean
    ? [
        () => {
          const tail = ` Read our guide to ${t}.`;
          return `${capitalize(fitWords(clean, META_DESCRIPTION_LIMIT - tail.length - 1))}.${tail}`;
        },
        () => {
          const head = `${capitalize(t)}: `;
          return `${head}${fitWords(clean, META_DESCRIPTION_LIMIT - head.length - 1)}.`;
        },
      ]
    : [];
  const picked = choose(pool, 5 - fromSummary.length, c.rng).map((make) => make());
  return [...fromSummary.map((make) => make()), ...picked].map((text) => once(text, c.shape));
}

// ------------------------------------------------------------ content ideas

const IDEA_POOLS: Record<ContentType, Array<(c: Ctx) => Idea>> = {
  "blog-post": [
    ({ t }) => ({
      title: `A beginner's guide to ${t}`,
      description: "Answer the first questions newcomers ask and give them a clear place to start.",
    }),
    (c) => ({
      title: `${c.n()} common mistakes in ${c.t} (and how to fix them)`,
      description: "Each mistake with a real example and a concrete fix readers can apply today.",
    }),
    ({ t }) => ({
      title: `Myths about ${t}, debunked`,
      description: "Pick the beliefs you hear most often and set the record straight with evidence.",
    }),
    ({ t }) => ({
      title: `The tools we use for ${t}`,
      description: "An honest round-up of the tools you rely on, with what each one is best at.",
    }),
    ({ t }) => ({
      title: `Key terms in ${t}, explained`,
      description: "A plain-language glossary that beginners can bookmark and come back to.",
    }),
    ({ t }) => ({
      title: `Trends in ${t} to watch this year`,
      description: "What is changing, why it matters and how your readers can prepare.",
    }),
    ({ t }) => ({
      title: `A step-by-step checklist for ${t}`,
      description: "A practical checklist readers can print or save and work through in order.",
    }),
    ({ t }) => ({
      title: `How to measure success in ${t}`,
      description: "The numbers worth tracking, how to track them and what good looks like.",
    }),
    ({ t }) => ({
      title: `Budget-friendly ways to get into ${t}`,
      description: "Show that getting started does not require a big budget, with low-cost options.",
    }),
    ({ t }) => ({
      title: `Frequently asked questions about ${t}`,
      description: "Collect the questions your audience asks and answer each one in a few lines.",
    }),
    ({ t }) => ({
      title: `Case study: what we learned from a year of ${t}`,
      description: "A candid story with numbers, what worked, what failed and what you would repeat.",
    }),
  ],
  video: [
    ({ t }) => ({
      title: `${capitalize(t)} explained in 60 seconds`,
      description: "A short explainer that covers the one idea viewers need most.",
    }),
    ({ t }) => ({
      title: `A step-by-step tutorial on ${t} for beginners`,
      description: "Screen or camera walkthrough of a first project from start to finish.",
    }),
    ({ t }) => ({
      title: `Reacting to popular myths about ${t}`,
      description: "Read common claims on camera and explain which hold up and which don't.",
    }),
    ({ t }) => ({
      title: `Live Q&A: your questions about ${t}, answered`,
      description: "Collect questions in advance and answer them live; clip the best answers later.",
    }),
    ({ t }) => ({
      title: `Behind the scenes of our work in ${t}`,
      description: "Show your real process, tools and workspace to build trust.",
    }),
    ({ t }) => ({
      title: `Top tools for ${t}, reviewed and compared`,
      description: "Side-by-side comparison with honest pros and cons for each tool.",
    }),
    ({ t }) => ({
      title: `Beginner vs. expert: how pros approach ${t}`,
      description: "Contrast two approaches to the same task and explain the difference.",
    }),
    ({ t }) => ({
      title: `Common mistakes in ${t} and how to avoid them`,
      description: "Demonstrate each mistake and the fix, with before-and-after results.",
    }),
    ({ t }) => ({
      title: `An interview with an expert in ${t}`,
      description: "A conversation with a practitioner about lessons learned and advice for beginners.",
    }),
    ({ t }) => ({
      title: `A week of ${t}: what actually happened`,
      description: "A vlog-style challenge documenting daily progress and honest results.",
    }),
  ],
  "social-media": [
    ({ t }) => ({
      title: `Carousel: five quick tips for ${t}`,
      description: "One tip per slide, a strong first slide and a save-worthy summary at the end.",
    }),
    ({ t }) => ({
      title: `Poll: what is your biggest challenge with ${t}?`,
      description: "Ask your audience and use the answers to plan your next posts.",
    }),
    ({ t }) => ({ title: `Myth vs. fact: ${t} edition`, description: "A two-panel post that corrects one common misconception." }),
    ({ t }) => ({
      title: `Behind the scenes of your work in ${t}`,
      description: "A casual photo or short clip that shows the people behind the brand.",
    }),
    ({ t }) => ({
      title: `Customer spotlight: a success story in ${t}`,
      description: "Share a real result from a customer, with their permission and their words.",
    }),
    ({ t }) => ({ title: `This or that: ${t} edition`, description: "A quick-choice post that invites easy replies and comments." }),
    ({ t }) => ({
      title: `Thread: lessons learned from years of ${t}`,
      description: "A numbered thread with one lesson per post and a takeaway at the end.",
    }),
    ({ t }) => ({ title: `Your top resources for ${t}`, description: "A countdown of the books, tools or accounts you recommend most." }),
    ({ t }) => ({
      title: `Ask me anything about ${t}`,
      description: "Open the floor for questions and answer them in stories or replies.",
    }),
    ({ t }) => ({ title: `A relatable meme about ${t}`, description: "A light-hearted post about a struggle your audience knows well." }),
  ],
};

export function contentIdeas(niche: string, type: ContentType): Idea[] {
  const c = context(niche, type, "ideas");
  return choose(IDEA_POOLS[type], 8, c.rng).map((make) => {
    const idea = make(c);
    return { ...idea, title: once(idea.title, c.shape) };
  });
}

// -------------------------------------------------------------- blog titles

const TITLE_POOLS: Record<BlogTitleStyle, Array<(c: Ctx) => string>> = {
  listicle: [
    (c) => `${c.n()} Essential Tips for ${c.T}`,
    (c) => `${c.n()} Mistakes to Avoid in ${c.T}`,
    (c) => `${c.n()} Tools That Make ${c.T} Easier`,
    (c) => `${c.n()} Things Every Beginner Should Know About ${c.T}`,
    (c) => `${c.n()} Proven Strategies for ${c.T}`,
    (c) => `${c.n()} Surprising Facts About ${c.T}`,
    (c) => `${c.n()} Simple Ways to Get Better at ${c.T}`,
  ],
  "how-to": [
    (c) => `How to Get Started with ${c.T}`,
    (c) => `How to Master ${c.T} Step by Step`,
    (c) => `How to Get Better at ${c.T} in 30 Days`,
    (c) => `How to Avoid Common Mistakes in ${c.T}`,
    (c) => `How to Choose the Right Tools for ${c.T}`,
    (c) => `How to Measure Success in ${c.T}`,
    (c) => `How to Make ${c.T} Work for You`,
  ],
  question: [
    (c) => `What ${capitalize(c.agree.is)} ${c.T} and Why ${capitalize(c.agree.does)} ${capitalize(c.agree.it)} Matter?`,
    (c) => `${capitalize(c.agree.is)} ${c.T} Worth It?`,
    (c) => `Why Is Everyone Talking About ${c.T}?`,
    (c) => `Are You Making These Mistakes in ${c.T}?`,
    (c) => `What Do Experts Get Right About ${c.T}?`,
    (c) => `How Long Does It Take to Learn ${c.T}?`,
    (c) => `Where Should You Start with ${c.T}?`,
  ],
  ultimate: [
    (c) => `The Ultimate Guide to ${c.T}`,
    (c) => `The Ultimate Checklist for ${c.T}`,
    (c) => `${c.T}: The Ultimate Beginner's Handbook`,
    (c) => `The Ultimate Resource List for ${c.T}`,
    (c) => `The Ultimate Step-by-Step Plan for ${c.T}`,
    (c) => `Everything You Need to Know About ${c.T}: The Ultimate Guide`,
  ],
};

export function blogTitles(topic: string, style: BlogTitleStyle): string[] {
  const c = context(topic, style, "titles");
  return choose(TITLE_POOLS[style], 5, c.rng).map((make) => once(make(c), c.shape));
}

// --------------------------------------------------------------- SEO titles

/** A how-to or question keyword stays as asked: search results match the phrase people type. */
function askedSeoTitles(c: Ctx): Array<() => string> {
  const K = c.shape.headline;
  if (c.shape.kind === "question")
    return [
      () => `${K} A Simple Guide`,
      () => `${K} The Complete Answer`,
      () => `${K} What You Need to Know`,
      () => `${K} ${c.n()} Expert Tips`,
      () => `${K} Here's the Answer`,
    ];
  return [
    () => `${K}: The Complete Guide`,
    () => `${K}: ${c.n()} Proven Tips`,
    () => `${K} (Step-by-Step)`,
    () => `${K}: A Practical Guide`,
    () => `${K} Like a Pro`,
    () => `${K}: Everything You Need to Know`,
    () => `${K} in ${c.n()} Simple Steps`,
  ];
}

export function seoTitles(keyword: string, brand = ""): SeoTitle[] {
  const c = context(keyword, brand, "seo");
  const { T } = c;
  const asked = c.shape.kind === "how-to" || c.shape.kind === "question";
  const pool = asked
    ? askedSeoTitles(c)
    : [
        () => `${T}: The Complete Guide`,
        () => `${T}: ${c.n()} Proven Tips for Better Results`,
        () => `The Ultimate Guide to ${T}`,
        () => `How to Master ${T} (Step-by-Step)`,
        () => `${T} for Beginners: ${c.n()} Essential Tips`,
        () => `What ${capitalize(c.agree.is)} ${T}? A Simple Guide`,
        () => `${T} Explained: Everything You Need to Know`,
        () => `${c.n()} Best Practices for ${T}`,
        () => `${T}: Expert Advice and Practical Examples`,
      ];
  const suffix = brand.trim() ? ` | ${brand.trim()}` : "";
  return choose(pool, 5, c.rng)
    .map((make) => {
      const title = once(make(), c.shape) + suffix;
      return { title, ...scoreSeoTitle(title, cleanTopic(keyword), brand) };
    })
    .sort((a, b) => b.score - a.score);
}

// --------------------------------------------------------- social captions

const HOOKS: Record<Tone, Array<(c: Ctx) => string>> = {
  professional: [
    ({ t }) => `Three lessons we have learned about ${t}.`,
    ({ t, agree }) => `${capitalize(t)} ${agree.is} changing fast, and the fundamentals matter more than ever.`,
    ({ t }) => `Getting ${t} right starts with a clear plan.`,
    ({ t }) => `Most teams underestimate what ${t} can do for them.`,
    ({ t }) => `What separates good results in ${t} from great ones? Consistency.`,
  ],
  casual: [
    ({ t }) => `Okay, let's talk about ${t} for a sec.`,
    ({ t }) => `Confession: I used to overthink ${t}.`,
    ({ t }) => `Friendly reminder: ${t} doesn't have to be complicated.`,
    ({ t }) => `Here's my go-to approach to ${t}.`,
    ({ t }) => `New week, new goals for ${t}!`,
  ],
  funny: [
    ({ t }) => `Me: I'll spend five minutes on ${t}. Also me, three hours later: 👀`,
    ({ t }) => `I came for one quick tip about ${t} and stayed for the whole rabbit hole.`,
    ({ t }) => `My relationship status? It's complicated, with ${t}.`,
    ({ t }) => `Nobody: … Me at 2 a.m.: reading about ${t}.`,
    ({ t }) => `They said ${t} would be easy. They were lying. Here's what actually helps.`,
  ],
};

const BODIES: Record<Tone, string[]> = {
  professional: [
    "Start with clear goals, measure what matters and refine your approach every month. Small, steady improvements compound into real results.",
    "Focus on your audience first: understand their questions, answer them clearly, and the results follow.",
    "We put together a practical guide to the fundamentals, the common pitfalls and the tools that save time.",
  ],
  casual: [
    "Pick one small thing, do it every day, and watch it add up. No fancy tools needed to get started.",
    "Honestly, the best advice I got was to stop waiting for the perfect moment and just start.",
    "Keep it simple, stay curious, and don't be afraid to ask for help when you get stuck.",
  ],
  funny: [
    "The good news: it gets easier. The bad news: you will now talk about it at every dinner party.",
    "Step one: stop panicking. Step two: grab a coffee. Step three: actually read the tips below.",
    "Plot twist: the experts were beginners once too, and they also googled everything.",
  ],
};

const CLOSERS: Record<Platform, Record<Tone, string>> = {
  instagram: {
    professional: "Save this post for later and share it with your team.",
    casual: "Save this for later and tag a friend who needs it!",
    funny: "Tag the friend who needs to hear this. You know the one.",
  },
  twitter: {
    professional: "What has worked for you?",
    casual: "What's your take?",
    funny: "Who else? 🙋",
  },
  linkedin: {
    professional: "What has worked for your team? Share your experience in the comments.",
    casual: "I'd love to hear how you approach it. Drop a comment below.",
    funny: "Tell me I'm not the only one in the comments.",
  },
};

function tags(c: Ctx, count: number) {
  const extra = ["#Tips", "#Learning", "#Growth", "#Community", "#HowTo", "#Motivation"];
  return [hashtag(c.t), ...shuffle(extra, c.rng)].filter(Boolean).slice(0, count);
}

export function socialCaptions(topic: string, platform: Platform, tone: Tone): string[] {
  const c = context(topic, platform, tone, "captions");
  const hooks = choose(HOOKS[tone], 3, c.rng);
  const bodies = shuffle(BODIES[tone], c.rng);
  return hooks.map((hook, i) => {
    const opening = hook(c);
    const closer = CLOSERS[platform][tone];
    let caption: string;
    if (platform === "twitter") {
      caption = `${opening} ${closer}\n\n${tags(c, 2).join(" ")}`;
      if (caption.length > PLATFORM_LIMITS.twitter) caption = `${opening} ${closer}`;
      if (caption.length > PLATFORM_LIMITS.twitter) caption = fitWords(opening, PLATFORM_LIMITS.twitter);
    } else {
      const count = platform === "instagram" ? 5 : 3;
      caption = [opening, bodies[i % bodies.length], closer, tags(c, count).join(" ")].join("\n\n");
    }
    return caption.slice(0, PLATFORM_LIMITS[platform]);
  });
}
