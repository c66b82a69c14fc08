import type { ArticleStatus } from "#app/db/schema";
import type { ArticleBrief, FaqItem, LinkCandidate, LinkChoice, Outline, TableData } from "#app/modules/ai/types";
import type { BriefOverrides, LinkGaps } from "./research.server";

/**
 * What a generation has finished (generations.state) and how far along that is: the steps, their labels and
 * weights, and the progress the live panel shows. Pure: the pipeline (pipeline.server.ts) writes the state, the
 * generation service reads it for the panel.
 */

export type StoredImage = { url: string; alt: string; prompt: string; position: number };

/** One pass of the writer over its weak parts (revise.server.ts). */
export type RevisionPass = {
  /** 1-based. */
  pass: number;
  /** The labels of the judge's failed checks that sent it. */
  reasons: string[];
  /** What the writer was told: each failed check's finding and fix. */
  findings: string[];
  /** The parts chosen, weakest first: "intro", "conclusion" or "section:<index>". */
  parts: string[];
  /** The parts already rewritten and saved (a retried job goes on from here). */
  done: string[];
  /** Tokens the pass's calls used. */
  tokens: number;
  finished: boolean;
};

/**
 * The writer's revisions of its own draft: its passes, and how they ended. `passed`: the judge found nothing more;
 * `held`: still short after the last pass (`remaining` names the checks); `skipped`: the writer does not revise.
 */
export type RevisionLog = {
  passes: RevisionPass[];
  outcome?: "passed" | "held" | "skipped";
  remaining?: string[];
  /** Held for straying from the search (the model's own reading): the finding, for the gate to name. */
  topic?: string;
  /** hashText of the body as saved: the finding holds only while the article is still that text. */
  savedHash?: number;
};

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
  revision?: RevisionLog;
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
  { key: "revise", label: "Revising weak sections" },
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
    case "revise":
      return state.revision?.outcome !== undefined || state.seoScore !== undefined;
    case "assemble":
      return state.seoScore !== undefined;
  }
}

const WEIGHTS: Record<StepKey, number> = {
  research: 4,
  outline: 10,
  sections: 42,
  intro: 6,
  faq: 6,
  table: 4,
  links: 4,
  images: 12,
  revise: 4,
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

/** The revision step as the timeline tells it: the pass under way, or what the passes did and how they ended. */
function revisionLabel(log: RevisionLog | undefined, fallback: string) {
  if (!log) return fallback;
  const revised = log.passes.reduce((n, p) => n + p.done.length, 0);
  const parts = `${revised} weak part${revised === 1 ? "" : "s"} in ${log.passes.length} pass${log.passes.length === 1 ? "" : "es"}`;
  if (log.outcome === "passed")
    return log.passes.length ? `Revised ${parts}: the draft passes the checks` : "Checked the draft: nothing to revise";
  if (log.outcome === "held") return `Revised ${parts}; still short: ${(log.remaining ?? []).join(", ")}`;
  const open = log.passes.at(-1);
  return open && !open.finished ? `${fallback} (pass ${open.pass}: ${open.reasons.join(", ")})` : fallback;
}

function stepLabel(state: GenerationState, key: StepKey, label: string) {
  if (key === "sections" && state.outline) return `${label} (${sectionsDone(state)}/${state.outline.sections.length})`;
  if (key === "revise") return revisionLabel(state.revision, label);
  return label;
}

export function stepList(state: GenerationState, status: string) {
  const firstOpen = STEPS.find((s) => !stepDone(state, s.key))?.key;
  // A writer that does not revise (the offline one) has no revision step to show.
  const steps = state.revision?.outcome === "skipped" ? STEPS.filter((s) => s.key !== "revise") : STEPS;
  return steps.map((s) => ({
    key: s.key,
    label: stepLabel(state, s.key, s.label),
    status: stepDone(state, s.key)
      ? ("done" as const)
      : status === "running" && (s.key === firstOpen || inParallelPhase(state, s.key))
        ? ("active" as const)
        : ("pending" as const),
  }));
}

function inParallelPhase(state: GenerationState, key: StepKey) {
  return Boolean(state.outline) && !["research", "outline", "revise", "assemble"].includes(key) && !stepDone(state, key);
}

/** The label shown as the current step. */
export function currentStepLabel(state: GenerationState) {
  if (!state.brief) return STEPS[0].label;
  if (!state.outline) return STEPS[1].label;
  if (!stepDone(state, "sections")) return `Writing the sections (${sectionsDone(state)}/${state.outline.sections.length})`;
  if (!stepDone(state, "links") || !stepDone(state, "images")) return "Adding backlinks and images...";
  if (!stepDone(state, "revise")) return revisionLabel(state.revision, "Revising weak sections");
  return STEPS.find((s) => !stepDone(state, s.key))?.label ?? "Finished";
}
