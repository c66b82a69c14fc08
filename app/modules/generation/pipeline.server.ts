import { setMaxListeners } from "node:events";
import { marked } from "marked";
import { inTransaction, type DB } from "#app/db/client.server";
import { deriveArticleFields, getArticle, updateArticle, type DerivedArticleFields } from "#app/modules/articles/mutations.server";
import { withoutLinkChecks } from "#app/modules/articles/seo";
import { setArticleStatus } from "#app/modules/articles/state.server";
import { offline, type GenerationAi } from "#app/modules/ai/providers.server";
import type { ArticleWriter, CallContext, TokenUsage } from "#app/modules/ai/types";
import { limiter } from "#app/utils/limiter";
import { logger } from "#app/utils/logger.server";
import { isoNow } from "#app/utils/time";
import { hasImageRoom } from "#app/modules/uploads/stored-images.server";
import { emitEvent } from "#app/modules/webhooks/webhooks.server";
import { escapeHtml } from "#app/utils/html";
import { saveArticleResearch } from "#app/modules/research/article-research.server";
import { recordWorkingLinks } from "#app/modules/backlinks/links.server";
import { removeGeneratedImages, replaceArticleImages, saveGeneratedImage } from "./images.server";
import { regenerationProposes, saveProposal } from "./proposals.server";
import { emitGenerationProgress, emitGenerationSettled } from "./progress-events.server";
import { defaultResearchDeps, type ResearchDeps } from "./grounding.server";
import { research } from "./research.server";
import { avoidSiteRepeats } from "./site-reuse.server";
import { currentStepLabel, progressOf, type GenerationState, type StoredImage } from "./steps";

/**
 * The article pipeline: research → outline → (sections ∥ intro/conclusion ∥
 * FAQ ∥ table ∥ links ∥ images ∥ video) → assemble → sanitize → score. Every
 * finished part is saved in generations.state at once, so a retried job
 * resumes where the last attempt stopped and never pays for a part twice.
 */

export class GenerationCancelled extends Error {
  override name = "GenerationCancelled";
}

/** Headings the pipeline adds itself, in the article's language (English otherwise). */
const FIXED: Record<string, { faq: string; conclusion: string; more: string; source: string; video: string }> = {
  en: { faq: "Frequently Asked Questions", conclusion: "Conclusion", more: "Read more:", source: "Further reading:", video: "Watch:" },
  es: { faq: "Preguntas frecuentes", conclusion: "Conclusión", more: "Lee más:", source: "Lectura adicional:", video: "Mira:" },
  fr: {
    faq: "Questions fréquentes",
    conclusion: "Conclusion",
    more: "À lire aussi :",
    source: "Pour aller plus loin :",
    video: "À voir :",
  },
  de: { faq: "Häufig gestellte Fragen", conclusion: "Fazit", more: "Mehr dazu:", source: "Weiterführend:", video: "Video:" },
  pt: { faq: "Perguntas frequentes", conclusion: "Conclusão", more: "Leia mais:", source: "Leitura adicional:", video: "Assista:" },
  it: { faq: "Domande frequenti", conclusion: "Conclusione", more: "Leggi anche:", source: "Approfondimenti:", video: "Guarda:" },
  nl: { faq: "Veelgestelde vragen", conclusion: "Conclusie", more: "Lees meer:", source: "Verder lezen:", video: "Bekijk:" },
};

