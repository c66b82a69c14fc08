import { redirect } from "react-router";
import { z } from "zod";
import { getDb, type DB } from "#app/db/client.server";
import { WriterLimitError } from "#app/modules/ai/types";
import { editUrl, writeUrl } from "#app/modules/articles/urls";
import { isArticleTooLargeError } from "#app/modules/articles/sanitize.server";
import { authContext } from "#app/modules/auth/guards.server";
import { limitRefusal } from "#app/modules/billing/ai-meter.server";
import { editArticle, editSelection, regenerateSection } from "#app/modules/generation/edit.server";
import { startRegeneration } from "#app/modules/generation/service.server";
import { parseSubmission } from "#app/utils/forms.server";
import { logger } from "#app/utils/logger.server";
import { notFound } from "#app/utils/responses.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/ai";

/**
 * POST-only AI actions on an article: regenerate it (a background job, not
 * counted against the quota), regenerate one section, or edit with an
 * instruction (whole draft, or a selection when called by the editor's script).
 * Each is charged to the site's daily AI allowance first; a refusal (plan,
 * allowance or burst limit) comes back as a toast, or as JSON for the script.
 */

const instruction = z.string({ error: "Please enter an instruction" }).trim().min(1, "Please enter an instruction").max(1000);

const Schema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("regenerate"), articleId: z.string().min(1), js: z.string().optional() }),
  z.object({
    intent: z.literal("regenerate-section"),
    articleId: z.string().min(1),
    heading: z.string({ error: "Please choose a section" }).trim().min(1, "Please choose a section"),
  }),
  z.object({ intent: z.literal("edit"), articleId: z.string().min(1), instruction }),
  z.object({
    intent: z.literal("edit-selection"),
    articleId: z.string().optional(),
    keyword: z.string().default(""),
    html: z.string().min(1).max(100_000),
    instruction,
  }),
]);
type Input = z.output<typeof Schema>;
type Tenant = { workspaceId: string; siteId: string; userId: string };

const back = (id: string | undefined) => (id ? editUrl(id) : writeUrl());

/** Runs one intent; null when the article is not this site's. */
async function perform(db: DB, tenant: Tenant, input: Input): Promise<Response | null> {
  switch (input.intent) {
    case "regenerate": {
      const started = await startRegeneration(db, tenant, input.articleId);
      if (!started) return null;
      // With JavaScript the write screen shows the progress dialog; without it the status page does.
      return redirect(input.js ? back(input.articleId) : `/dashboard/generations/${started.generationId}`);
    }
    case "regenerate-section": {
      const updated = await regenerateSection(db, tenant, input.articleId, input.heading);
      if (!updated)
        return redirectWithToast(back(input.articleId), {
          type: "error",
          title: "Error generating article",
          description: "That section was not found.",
        });
      return redirectWithToast(back(input.articleId), { title: "Article updated!" });
    }
    case "edit": {
      const updated = await editArticle(db, tenant, input.articleId, input.instruction);
      if (!updated) return null;
      return redirectWithToast(back(input.articleId), { title: "Article updated!" });
    }
    case "edit-selection": {
      const html = await editSelection(db, tenant, input.articleId ?? null, input.html, input.instruction, input.keyword);
      // A resource route: the editor's script reads this JSON.
      return Response.json({ ok: true, error: null, html });
    }
  }
}

/** A refused or failed AI call: a toast on the write screen, or JSON for the editor's script. */
function failure(input: Input, error: unknown) {
  const refused = limitRefusal(error);
  if (refused) {
    if (input.intent === "edit-selection")
      return Response.json({ ok: false, error: refused.message, html: null }, { status: refused.status });
    return redirectWithToast(back(input.articleId), { type: "error", title: refused.title, description: refused.message });
  }
  // A model's limit or an edit that would push the article past 512 KB: say so; anything else is logged.
  const explained = error instanceof WriterLimitError || isArticleTooLargeError(error);
  const message = explained ? error.message : "Failed to generate AI article. Please try again.";
  if (!explained) logger.error({ err: error }, "AI edit failed");
  if (input.intent === "edit-selection") return Response.json({ ok: false, error: message, html: null }, { status: 422 });
  return redirectWithToast(back(input.articleId), { type: "error", title: "Error generating article", description: message });
}

export async function loader() {
  return redirect("/dashboard/write");
}

export async function action({ request, context }: Route.ActionArgs) {
  const auth = context.get(authContext);
  const { submission } = await parseSubmission(request, Schema);
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? "Invalid request";
    return Response.json({ ok: false, error: message, html: null }, { status: 400 });
  }
  const tenant = { workspaceId: auth.workspace.id, siteId: auth.site.id, userId: auth.user.id };
  let answer: Response | null;
  try {
    answer = await perform(getDb(), tenant, submission.value);
  } catch (error) {
    return failure(submission.value, error);
  }
  return answer ?? notFound("Not found");
}
