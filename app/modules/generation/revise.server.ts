import type { DB } from "#app/db/client.server";
import { markdownToHtml } from "#app/modules/articles/markdown";
import { judgePart } from "#app/modules/articles/part-substance";
import type { SeoCheck } from "#app/modules/articles/seo";
import { draftSubstance } from "#app/modules/articles/substance.server";
import { RETITLE_PREFIX } from "#app/modules/ai/revise-prompt";
import type { ArticleWriter, CallContext, RevisionRequest } from "#app/modules/ai/types";
import { logger } from "#app/utils/logger.server";
import { countWords } from "#app/utils/text";
import type { GenerationState, RevisionLog, RevisionPass } from "./steps";

/**
 * The writer revises its own draft (docs/decisions/075-the-writer-revises.md): the judge reads the assembled draft
 * as the quality gate will; while it finds something, the weakest parts (those holding the quoted sentences, the
 * emptiest, those in another language) go back to the writer with the findings, at most PARTS_PER_PASS parts in
 * each of at most REVISION_PASSES passes. Then it stops: the article is saved as it is and the gate holds it with
 * the reasons. Each rewritten part is saved at once, so a retried job never pays for it twice.
 */

const REVISION_PASSES = 2;
const PARTS_PER_PASS = 4;
/** A part this weak or weaker is revised (part-substance.ts: a quoted sentence alone weighs 1). */
const WEAK = 0.3;
/** A heading longer than this is not one (a model that put a sentence on the first line). */
const MAX_HEADING = 90;

/** The model's own reading of the draft for the search (ArticleWriter.reviewTopic), as the gate names it. */
export const TOPIC_LABEL = "Stays on what the searcher asked";

/** A failed check of the judge, or the topic review's finding, with the parts it names. */
type Finding = Pick<SeoCheck, "label" | "detail" | "fix" | "examples"> & { id: string; parts?: string[] };

/** What revising needs of a generation's attempt (pipeline.server.ts). */
export type RevisionRun = {
  db: DB;
  siteId: string;
  articleId: string;
  generationId: string;
  state: GenerationState;
  ctx: CallContext;
  checkpoint: () => void;
  save: () => Promise<void>;
};

type Part = { key: string; heading: string; markdown: string; targetWords: number };

/** The draft's revisable parts, in the article's order: the introduction, each written section, the conclusion. */
function draftParts(state: GenerationState): Part[] {
  const outline = state.outline!;
  const intro = state.introConclusion?.intro ?? "";
  const conclusion = state.introConclusion?.conclusion ?? "";
  const part = (key: string, heading: string, markdown: string, target: number) => ({
    key,
    heading,
    markdown,
    targetWords: Math.max(60, Math.min(target, countWords(markdown)) || target),
  });
  const parts: Part[] = [];
  if (intro.trim()) parts.push(part("intro", "Introduction", intro, 110));
  outline.sections.forEach((section, i) => {
    const body = state.sections?.[i];
    if (body?.trim()) parts.push(part(`section:${i}`, section.heading, body, section.targetWords));
  });
  if (conclusion.trim()) parts.push(part("conclusion", "Conclusion", conclusion, 90));
  return parts;
}

