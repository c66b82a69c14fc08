import type { ArticleStatus } from "#app/db/schema";
import type { ArticleBrief, FaqItem, LinkCandidate, LinkChoice, Outline, TableData } from "#app/modules/ai/types";
import type { BriefOverrides, LinkGaps } from "./research.server";

/**
 * What a generation has finished (generations.state) and how far along that is: the steps, their labels and
 * weights, and the progress the live panel shows. Pure: the pipeline (pipeline.server.ts) writes the state, the
 * generation service reads it for the panel.
 */

export type StoredImage = { url: string; alt: string; prompt: string; position: number };

export type GenerationState = {
  kind: "generate" | "regenerate";
  keyword: string;
  overrides?: BriefOverrides;
  /** Status to restore after regenerating an existing article. */
  previousStatus?: ArticleStatus;
  brief?: ArticleBrief;
  candidates?: LinkCandidate[];
  /** Why the research found fewer link candidates than the content settings ask for, in words. */
  linkGaps?: LinkGaps;
  /** Outside pages the link checker found working during the research, and when. */
  verifiedLinks?: { urls: string[]; at: string };
  outline?: Outline;
  sections?: Array<string | null>;
  introConclusion?: { intro: string; conclusion: string };
  faq?: FaqItem[];
  table?: TableData | null;
  links?: LinkChoice[];
  images?: Array<StoredImage | null>;
  video?: { id: string; title: string } | null;
  seoScore?: number;
};

const STEPS = [
  { key: "research", label: "Researching the topic and your site" },
  { key: "outline", label: "Planning the outline" },
  { key: "sections", label: "Writing the sections" },
  { key: "intro", label: "Writing the introduction and conclusion" },
  { key: "faq", label: "Answering frequent questions" },
  { key: "table", label: "Building the comparison table" },
  { key: "links", label: "Adding backlinks" },
  { key: "images", label: "Creating images" },
  { key: "assemble", label: "Assembling and scoring the article" },
] as const;
export type StepKey = (typeof STEPS)[number]["key"];

function sectionsDone(state: GenerationState) {
  return state.sections?.filter((s) => s != null).length ?? 0;
}

function stepDone(state: GenerationState, key: StepKey) {
  switch (key) {
    case "research":
      return Boolean(state.brief);
    case "outline":
      return Boolean(state.outline);
    case "sections":
      return Boolean(state.outline) && sectionsDone(state) === state.outline!.sections.length;
    case "intro":
      return Boolean(state.introConclusion);
    case "faq":
      return state.faq !== undefined;
    case "table":
      return state.table !== undefined;
    case "links":
      return state.links !== undefined;
    case "images":
      return Boolean(state.outline) && state.images !== undefined && state.images.every((i) => i !== null) && state.video !== undefined;
    case "assemble":
      return state.seoScore !== undefined;
  }
}

const WEIGHTS: Record<StepKey, number> = {
  research: 4,
  outline: 10,
  sections: 46,
  intro: 6,
  faq: 6,
  table: 4,
  links: 4,
  images: 12,
  assemble: 8,
};

/** Progress in percent from what is finished; sections count one by one. */
export function progressOf(state: GenerationState) {
  let done = 0;
  for (const { key } of STEPS) {
    if (stepDone(state, key)) done += WEIGHTS[key];
    else if (key === "sections" && state.outline) done += (WEIGHTS.sections * sectionsDone(state)) / state.outline.sections.length;
  }
  return Math.min(100, Math.round(done));
}

export function stepList(state: GenerationState, status: string) {
  const firstOpen = STEPS.find((s) => !stepDone(state, s.key))?.key;
  return STEPS.map((s) => ({
    key: s.key,
    label: s.key === "sections" && state.outline ? `${s.label} (${sectionsDone(state)}/${state.outline.sections.length})` : s.label,
    status: stepDone(state, s.key)
      ? ("done" as const)
      : status === "running" && (s.key === firstOpen || inParallelPhase(state, s.key))
        ? ("active" as const)
        : ("pending" as const),
  }));
}

function inParallelPhase(state: GenerationState, key: StepKey) {
  return Boolean(state.outline) && !["research", "outline", "assemble"].includes(key) && !stepDone(state, key);
}

/** The label shown as the current step. */
export function currentStepLabel(state: GenerationState) {
  if (!state.brief) return STEPS[0].label;
  if (!state.outline) return STEPS[1].label;
  if (!stepDone(state, "sections")) return `Writing the sections (${sectionsDone(state)}/${state.outline.sections.length})`;
  if (!stepDone(state, "links") || !stepDone(state, "images")) return "Adding backlinks and images...";
  return STEPS.find((s) => !stepDone(state, s.key))?.label ?? "Finished";
}
