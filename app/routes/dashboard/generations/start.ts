import { data, redirect } from "react-router";
import { z } from "zod";
import { getDb } from "#app/db/client.server";
import { isQuotaError } from "#app/modules/articles/quota.server";
import { authContext } from "#app/modules/auth/guards.server";
import { startGeneration } from "#app/modules/generation/service.server";
import { parseSubmission } from "#app/utils/forms.server";
import { logger } from "#app/utils/logger.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/start";

/**
 * POST: starts an AI generation for a keyword (write screen and generator
 * page). Without JavaScript it lands on the self-refreshing status page; the
 * write screen's script asks to come back to `returnTo`, which shows progress.
 */

export const StartSchema = z.object({
  keyword: z
    .string({ error: "Please enter a topic" })
    .trim()
    .min(1, "Please enter a topic")
    .max(200, "Please keep the topic under 200 characters"),
  keywords: z.string().trim().max(500).default(""),
  tone: z.enum(["professional", "casual", "academic", "conversational", "technical"]).optional(),
  wordCount: z.coerce
    .number()
    .refine((n) => [500, 1000, 1500, 2000, 3000].includes(n))
    .optional(),
  returnTo: z
    .string()
    .regex(/^\/dashboard(\/[\w/-]*)?(\?[\w=&%-]*)?$/)
    .optional(),
});

export async function loader() {
  return redirect("/dashboard/write");
}

export async function action({ request, context }: Route.ActionArgs) {
  const auth = context.get(authContext);
  // Empty fields arrive as missing, so the optional ones fall back to the site's settings.
  const { submission } = await parseSubmission(request, StartSchema);
  if (submission.status !== "success") {
    return data({ ok: false as const, error: Object.values(submission.error ?? {}).flat()[0] ?? "Please enter a topic" }, { status: 400 });
  }
  const input = submission.value;
  try {
    const { generationId } = await startGeneration(getDb(), {
      workspaceId: auth.workspace.id,
      siteId: auth.site.id,
      userId: auth.user.id,
      keyword: input.keyword,
      overrides: {
        tone: input.tone,
        wordCount: input.wordCount,
        keywords: input.keywords
          .split(",")
          .map((k) => k.trim())
          .filter(Boolean),
      },
    });
    const target = input.returnTo
      ? `${input.returnTo}${input.returnTo.includes("?") ? "&" : "?"}generation=${generationId}`
      : `/dashboard/generations/${generationId}`;
    return redirect(target);
  } catch (error) {
    if (isQuotaError(error))
      return redirectWithToast(input.returnTo ?? "/dashboard/write", { type: "error", title: error.title, description: error.message });
    logger.error({ err: error }, "starting a generation failed");
    return redirectWithToast(input.returnTo ?? "/dashboard/write", {
      type: "error",
      title: "Error generating article",
      description: "Failed to generate AI article. Please try again.",
    });
  }
}
