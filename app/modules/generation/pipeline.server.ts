import { setMaxListeners } from "node:events";
import { inTransaction, type DB } from "#app/db/client.server";
import { deriveArticleFields, getArticle, updateArticle, type DerivedArticleFields } from "#app/modules/articles/mutations.server";
import { withoutLinkChecks } from "#app/modules/articles/seo";
import { setArticleStatus } from "#app/modules/articles/state.server";
import { offline, type GenerationAi } from "#app/modules/ai/providers.server";
import type { ArticleBrief, ArticleWriter, CallContext, Outline, TokenUsage } from "#app/modules/ai/types";
import { limiter } from "#app/utils/limiter";
import { logger } from "#app/utils/logger.server";
import { isoNow } from "#app/utils/time";
import { hashText } from "#app/utils/hash";
import { hasImageRoom } from "#app/modules/uploads/stored-images.server";
import { emitEvent } from "#app/modules/webhooks/webhooks.server";
import { saveArticleResearch } from "#app/modules/research/article-research.server";
import { recordWorkingLinks } from "#app/modules/backlinks/links.server";
import { removeGeneratedImages, replaceArticleImages, saveGeneratedImage } from "./images.server";
import { regenerationProposes, saveProposal } from "./proposals.server";
import { emitGenerationProgress, emitGenerationSettled } from "./progress-events.server";
import { defaultResearchDeps, type ResearchDeps } from "./grounding.server";
import { research } from "./research.server";
import { avoidSiteRepeats } from "./site-reuse.server";
import { assemble } from "./assemble";
import { reviseWeakParts } from "./revise.server";
import { currentStepLabel, progressOf, type GenerationState, type StoredImage } from "./steps";

/**
 * The article pipeline: research → outline → (sections ∥ intro/conclusion ∥
 * FAQ ∥ table ∥ links ∥ images ∥ video) → judge and revise → assemble → sanitize → score. Every
 * finished part is saved in generations.state at once, so a retried job
 * resumes where the last attempt stopped and never pays for a part twice.
 */

export class GenerationCancelled extends Error {
  override name = "GenerationCancelled";
}

/** The writer, image generator and video search to use (providers.server getGenerationAi, or a test's own). */
export type PipelineOptions = GenerationAi & {
  signal?: AbortSignal;
  /** Sections written at once. */
  concurrency?: number;
  onCall?: CallContext["onCall"];
  /** The research provider and its helpers (grounding.server defaultResearchDeps, or a test's own). */
  research?: ResearchDeps;
};

type GenerationRow = { id: string; article_id: string; state: string; prompt_tokens: number; completion_tokens: number };

type ImagePlan = Outline["imagePrompts"][number];

/** One attempt at a generation: its saved state, the model calls' context, and how a finished part is kept. */
type Attempt = {
  db: DB;
  siteId: string;
  generationId: string;
  articleId: string;
  state: GenerationState;
  ctx: CallContext;
  signal: AbortSignal;
  /** Aborts every call still running (the first failure stops the rest). */
  controller: AbortController;
  /** Throws GenerationCancelled once the signal has fired. */
  checkpoint: () => void;
  /** Saves the state, progress and token usage, and announces the progress. */
  save: () => Promise<void>;
};

async function startAttempt(db: DB, siteId: string, generationId: string, options: PipelineOptions): Promise<Attempt> {
  const row: GenerationRow = await db
    .selectFrom("generations as g")
    .innerJoin("articles as a", "a.id", "g.article_id")
    .select(["g.id", "g.article_id", "g.state", "g.prompt_tokens", "g.completion_tokens"])
    .where("g.id", "=", generationId)
    .where("a.site_id", "=", siteId)
    .executeTakeFirstOrThrow();
  const state = JSON.parse(row.state) as GenerationState;
  const usage: TokenUsage = { promptTokens: row.prompt_tokens, completionTokens: row.completion_tokens };
  const controller = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, controller.signal]) : controller.signal;
  // Every concurrent model call listens on this one signal.
  setMaxListeners(64, signal);
  const ctx: CallContext = {
    signal,
    onUsage: (u) => {
      usage.promptTokens += u.promptTokens;
      usage.completionTokens += u.completionTokens;
    },
    onCall: options.onCall,
  };
  const checkpoint = () => {
    if (signal.aborted) throw new GenerationCancelled("Generation cancelled");
  };
  const save = async () => {
    await db
      .updateTable("generations")
      .set({
        state: JSON.stringify(state),
        step: currentStepLabel(state),
        progress: progressOf(state),
        prompt_tokens: usage.promptTokens,
        completion_tokens: usage.completionTokens,
        updated_at: isoNow(),
      })
      .where("id", "=", generationId)
      .execute();
    emitGenerationProgress(generationId);
  };
  return { db, siteId, generationId, articleId: row.article_id, state, ctx, signal, controller, checkpoint, save };
}

