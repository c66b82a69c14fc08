import { capitalize, pick } from "#app/utils/wording";
import { context, once, type Ctx } from "./template-context";
import type { OutlineSection, OutlineType } from "./templates";

/** The Content Outline Generator's templates: sections per outline type, filled with the topic (see templates.ts). */

// --------------------------------------------------------- content outlines

type SectionTemplate = { headings: Array<(c: Ctx) => string>; points: Array<(c: Ctx) => string> };

const OUTLINES: Record<OutlineType, SectionTemplate[]> = {
  "blog-post": [
    {
      headings: [() => "Introduction", ({ T }) => `Why ${T} Deserves Your Attention`],
      points: [
        ({ t }) => `Open with a relatable problem that ${t} solves`,
        ({ t, agree }) => `Explain why ${t} ${agree.matters} right now`,
        () => "Tell readers what they will learn in this post",
      ],
    },
    {
      headings: [({ T }) => `Understanding ${T}`, ({ T, agree }) => `What ${capitalize(agree.is)} ${T}?`],
      points: [
        ({ t }) => `Define ${t} in plain language`,
        () => "Introduce the key terms readers will meet",
        () => "Clear up one common misconception",
      ],
    },
    {
      headings: [({ T }) => `How to Get Started with ${T}`, ({ T }) => `A Step-by-Step Approach to ${T}`],
      points: [
        () => "Step 1: set a clear, measurable goal",
        () => "Step 2: gather the tools and resources you need",
        () => "Step 3: start small and review the results",
        () => "Add one concrete example or mini case study",
      ],
    },
    {
      headings: [({ T }) => `Common Mistakes in ${T}`, ({ T }) => `Best Practices for ${T}`],
      points: [
        () => "List the three mistakes beginners make most often",
        () => "Show the fix for each with a short example",
        () => "Share one advanced tip for experienced readers",
      ],
    },
    {
      headings: [() => "Conclusion", () => "Key Takeaways and Next Steps"],
      points: [
        () => "Summarise the main points in two or three sentences",
        () => "Suggest one action readers can take today",
        () => "Invite comments, questions or a sign-up",
      ],
    },
  ],
  video: [
    {
      headings: [() => "Hook (first 15 seconds)", () => "Cold Open"],
      points: [
        ({ t }) => `Start with a surprising fact or question about ${t}`,
        () => "Promise what viewers will be able to do by the end",
        () => "Show a quick preview of the result",
      ],
    },
    {
      headings: [() => "Introduction and Context", ({ T }) => `Why ${T} Matters`],
      points: [
        () => "Introduce yourself and why you are credible on this",
        ({ t }) => `Explain the problem ${t} solves`,
        () => "Outline the chapters of the video",
      ],
    },
    {
      headings: [() => "Main Walkthrough", ({ T }) => `${T}: Step by Step`],
      points: [
        () => "Demonstrate each step on screen",
        () => "Call out the settings or details people miss",
        () => "Use B-roll or graphics to show the before and after",
      ],
    },
    {
      headings: [() => "Tips and Common Mistakes", () => "Pro Tips"],
      points: [
        () => "Share two or three tips that save time",
        () => "Show one common mistake and how to fix it",
        () => "Answer a question viewers often ask",
      ],
    },
    {
      headings: [() => "Recap and Call to Action", () => "Wrap-Up"],
      points: [
        () => "Recap the key steps in under 30 seconds",
        () => "Ask viewers to comment with their results",
        () => "Point to the next video or resource",
      ],
    },
  ],
  course: [
    {
      headings: [({ T }) => `Module 1: Foundations of ${T}`, ({ T }) => `Module 1: Getting Started with ${T}`],
      points: [
        () => "Course goals and how to get the most from it",
        ({ t }) => `Core concepts and vocabulary of ${t}`,
        () => "Setting up your tools and workspace",
      ],
    },
    {
      headings: [() => "Module 2: Core Techniques", () => "Module 2: The Essential Skills"],
      points: [
        () => "Lesson-by-lesson walkthrough of the essential techniques",
        () => "Guided exercise after each lesson",
        () => "Quiz: check your understanding",
      ],
    },
    {
      headings: [() => "Module 3: Hands-On Practice", () => "Module 3: Applying What You Learned"],
      points: [
        () => "A realistic practice project with step-by-step guidance",
        () => "Common mistakes and how to troubleshoot them",
        () => "Peer review or self-assessment checklist",
      ],
    },
    {
      headings: [() => "Module 4: Advanced Strategies", () => "Module 4: Going Further"],
      points: [
        ({ t }) => `Advanced techniques for ${t} that experienced practitioners use`,
        () => "Case studies with real results",
        () => "Tools and workflows that scale",
      ],
    },
    {
      headings: [() => "Module 5: Final Project and Next Steps", () => "Module 5: Capstone and Certification"],
      points: [
        () => "Capstone project brief and grading criteria",
        () => "Review of the key lessons",
        () => "Resources and a learning path for after the course",
      ],
    },
  ],
};

export function contentOutline(topic: string, type: OutlineType): OutlineSection[] {
  const c = context(topic, type, "outline");
  return OUTLINES[type].map((section) => ({
    heading: once(pick(section.headings, c.rng)(c), c.shape),
    points: section.points.map((point) => once(point(c), c.shape)),
  }));
}

/** The outline as plain text, for the Copy Outline button. */
export function outlineText(sections: OutlineSection[]) {
  return sections.map((s, i) => `${i + 1}. ${s.heading}\n${s.points.map((p) => `   - ${p}`).join("\n")}`).join("\n\n");
}
