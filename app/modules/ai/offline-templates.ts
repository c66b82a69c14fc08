import type { KeywordShapeKind } from "#app/modules/articles/keyword-shape";

/**
 * The offline writer's templates (offline-writer.server.ts fills them in).
 * Placeholders: {t} the topic as a noun phrase ("glazing pottery at home",
 * "content marketing"), {Tc} the same at a sentence start, {T} in headline
 * case, {K} the keyword as a headline, {Q} a question keyword as asked;
 * {it} {It} {them} {its} {is} {was} agree with a plural topic, {v:verb} is
 * the verb agreeing with it ("solves" / "solve"); {brand} the site's brand.
 * The exact keyword goes only where its shape reads as English
 * (docs/decisions/037-keyword-shapes-and-content-checks.md), and the topic
 * sits in at most one or two sentences a section, so the article never
 * stuffs it.
 */

type Shaped = Record<"noun" | "how-to" | "question", string[]>;

export function shapeGroup(kind: KeywordShapeKind): keyof Shaped {
  return kind === "how-to" ? "how-to" : kind === "question" ? "question" : "noun";
}

export type SectionRole = { headings: Shaped; intent: string; subheadings: string[]; sentences: string[] };

/** Sections in article order; short articles take the first four, long ones seven. */
export const SECTION_ROLES: SectionRole[] = [
  {
    headings: {
      noun: ["{T}: The Basics", "Understanding {T}"],
      "how-to": ["What {T} Involves", "Understanding the Process"],
      question: ["{Q} The Short Answer"],
    },
    intent: "Explain the basics and why they matter",
    subheadings: [],
    sentences: [
      "{Tc} {is} easiest to understand through the problem {it} {v:solve} rather than the jargon around {them}.",
      "At {its} core, the work comes down to a few repeatable decisions made well instead of improvised each time.",
      "People usually start looking closer when the way they work today stops scaling or starts costing too much.",
      "The idea itself is simple, but the details decide whether it pays off or becomes one more chore.",
      "A useful way to think about it is as a system: a few inputs, a clear process and a result you can check.",
      "That framing tells you where to look when something does not work as expected.",
      "Most of the confusion comes from advice that skips the context it was written for.",
      "A beginner, a hobbyist with some experience and a professional each need a slightly different version.",
      "What stays the same is the goal: fewer surprises, clearer priorities and results you can see.",
      "It also helps to separate the essentials from the extras that only matter later.",
      "The essentials are few, and getting them right covers most of the value.",
      "Everything else is refinement you can add once the basics run reliably.",
      "Knowing this up front saves time, because you will not chase advanced tactics before they can help.",
      "Keep that goal in mind and the rest of this guide will be easy to apply to your own situation.",
      "None of this needs special talent, only a willingness to pay attention to what happens.",
    ],
  },
  {
    headings: {
      noun: ["Why {T} {v:Matter}", "What You Gain"],
      "how-to": ["Why It Is Worth Doing Well", "What You Gain"],
      question: ["Why the Answer Depends on You", "What Changes the Answer"],
    },
    intent: "Show the concrete benefits",
    subheadings: ["Time and focus", "Better decisions"],
    sentences: [
      "The first gain is time: a clear routine removes dozens of small decisions from your week.",
      "That time goes back into the parts of the work you actually enjoy.",
      "The second gain is consistency, because a repeatable approach produces results you can compare.",
      "When results are comparable, you can see what works and stop doing what does not.",
      "A written routine also makes it easier to involve other people, since the steps can be explained and shared.",
      "Another gain is confidence: you know why you are doing each step, so you can defend your choices.",
      "Over a few months, small improvements add up to a noticeable difference in quality and cost.",
      "The gains are largest for anyone who currently works without any routine at all.",
      "If you already have a routine that works, the gain comes from tightening it rather than replacing it.",
      "Either way, the benefits only appear when the approach is applied regularly, not once.",
      "Treat it as a habit and it keeps paying back the effort you put into setting it up.",
      "Clear priorities are a quieter benefit, but they are often the one people value most.",
      "They make it obvious what to do next, even on a busy day.",
      "Fewer surprises also means less stress, which is easy to underrate until you feel it.",
      "Good habits here tend to spread to neighbouring tasks as well.",
    ],
  },
  {
    headings: {
      noun: ["How to Get Started", "First Steps"],
      "how-to": ["Before You Start", "Getting Ready"],
      question: ["Where to Start", "First Steps"],
    },
    intent: "Give practical first steps",
    subheadings: ["Set a clear goal", "Start small"],
    sentences: [
      "Begin by writing down the one result you want in the next three months.",
      "A specific goal keeps you from spreading effort across too many directions at once.",
      "Next, look at what you already do and note which parts work and which parts cause friction.",
      "This quick audit shows where a change will make the biggest difference first.",
      "Choose one small area and try the new approach there before rolling it out everywhere.",
      "A small start lets you learn cheaply and adjust before the stakes get higher.",
      "Keep notes as you go, because the details you learn in the first weeks are easy to forget.",
      "Only then expand to the next area, using what you learned to move faster.",
      "If other people are involved, share the plan early so nobody is surprised by the change.",
      "Simple checklists help here, because they turn good intentions into steps anyone can follow.",
      "Do not wait for a perfect plan; a good plan you follow beats a perfect one you postpone.",
      "Put the first check-in in your calendar now, so it actually happens.",
      "Small, steady progress is the most reliable way to make a new habit stick.",
      "Gather what you need before the first session, so nothing interrupts it halfway.",
      "Expect the first attempt to be rough; its job is to show you what to adjust.",
    ],
  },
  {
    headings: {
      noun: ["Habits That Work", "Practices Worth Keeping"],
      "how-to": ["{K}, Step by Step", "{K}: The Steps in Order"],
      question: ["Step by Step", "What to Do, in Order"],
    },
    intent: "Share the practices and steps that work",
    subheadings: [],
    sentences: [
      "Keep your approach as simple as the problem allows, and no simpler.",
      "Write the steps down once, then improve the list each time you notice a gap.",
      "Measure a few things that matter instead of many things that are easy to count.",
      "Look back at your results on a fixed rhythm, such as the first Monday of every month.",
      "Change one thing per round, so you know which change caused which effect.",
      "Work for the people you serve, and check the result from their point of view.",
      "Reuse what works: a template or checklist saves effort and keeps quality steady.",
      "Retire steps that no longer add value, even if they were useful once.",
      "Ask for feedback early, when changes are still cheap to make.",
      "Keep an eye on the basics, because most problems start there rather than in advanced details.",
      "Protect time for the work in your schedule instead of fitting it into gaps.",
      "Share what you learn, since explaining a practice is a good test of whether you understand it.",
      "Be patient with results; most improvements show up over weeks, not days.",
      "Finally, stay curious and compare your approach with how others do the same work.",
      "Tidy up at the end of each session, so the next one starts without friction.",
    ],
  },
  {
    headings: {
      noun: ["Common Mistakes to Avoid", "Pitfalls and How to Avoid Them"],
      "how-to": ["Common Mistakes to Avoid", "What Usually Goes Wrong"],
      question: ["Common Mistakes to Avoid", "What Usually Goes Wrong"],
    },
    intent: "Warn about the common mistakes",
    subheadings: ["Doing too much at once", "Skipping the check-in"],
    sentences: [
      "The most common mistake is trying to change everything in the first week.",
      "Big launches feel productive, but they make it hard to tell which part actually helped.",
      "Another frequent mistake is copying someone else's setup without checking that it fits your needs.",
      "What works for an expert with years of practice can be overkill for a beginner, and the reverse is also true.",
      "Many people also stop looking at their results once things seem to run smoothly.",
      "Without regular check-ins, small problems grow quietly until they become expensive ones.",
      "Ignoring the people affected by a change costs goodwill quickly.",
      "Explain the why behind each step, not only the what, and others will follow it more willingly.",
      "Some give up too early, before the new routine has had time to show results.",
      "Set a realistic date to judge the approach, and judge it then, not after a single bad day.",
      "Overcomplicating tools is another trap; a notebook is often enough at the start.",
      "Avoid measuring success only by effort spent, since effort is not the same as progress.",
      "Each of these mistakes is easy to fix once you know to look for it.",
      "Rushing the last step is a classic one: most flaws appear when patience runs out.",
      "Skipping a trial run is another, because a small test is far cheaper than a failed batch.",
    ],
  },
  {
    headings: {
      noun: ["Tools and Resources", "What You Need"],
      "how-to": ["Tools and Materials", "What You Need"],
      question: ["Tools and Resources", "What You Need"],
    },
    intent: "Describe the tools and resources that help",
    subheadings: [],
    sentences: [
      "You do not need expensive equipment to start; basic tools and a notebook are enough.",
      "As you gain experience, a dedicated tool can save time on the repetitive parts.",
      "Choose tools that fit the way you already work, not tools that force a new way of working.",
      "Before buying, try a tool on a real task for a week and see whether it removes friction.",
      "Good documentation and an active community are worth as much as features.",
      "Keep the number of tools small, because every tool adds upkeep and learning.",
      "Templates and checklists are resources too, and they are often the most valuable ones.",
      "Reliable reference material helps you check facts instead of relying on memory.",
      "When you work with a partner or supplier, agree on expectations in writing.",
      "Once a year, look through what you own and let go of what nobody uses.",
      "The right tools make the work lighter, but they never replace a clear process.",
      "Start with the process, then pick tools that support it.",
      "Borrowing or renting before buying is a cheap way to learn what you really need.",
      "Store things where you use them, so setting up takes minutes rather than an hour.",
    ],
  },
  {
    headings: {
      noun: ["Measuring Your Progress", "How to Tell It Is Working"],
      "how-to": ["Checking Your Results", "How to Tell It Is Working"],
      question: ["How to Tell It Is Working", "Checking Your Results"],
    },
    intent: "Explain how to measure progress",
    subheadings: [],
    sentences: [
      "Measuring progress starts with choosing two or three signs that reflect your goal.",
      "Write down where you stand today, so you have a baseline to compare against.",
      "Look at those signs on a fixed schedule, such as every second Friday.",
      "Look for trends over several checks rather than reacting to a single number.",
      "When a number moves, ask what changed in the process before drawing conclusions.",
      "Qualitative feedback matters too, because numbers rarely tell the whole story.",
      "Share results openly, including the ones that are disappointing.",
      "Use what you learn to decide the next single change to try.",
      "Keep the measurement light, so it never becomes more work than the task itself.",
      "Over time, good measurement turns guesswork into a routine you can trust.",
      "Celebrate real progress, since visible wins keep everyone motivated.",
      "And when results stall, go back to the basics before adding complexity.",
      "Photos or short notes of each attempt make progress visible in a way memory cannot.",
      "Compare against your own earlier work, not against someone else's highlights.",
    ],
  },
];