/** The research step, unless an earlier attempt finished it: the brief, the link candidates and the research kept. */
async function researchOnce(attempt: Attempt, options: PipelineOptions) {
  const { db, siteId, articleId, state } = attempt;
  if (state.brief) return state.brief;
  const found = await research(db, siteId, articleId, state.keyword, state.overrides, {
    research: options.research ?? defaultResearchDeps(),
    correlationId: attempt.generationId,
    signal: attempt.signal,
  });
  state.brief = found.brief;
  state.candidates = found.candidates;
  state.linkGaps = found.linkGaps;
  state.verifiedLinks = found.verifiedLinks;
  // What the article is written from, kept with it for the editor and the SEO panel; the ledger follows once written.
  if (found.snapshot) await saveArticleResearch(db, siteId, articleId, { snapshot: found.snapshot, sources: [] });
  await attempt.save();
  return found.brief;
}

/** Whether the site has room for the outline's images; a site at its cap gets the article without them rather than none. */
async function emptyImageSlots(attempt: Attempt, outline: Outline) {
  const room = await hasImageRoom(attempt.db, attempt.siteId, outline.imagePrompts.length);
  if (!room)
    logger.warn({ siteId: attempt.siteId, generationId: attempt.generationId }, "site at its image cap; the article goes without images");
  return room ? outline.imagePrompts.map(() => null) : [];
}

/** One image of the outline, drawn and stored; a failed drawing falls back to the offline illustration. */
async function drawImage(attempt: Attempt, images: GenerationAi["images"], brief: ArticleBrief, plan: ImagePlan, position: number) {
  const style = brief.imageStyle || "photorealistic";
  const cover = position === 0;
  const image = await images.image(plan.prompt, style, { ...attempt.ctx, cover }).catch(async (error: unknown) => {
    if (attempt.signal.aborted) throw error;
    // A server without an images API (many local models) still gets an illustrated article.
    logger.warn({ err: error }, "image generation failed; using the offline illustration");
    return offline.images.image(plan.prompt, style, { cover });
  });
  const url = await saveGeneratedImage(attempt.db, { siteId: attempt.siteId, articleId: attempt.articleId }, image);
  return { url, alt: plan.alt, prompt: plan.prompt, position };
}

/**
 * Everything that depends only on the outline, at once: sections (in a bounded pool), intro and conclusion, FAQ,
 * table, links, images and video; each part saved as it is done. Resolves when all have settled; the first failure
 * stops the other calls and is what the attempt failed with, not their abort errors.
 */
async function writeParts(attempt: Attempt, options: PipelineOptions, brief: ArticleBrief, outline: Outline) {
  const { state, ctx, checkpoint, save } = attempt;
  const { writer, images, video } = options;
  const sectionPool = limiter(options.concurrency ?? 6);
  const imagePool = limiter(3);
  const tasks: Array<Promise<unknown>> = [];
  let firstError: { error: unknown } | undefined;
  const task = (fn: () => Promise<void>) => {
    const p = fn().catch((error: unknown) => {
      firstError ??= { error };
      attempt.controller.abort(error);
      throw error;
    });
    tasks.push(p);
  };
  // One part written unless an earlier attempt finished it, and saved.
  const part = <K extends keyof GenerationState>(key: K, missing: boolean, write: () => Promise<GenerationState[K]>) => {
    if (!missing) return;
    task(async () => {
      state[key] = await write();
      await save();
    });
  };
  outline.sections.forEach((_, i) => {
    if (state.sections![i] != null) return;
    task(() =>
      sectionPool(async () => {
        checkpoint();
        state.sections![i] = await writer.section(brief, outline, i, ctx);
        await save();
      }),
    );
  });
  part("introConclusion", !state.introConclusion, () => writer.introConclusion(brief, outline, ctx));
  part("faq", state.faq === undefined, () => writer.faq(brief, outline, ctx));
  part("table", state.table === undefined, () => writer.table(brief, outline, ctx));
  part("links", state.links === undefined, () => writer.selectLinks(brief, outline, state.candidates ?? [], ctx));
  if (state.images === undefined) state.images = await emptyImageSlots(attempt, outline);
  outline.imagePrompts.forEach((plan, position) => {
    if (position >= state.images!.length || state.images![position]) return;
    task(() =>
      imagePool(async () => {
        checkpoint();
        state.images![position] = await drawImage(attempt, images, brief, plan, position);
        await save();
      }),
    );
  });
  part("video", state.video === undefined, () => video.find(brief.keyword, brief.language, attempt.signal));
  await Promise.allSettled(tasks);
  return firstError;
}

