import { redirect, type RouterContextProvider } from "react-router";
import type { DB } from "#app/db/client.server";
import { isQuotaError } from "#app/modules/articles/quota.server";
import type { AuthState } from "#app/modules/auth/guards.server";
import { limitRefusal } from "#app/modules/billing/ai-meter.server";
import { GENERATOR_MESSAGES as M, splitKeywords } from "#app/modules/generation/generator";
import { failureReason, generateImage, researchKeywords } from "#app/modules/generation/generator.server";
import { startGeneration } from "#app/modules/generation/service.server";
import { parseSubmission, replyError, replyOk } from "#app/utils/forms.server";
import { logger } from "#app/utils/logger.server";
import { flashToast } from "#app/utils/toast.server";
import { GenerateSchema, ImagesSchema, KeywordsSchema } from "./schemas";

/**
 * The generator page's three form actions, one per intent (the route's action
 * picks one). Generate starts the background job and goes to its progress;
 * Keywords and Images answer on the page with their result and a toast.
 */

export const GENERATOR_PATH = "/dashboard/generator";

type Args = { db: DB; auth: AuthState; context: Readonly<RouterContextProvider> };

const tenantOf = (auth: AuthState) => ({ workspaceId: auth.workspace.id, siteId: auth.site.id, userId: auth.user.id });

export async function generateAction({ db, auth }: Args, formData: FormData) {
  const { submission } = await parseSubmission(formData, GenerateSchema);
  if (submission.status !== "success") return replyError(submission);
  const { topic, keywords, tone, articleLength, js } = submission.value;
  try {
    const { generationId } = await startGeneration(db, {
      ...tenantOf(auth),
      keyword: topic,
      overrides: { tone, articleLength, keywords: splitKeywords(keywords) },
    });
    return redirect(`${GENERATOR_PATH}?tab=generate&generation=${encodeURIComponent(generationId)}${js ? "" : "&refresh=1"}`);
  } catch (error) {
    if (isQuotaError(error)) return replyError(submission, { status: 403, notice: { title: error.title, description: error.message } });
    logger.error({ err: error }, "generator: starting a generation failed");
    return replyError(submission, {
      status: 500,
      notice: { title: M.generateFailed("the article could not be started. Please try again.") },
    });
  }
}

/**
 * A metered call that failed: a limit's refusal (nothing was done) or the
 * provider's failure, under the form and as a toast.
 */
function failed(
  { context }: Args,
  submission: Parameters<typeof replyError>[0],
  error: unknown,
  failure: (reason: string) => string,
  what: string,
) {
  const refused = limitRefusal(error);
  const notice = refused ? { title: refused.title, description: refused.message } : { title: failure(failureReason(error, what)) };
  flashToast(context, { type: "error", title: notice.title });
  return replyError(submission, { status: refused?.status ?? 502, notice });
}

export async function keywordsAction(args: Args, formData: FormData) {
  const { submission } = await parseSubmission(formData, KeywordsSchema);
  if (submission.status !== "success") return replyError(submission);
  try {
    const research = await researchKeywords(args.db, tenantOf(args.auth), submission.value.topic);
    flashToast(args.context, { title: M.researched });
    return { ...replyOk(submission).data, research };
  } catch (error) {
    return failed(args, submission, error, M.researchFailed, "keyword research");
  }
}

export async function imagesAction(args: Args, formData: FormData) {
  const { submission } = await parseSubmission(formData, ImagesSchema);
  if (submission.status !== "success") return replyError(submission);
  try {
    const image = await generateImage(args.db, tenantOf(args.auth), submission.value.prompt, submission.value.style);
    flashToast(args.context, { title: M.imagesGenerated });
    return { ...replyOk(submission).data, image };
  } catch (error) {
    return failed(args, submission, error, M.imagesFailed, "image generation");
  }
}