/** Lines about the brand, from its settings; each needs the field it names. */
export const BRAND_LINES: Array<{ needs: "description" | "audience" | "tags" | "name"; text: string }> = [
  { needs: "tags", text: "At {brand}, this comes up every day in our work with {tags}." },
  { needs: "description", text: "For context, this is how {brand} describes itself: “{description}”" },
  { needs: "audience", text: "{brand} works with {audience} every week, and their questions shaped this advice." },
  { needs: "name", text: "If you want a second opinion, the team at {brand} is happy to share what has worked for others." },
  { needs: "name", text: "{brand} follows the same steps in its own work and refines them over time." },
];

export const TITLES: Shaped = {
  noun: [
    "{K}: A Practical Guide",
    "{K}: What to Know Before You Start",
    "A Practical Guide to {K}",
    "{K}, Explained",
    "Getting Started with {K}",
  ],
  "how-to": ["{K}: A Step-by-Step Guide", "{K}: A Practical Guide", "{K}, Step by Step", "{K}: What You Need to Know"],
  question: ["{Q} A Clear Answer", "{Q} What to Know", "{Q} A Practical Answer"],
};

/** FAQ entries: questions without the keyword (headings that repeat it read as filler), answers that add something new. */
export const FAQ: Array<[question: string, answer: string]> = [
  [
    "How long before I see results?",
    "Most people notice a difference within a few weeks of steady practice. The larger changes build over two or three months, so judge your progress over that span rather than day by day.",
  ],
  [
    "Do I need special equipment to begin?",
    "No. Start with what you have and a notebook for what you learn. Buy better tools only when a specific limit keeps getting in your way.",
  ],
  [
    "What is the biggest mistake beginners make?",
    "Trying too much at once. It hides which change helped and wears you out. Pick one improvement, give it a fair trial and keep what works.",
  ],
  [
    "How much time should I set aside?",
    "A regular, modest slot beats an occasional marathon. Two or three focused sessions a week are enough to build skill and keep momentum.",
  ],
  [
    "Where can I get help if I get stuck?",
    "Ask someone who has done it before, whether a friend, a local class or an online community. Describe what you tried and what happened; specific questions get useful answers.",
  ],
];