function md(markdown: string) {
  // Section bodies sit under our own H2, so the model's top-level headings become H3.
  return marked.parse(markdown.replace(/^#{1,2}\s+/gm, "### "), { async: false, gfm: true });
}

/** The article body from whatever parts are finished (a failed run keeps its partial text). */
export function assemble(state: GenerationState) {
  const outline = state.outline;
  if (!outline) return "";
  const words = FIXED[(state.brief?.language ?? "en").split("-")[0]!] ?? FIXED.en!;
  const images = (state.images ?? []).filter((i): i is StoredImage => Boolean(i));
  const inline = images.filter((i) => i.position > 0);
  const parts: string[] = [];
  if (state.introConclusion) parts.push(md(state.introConclusion.intro));
  const tableAt = Math.min(outline.sections.length - 1, Math.floor(outline.sections.length / 2));
  outline.sections.forEach((section, i) => {
    const body = state.sections?.[i];
    if (body == null) return;
    parts.push(`<h2>${escapeHtml(section.heading)}</h2>`);
    parts.push(md(body));
    for (const link of state.links?.filter((l) => l.sectionIndex === i) ?? []) {
      const external = link.kind === "external";
      const attrs = external ? ` rel="noopener noreferrer" target="_blank" data-unverified="true"` : "";
      parts.push(`<p>${external ? words.source : words.more} <a href="${escapeHtml(link.url)}"${attrs}>${escapeHtml(link.anchor)}</a></p>`);
    }
    if (i === tableAt && state.table) {
      const t = state.table;
      parts.push(
        `<p><strong>${escapeHtml(t.caption)}</strong></p><table><thead><tr>${t.columns.map((c) => `<th>${escapeHtml(c)}</th>`).join("")}</tr></thead><tbody>${t.rows
          .map((r) => `<tr>${r.map((c) => `<td>${escapeHtml(c)}</td>`).join("")}</tr>`)
          .join("")}</tbody></table>`,
      );
    }
    const image = inline.find((img) => img.position === imageSlot(i, outline.sections.length));
    if (image) parts.push(`<figure><img src="${escapeHtml(image.url)}" alt="${escapeHtml(image.alt)}" loading="lazy" /></figure>`);
    if (i === 1 && state.video) {
      parts.push(
        `<p>${words.video} ${escapeHtml(state.video.title)}</p><iframe src="https://www.youtube-nocookie.com/embed/${encodeURIComponent(state.video.id)}" title="${escapeHtml(
          state.video.title,
        )}" width="560" height="315" allowfullscreen></iframe>`,
      );
    }
  });
  // Links for a section the article does not have (an offline article without research has none) follow the text.
  for (const link of state.links?.filter((l) => l.kind === "internal" && !outline.sections[l.sectionIndex]) ?? [])
    parts.push(`<p>${words.more} <a href="${escapeHtml(link.url)}">${escapeHtml(link.anchor)}</a></p>`);
  if (state.faq?.length) {
    parts.push(`<h2>${words.faq}</h2>`);
    for (const item of state.faq) parts.push(`<h3>${escapeHtml(item.question)}</h3>`, md(item.answer));
  }
  // A writer with nothing to conclude (the offline writer without research) leaves the heading out too.
  if (state.introConclusion?.conclusion.trim()) parts.push(`<h2>${words.conclusion}</h2>`, md(state.introConclusion.conclusion));
  return parts.join("\n");
}

/** In-article image n (1-based) follows every second or third section. */
function imageSlot(sectionIndex: number, sectionCount: number) {
  const every = sectionCount >= 6 ? 3 : 2;
  return (sectionIndex + 1) % every === 0 ? (sectionIndex + 1) / every : -1;
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

/**
 * Runs (or resumes) one generation to the end and writes the article. Throws
 * GenerationCancelled when the signal fires; other errors leave the saved
 * state for the next attempt.
 */
export async function runPipeline(db: DB, siteId: string, generationId: string, options: PipelineOptions) {
  const { writer, images, video } = options;
  const row: GenerationRow = await db
    .selectFrom("generations as g")
    .innerJoin("articles as a", "a.id", "g.article_id")
    .select(["g.id", "g.article_id", "g.state", "g.prompt_tokens", "g.completion_tokens"])
    .where("g.id", "=", generationId)
    .where("a.site_id", "=", siteId)
    .executeTakeFirstOrThrow();
  const articleId = row.article_id;
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

  checkpoint();
  if (!state.brief) {
    const found = await research(db, siteId, articleId, state.keyword, state.overrides, {
      research: options.research ?? defaultResearchDeps(),
      correlationId: generationId,
      signal,
    });
    state.brief = found.brief;
    state.candidates = found.candidates;
    state.linkGaps = found.linkGaps;
    state.verifiedLinks = found.verifiedLinks;
    // What the article is written from, kept with it for the editor and the SEO panel; the ledger follows once written.
    if (found.snapshot) await saveArticleResearch(db, siteId, articleId, { snapshot: found.snapshot, sources: [] });
    await save();
  }
  const brief = state.brief;
  checkpoint();
  if (!state.outline) {
    state.outline = await writer.outline(brief, ctx);
    state.sections = state.outline.sections.map(() => null);
    await save();
  }
  const outline = state.outline;
  state.sections ??= outline.sections.map(() => null);
  checkpoint();

  // Everything below depends only on the outline, so it runs at once; sections share a bounded pool.
  const sectionPool = limiter(options.concurrency ?? 6);
  const imagePool = limiter(3);
  const tasks: Array<Promise<unknown>> = [];
  // The first failure stops the other calls; it, not their abort errors, is what the attempt failed with.
  let firstError: { error: unknown } | undefined;
  const task = (fn: () => Promise<void>) => {
    const p = fn().catch((error: unknown) => {
      firstError ??= { error };
      controller.abort(error);
      throw error;
    });
    tasks.push(p);
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
  if (!state.introConclusion)
    task(async () => {
      state.introConclusion = await writer.introConclusion(brief, outline, ctx);
      await save();
    });
  if (state.faq === undefined)
    task(async () => {
      state.faq = await writer.faq(brief, outline, ctx);
      await save();
    });
  if (state.table === undefined)
    task(async () => {
      state.table = await writer.table(brief, outline, ctx);
      await save();
    });
  if (state.links === undefined)
    task(async () => {
      state.links = await writer.selectLinks(brief, outline, state.candidates ?? [], ctx);
      await save();
    });
  if (state.images === undefined) {
    // A site at its image cap gets the article without images rather than no article.
    const room = await hasImageRoom(db, siteId, outline.imagePrompts.length);
    if (!room) logger.warn({ siteId, generationId }, "site at its image cap; the article goes without images");
    state.images = room ? outline.imagePrompts.map(() => null) : [];
  }
  outline.imagePrompts.forEach((plan, position) => {
    if (position >= state.images!.length || state.images![position]) return;
    task(() =>
      imagePool(async () => {
        checkpoint();
        const style = brief.imageStyle || "photorealistic";
        const cover = position === 0;
        const image = await images.image(plan.prompt, style, { ...ctx, cover }).catch(async (error: unknown) => {
          if (signal.aborted) throw error;
          // A server without an images API (many local models) still gets an illustrated article.
          logger.warn({ err: error }, "image generation failed; using the offline illustration");
          return offline.images.image(plan.prompt, style, { cover });
        });
        const url = await saveGeneratedImage(db, { siteId, articleId }, image);
        state.images![position] = { url, alt: plan.alt, prompt: plan.prompt, position };
        await save();
      }),
    );
  });
  if (state.video === undefined)
    task(async () => {
      state.video = await video.find(brief.keyword, brief.language, signal);
      await save();
    });
  await Promise.allSettled(tasks);
  if (options.signal?.aborted) throw new GenerationCancelled("Generation cancelled");
  if (firstError) throw firstError.error;
  checkpoint();
  // No sentence of 8+ words another article of the site holds goes out again (site-reuse.server.ts).
  if (await avoidSiteRepeats(db, siteId, articleId, state, writer, assemble)) await save();
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