/**
 * Runs (or resumes) one generation to the end and writes the article. Throws
 * GenerationCancelled when the signal fires; other errors leave the saved
 * state for the next attempt.
 */
export async function runPipeline(db: DB, siteId: string, generationId: string, options: PipelineOptions) {
  const { writer } = options;
  const attempt = await startAttempt(db, siteId, generationId, options);
  const { articleId, state, checkpoint, save } = attempt;

  checkpoint();
  const brief = await researchOnce(attempt, options);
  checkpoint();
  if (!state.outline) {
    state.outline = await writer.outline(brief, attempt.ctx);
    state.sections = state.outline.sections.map(() => null);
    await save();
  }
  const outline = state.outline;
  state.sections ??= outline.sections.map(() => null);
  checkpoint();

  const firstError = await writeParts(attempt, options, brief, outline);
  if (options.signal?.aborted) throw new GenerationCancelled("Generation cancelled");
  if (firstError) throw firstError.error;
  checkpoint();
  // No sentence of 8+ words another article of the site holds goes out again (site-reuse.server.ts).
  if (await avoidSiteRepeats(db, siteId, articleId, state, writer, assemble)) await save();
  // A model's draft goes back to it with the judge's findings before it is saved (revise.server.ts).
  await reviseWeakParts({ ...attempt, siteId }, writer, assemble);
  const finished = await finish(db, siteId, generationId, articleId, state, writer, save);
  await emitGenerationSettled(db, generationId);
  return finished;
}

async function finish(
  db: DB,
  siteId: string,
  generationId: string,
  articleId: string,
  state: GenerationState,
  writer: ArticleWriter,
  save: () => Promise<void>,
) {
  const outline = state.outline!;
  // Sanitized, counted and scored once, before the transaction, and handed to updateArticle: the pipeline used
  // to sanitize and score here, then updateArticle did both again inside its transaction (docs/decisions/053).
  // On a CPU worker, as every save: a burst of auto-pilot articles analysed on the main thread held every page up
  // for hundreds of milliseconds (npm run bench:capacity, docs/decisions/054).
  const derived = await deriveArticleFields(db, siteId, {
    title: outline.title.trim(),
    html: assemble(state),
    sanitize: true,
    metaDescription: outline.metaDescription.trim(),
    targetKeyword: state.keyword.trim(),
    articleId,
  });
  // The writer's own reading, kept for the gate while the article is still this text (writer-verdict.server.ts).
  if (state.revision) state.revision.savedHash = hashText(derived.contentHtml);
  // The pipeline's own verdict (progress, the article.generated event) has never counted the links' checks.
  const seo = withoutLinkChecks(derived.seo!);
  state.seoScore = seo.score;
  const images = (state.images ?? []).filter((i): i is StoredImage => Boolean(i));
  const featured = images.find((i) => i.position === 0)?.url ?? null;
  // A published article keeps its address when regenerated (a search refresh): its rankings belong to that URL.
  const kept =
    state.previousStatus === "published"
      ? await db.selectFrom("articles").select("slug").where("id", "=", articleId).where("site_id", "=", siteId).executeTakeFirst()
      : undefined;
  const source = writer.kind === "openai" ? "ai" : "offline";
  const slug = kept?.slug || outline.slug || state.keyword;
  // A regeneration of text someone could lose proposes instead of replacing it (proposals.server.ts, decision 066).
  const proposes = state.kind === "regenerate" && (await regenerationProposes(db, siteId, articleId));
  const replaced = await inTransaction(db, async (trx) => {
    const replaced = proposes
      ? await saveProposal(trx, siteId, articleId, {
          generationId,
          title: outline.title,
          slug,
          contentHtml: derived.contentHtml,
          metaDescription: outline.metaDescription,
          targetKeyword: state.keyword,
          featuredImage: featured,
          images,
          source,
          seoScore: seo.score,
          wordCount: derived.wordCount,
        })
      : await adopt(trx, { siteId, articleId, state, images, derived, fields: { title: outline.title, slug, featured, source } });
    if (proposes) await setArticleStatus(trx, siteId, articleId, restoredStatus(state));
    await trx.updateTable("generations").set({ status: "succeeded", updated_at: isoNow() }).where("id", "=", generationId).execute();
    // Event webhooks (decision 047): recorded with the article, so sent only if it was saved.
    await emitEvent(trx, siteId, "article.generated", {
      article_id: articleId,
      generation_id: generationId,
      title: outline.title,
      keyword: state.keyword,
      seo_score: seo.score,
      ...(proposes ? { proposed: true } : {}),
    });
    return replaced;
  });
  // Files of a replaced version go once the new version is committed.
  await removeGeneratedImages(db, articleId, replaced);
  await save();
  return { articleId, seo };
}