/** The heading a revision gives its section on its first line, and the body after it; no new heading when absent. */
function splitRetitle(markdown: string): { heading: string | null; body: string } {
  if (!markdown.startsWith(RETITLE_PREFIX)) return { heading: null, body: markdown };
  const [first = "", ...rest] = markdown.split("\n");
  const heading = first
    .slice(RETITLE_PREFIX.length)
    .replace(/[#*_`]/g, "")
    .trim();
  return heading.length > 0 && heading.length <= MAX_HEADING
    ? { heading, body: rest.join("\n").trim() }
    : { heading: null, body: markdown };
}

function setPart(state: GenerationState, key: string, markdown: string) {
  if (key === "intro" || key === "conclusion") {
    state.introConclusion = { ...state.introConclusion!, [key]: markdown };
    return;
  }
  const index = Number(key.slice("section:".length));
  const { heading, body } = splitRetitle(markdown);
  if (!body) return;
  state.sections![index] = body;
  // A section revised to answer the search may need a heading that says so ("Where the billable hour came from").
  if (heading)
    state.outline = { ...state.outline!, sections: state.outline!.sections.map((s, i) => (i === index ? { ...s, heading } : s)) };
}

/**
 * The parts to revise for these failed checks, weakest first: those above the weakness mark, or in the wrong
 * language when the language check failed; when none is, the single weakest (a finding of the whole, such as a
 * missing subtopic, still goes to the part that says least).
 */
function chooseWeakParts(state: GenerationState, failed: Finding[], limit = PARTS_PER_PASS): string[] {
  const examples = failed.flatMap((c) => c.examples ?? []);
  const topic = { keyword: state.keyword, title: state.outline!.title, language: state.brief?.language ?? "en" };
  const judged = draftParts(state)
    .map((p) => ({ key: p.key, ...judgePart(markdownToHtml(p.markdown), topic, examples) }))
    .sort((a, b) => b.weakness - a.weakness);
  const wrongLanguage = failed.some((c) => c.id === "language");
  const named = new Set(failed.flatMap((c) => c.parts ?? []));
  // Parts a finding names (the topic review's straying parts) come first.
  judged.sort((a, b) => Number(named.has(b.key)) - Number(named.has(a.key)));
  const weak = judged.filter((j) => named.has(j.key) || j.weakness >= WEAK || (wrongLanguage && j.wrongLanguage));
  return (weak.length ? weak : judged.slice(0, 1)).slice(0, limit).map((j) => j.key);
}

/** A failed check as the writer is told it: its label, what it found, how to fix it and what is missing. */
function findingLine(check: Finding) {
  const missing = check.id === "coverage" ? (check.examples ?? []).filter((e) => /^(Missing|Unanswered)/.test(e)) : [];
  return [`${check.label}: ${check.detail}`, check.fix ?? "", ...missing].filter(Boolean).join(" ");
}

/** Rewrites the pass's parts not yet done, at once; each is saved as it comes back. */
async function runPass(run: RevisionRun, writer: ArticleWriter, pass: RevisionPass, failed: Finding[]) {
  const { state } = run;
  const examples = failed.flatMap((c) => c.examples ?? []);
  const topic = { keyword: state.keyword, title: state.outline!.title, language: state.brief!.language };
  const ctx: CallContext = {
    ...run.ctx,
    onUsage: (usage) => {
      pass.tokens += usage.promptTokens + usage.completionTokens;
      run.ctx.onUsage?.(usage);
    },
  };
  const pending = draftParts(state).filter((p) => pass.parts.includes(p.key) && !pass.done.includes(p.key));
  // Every call is let finish and its part saved before a failure is passed on: a retried job keeps what came back.
  const settled = await Promise.allSettled(
    pending.map(async (part) => {
      run.checkpoint();
      const judged = judgePart(markdownToHtml(part.markdown), topic, examples);
      const request: RevisionRequest = {
        ...part,
        findings: pass.findings,
        quoted: judged.quoted,
        wrongLanguage: judged.wrongLanguage,
        canRetitle: part.key.startsWith("section:"),
      };
      const revised = (await writer.revisePart!(state.brief!, state.outline!, request, ctx)).trim();
      // An empty answer leaves the part as it was rather than losing it.
      if (revised) setPart(state, part.key, revised);
      pass.done.push(part.key);
      await run.save();
    }),
  );
  const failure = settled.find((r) => r.status === "rejected");
  if (failure) throw failure.reason;
  pass.finished = true;
  await run.save();
}

/** Records how the revisions ended, logs it and saves. */
async function settle(run: RevisionRun, log: RevisionLog, outcome: "passed" | "held", failed: Finding[]) {
  log.outcome = outcome;
  if (outcome === "held") {
    log.remaining = failed.map((c) => c.label);
    // What the gate cannot find again on the saved article: the model's reading of it (writer-verdict.server.ts).
    const topic = failed.find((c) => c.id === "topic");
    if (topic) log.topic = topic.detail;
  }
  logger.info(
    { generationId: run.generationId, outcome, passes: log.passes.length, remaining: log.remaining },
    outcome === "passed" ? "the draft passes the judge's checks" : "the draft still falls short after its revisions; the gate will hold it",
  );
  await run.save();
}

/**
 * Judges the draft and revises its weak parts until the judge finds nothing or the passes are spent; resumes an
 * unfinished pass. A writer without revisePart (the offline one) is not asked.
 */
export async function reviseWeakParts(run: RevisionRun, writer: ArticleWriter, assemble: (state: GenerationState) => string) {
  const { state } = run;
  if (state.revision?.outcome) return;
  if (!writer.revisePart || !state.outline || !state.brief) {
    state.revision = { passes: [], outcome: "skipped" };
    return run.save();
  }
  const log = (state.revision ??= { passes: [] });
  const judge = async (): Promise<Finding[]> => {
    const failed = await draftSubstance(run.db, run.siteId, {
      id: run.articleId,
      title: state.outline!.title,
      target_keyword: state.keyword,
      content_html: assemble(state),
    });
    const topic = await reviewTopic(run, writer);
    return topic ? [...failed, topic] : failed;
  };
  for (;;) {
    run.checkpoint();
    const failed = await judge();
    let pass = log.passes.at(-1);
    if (!pass || pass.finished) {
      if (!failed.length) return settle(run, log, "passed", failed);
      if (log.passes.length >= REVISION_PASSES) return settle(run, log, "held", failed);
      pass = newPass(log.passes.length + 1, failed, chooseWeakParts(state, failed));
      log.passes.push(pass);
      logger.info(
        { generationId: run.generationId, pass: pass.pass, reasons: pass.reasons, parts: pass.parts },
        "revising the draft's weak parts",
      );
      await run.save();
    }
    await runPass(run, writer, pass, failed);
  }
}

/** The writer's reading of its draft for the search: a finding naming the parts that stray, or null. */
async function reviewTopic(run: RevisionRun, writer: ArticleWriter): Promise<Finding | null> {
  const { state } = run;
  if (!writer.reviewTopic) return null;
  const parts = draftParts(state);
  const straying = await writer.reviewTopic(state.brief!, state.outline!, parts, run.ctx).catch((error: unknown) => {
    if (run.ctx.signal?.aborted) throw error;
    // A model that cannot answer the review (no structured output) still gets the checks' findings.
    logger.warn({ err: error, generationId: run.generationId }, "the topic review failed; the draft is judged by the checks alone");
    return [];
  });
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  const named = parts.filter((p) => straying.some((s) => same(s.heading, p.heading)));
  if (!named.length) return null;
  const why = named.map((p) => `“${p.heading}”: ${straying.find((s) => same(s.heading, p.heading))!.reason}`).join(" ");
  return {
    id: "topic",
    label: TOPIC_LABEL,
    detail: `${named.length} of ${parts.length} parts stray from what a reader searching “${state.keyword}” came for. ${why}`,
    fix: "Make these parts answer the search, or cut them.",
    parts: named.map((p) => p.key),
  };
}

function newPass(number: number, failed: Finding[], parts: string[]): RevisionPass {
  return {
    pass: number,
    reasons: failed.map((c) => c.label),
    findings: failed.map(findingLine),
    parts,
    done: [],
    tokens: 0,
    finished: false,
  };
}