export const INTROS: Shaped = {
  noun: [
    "{Kc} {is} one of those subjects where a little structure goes a long way. Yet most advice about {them} is either too vague to act on or too detailed to start with. This guide takes the middle road: the basics, why {it} {v:matter}, how to start, which habits work and which mistakes to avoid.",
  ],
  "how-to": [
    "Learning {k} is easier than it looks once you break it into steps. Most advice is either too vague to act on or too detailed to start with. This guide shows {k} in order: what it involves, how to prepare, the steps themselves and the mistakes that ruin a first attempt.",
  ],
  question: [
    "{Q} It is a fair question, and the answer is shorter than most advice makes it seem. This guide gives the short answer first, then the steps, the tools and the mistakes to avoid.",
  ],
};

export const INTRO_TAIL =
  "Each part is short and practical, so you can read it in one sitting and try the first step today. A comparison table and answers to common questions follow the main sections.";

export const CONCLUSIONS: Shaped = {
  noun: [
    "{Kc} {v:do} not need to be complicated. Set one clear goal, start small, check your results on a fixed rhythm and change one thing at a time. Done consistently, these habits keep paying off.",
  ],
  "how-to": [
    "Learning {k} comes down to a few habits: prepare well, work in small steps, check the result and adjust one thing at a time. Done consistently, they turn a first rough attempt into reliable results.",
  ],
  question: [
    "The answer to “{Q}” comes down to a few habits: start small, check what happens and adjust one thing at a time. Done consistently, they turn a first rough attempt into reliable results.",
  ],
};

export const NEXT_STEP =
  "Your next step: pick the one area where you feel the most friction today and try the first step from this guide this week.";

export const METAS: Shaped = {
  noun: ["{Kc}: what {it} {is}, why {it} {v:matter}, how to start and the mistakes to avoid."],
  "how-to": ["Learn {k}: what you need, the steps in order and the mistakes to avoid."],
  question: ["{Q} A clear answer, the steps to take and the mistakes to avoid."],
};

export const TABLE = {
  caption: "Ways to approach {t}, compared",
  columns: ["Approach", "Best for", "Effort", "Watch out for"],
  rows: [
    ["On your own", "Getting started cheaply", "Low", "Slow progress without a checklist"],
    ["With a checklist or template", "Repeatable everyday work", "Low to medium", "Templates going out of date"],
    ["With dedicated tools", "Regular, higher volume", "Medium", "Paying for features nobody uses"],
    ["With an expert or a class", "Complex or high-stakes projects", "Medium to high", "Depending on help you cannot repeat"],
  ],
};