const restoredStatus = (state: GenerationState) =>
  state.previousStatus && state.previousStatus !== "generating" ? state.previousStatus : "draft";

/** The written version becomes the working copy (a new article, or one with nothing to lose); returns the replaced images. */
async function adopt(
  trx: DB,
  {
    siteId,
    articleId,
    state,
    images,
    derived,
    fields,
  }: {
    siteId: string;
    articleId: string;
    state: GenerationState;
    images: StoredImage[];
    derived: DerivedArticleFields;
    fields: { title: string; slug: string; featured: string | null; source: "ai" | "offline" };
  },
) {
  const replaced = await replaceArticleImages(trx, articleId, images);
  await updateArticle(
    trx,
    siteId,
    articleId,
    {
      title: fields.title,
      slug: fields.slug,
      metaDescription: state.outline!.metaDescription,
      targetKeyword: state.keyword,
      contentHtml: derived.contentHtml,
      featuredImage: fields.featured,
      source: fields.source,
      status: restoredStatus(state),
    },
    // updateArticle records the claim ledger too: which of the research's sources the written article uses.
    { derived, revision: { kind: "generated", userId: null } },
  );
  // Outside links the research's link check passed are recorded as checked, not shown as unchecked.
  if (state.verifiedLinks) {
    const chosen = new Set((state.links ?? []).filter((l) => l.kind === "external").map((l) => l.url));
    const urls = state.verifiedLinks.urls.filter((u) => chosen.has(u) || derived.contentHtml.includes(`href="${u}"`));
    await recordWorkingLinks(trx, siteId, articleId, urls, state.verifiedLinks.at);
  }
  return replaced;
}

/**
 * After a cancel or the last failed attempt: a new article keeps whatever was
 * written as a draft (or 'failed' when nothing was); a regenerated one keeps
 * its previous version.
 */
export async function settleUnfinished(
  db: DB,
  siteId: string,
  generationId: string,
  outcome: "cancelled" | "failed",
  error: string | null,
) {
  try {
    await settle(db, siteId, generationId, outcome, error);
  } finally {
    // Announced once the article is settled too, so the page that follows the stream opens the final draft.
    emitGenerationProgress(generationId);
  }
  await emitGenerationSettled(db, generationId);
}

async function settle(db: DB, siteId: string, generationId: string, outcome: "cancelled" | "failed", error: string | null) {
  const gen = await db
    .selectFrom("generations as g")
    .innerJoin("articles as a", "a.id", "g.article_id")
    .select(["g.article_id", "g.state"])
    .where("g.id", "=", generationId)
    .where("a.site_id", "=", siteId)
    .executeTakeFirst();
  if (!gen) return;
  const state = JSON.parse(gen.state) as GenerationState;
  await db.updateTable("generations").set({ status: outcome, error, updated_at: isoNow() }).where("id", "=", generationId).execute();
  const article = await getArticle(db, siteId, gen.article_id);
  if (!article) return;
  if (state.kind === "regenerate") {
    await setArticleStatus(db, siteId, article.id, state.previousStatus ?? "draft");
    return;
  }
  const partial = assemble(state);
  await updateArticle(
    db,
    siteId,
    article.id,
    {
      ...(state.outline ? { title: state.outline.title, metaDescription: state.outline.metaDescription } : {}),
      contentHtml: partial,
      status: partial || outcome === "cancelled" ? "draft" : "failed",
    },
    { revision: { kind: "generated", userId: null } },
  );
}
