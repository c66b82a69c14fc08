import { redirect } from "react-router";
import { z } from "zod";
import type { DB } from "#app/db/client.server";
import { WriterLimitError } from "#app/modules/ai/types";
import { editUrl, writeUrl } from "#app/modules/articles/urls";
import { WRITE_MESSAGES } from "#app/modules/articles/write-messages";
import { isArticleTooLargeError } from "#app/modules/articles/sanitize.server";
import { limitRefusal } from "#app/modules/billing/ai-meter.server";
import { editSelection, proposeArticleEdit, proposeSectionRewrite, type EditProposal } from "#app/modules/generation/edit.server";
import { startRegeneration } from "#app/modules/generation/service.server";
import { logger } from "#app/utils/logger.server";
import { redirectWithToast } from "#app/utils/toast.server";

/**
 * The AI actions on an article, shared by /dashboard/write/ai (the editor's
 * script: JSON) and /dashboard/write/ai/review (the no-JS review page).
 * Each is charged to the site's daily AI allowance first; a refusal (plan,
 * allowance or burst limit) comes back as a toast, or as JSON for the script.
 * Edits store nothing: they are proposals, applied only on Accept
 * (docs/decisions/036-ai-edits-reviewed-before-applied.md).
 */

const instruction = z.string({ error: "Please enter an instruction" }).trim().min(1, "Please enter an instruction").max(1000);
/** What the editor holds right now (sent by the script); without it the stored content is edited. */
const baseHtml = z.string().max(1_000_000).optional();

export const AiSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("regenerate"), articleId: z.string().min(1), js: z.string().optional() }),
  z.object({
    intent: z.literal("regenerate-section"),
    articleId: z.string().min(1),
    heading: z.string({ error: "Please choose a section" }).trim().min(1, "Please choose a section"),
    html: baseHtml,
    js: z.string().optional(),
  }),
  z.object({ intent: z.literal("edit"), articleId: z.string().min(1), instruction, html: baseHtml, js: z.string().optional() }),
  z.object({
    intent: z.literal("edit-selection"),
    articleId: z.string().optional(),
    keyword: z.string().default(""),
    html: z.string().min(1).max(100_000),
    instruction,
    js: z.string().optional(),
  }),
]);
export type AiInput = z.output<typeof AiSchema>;
type Tenant = { workspaceId: string; siteId: string; userId: string };

export const backTo = (id: string | undefined) => (id ? editUrl(id) : writeUrl());

const SECTION_NOT_FOUND = { type: "error", title: "Error generating article", description: "That section was not found." } as const;

/** A whole-draft or section edit as a proposal; a Response when there is nothing to propose; null when the article is not this site's. */
export async function propose(db: DB, tenant: Tenant, input: AiInput): Promise<EditProposal | Response | null> {
  if (input.intent === "regenerate-section") {
    const proposal = await proposeSectionRewrite(db, tenant, input.articleId, input.heading, { baseHtml: input.html });
    if (proposal) return proposal;
    if (input.js) return Response.json({ ok: false, error: SECTION_NOT_FOUND.description, html: null }, { status: 404 });
    return redirectWithToast(backTo(input.articleId), SECTION_NOT_FOUND);
  }
  if (input.intent === "edit") return proposeArticleEdit(db, tenant, input.articleId, input.instruction, { baseHtml: input.html });
  return null;
}

/** Runs one intent for the editor's script (or an old no-JS form); null when the article is not this site's. */
export async function perform(db: DB, tenant: Tenant, input: AiInput): Promise<Response | null> {
  switch (input.intent) {
    case "regenerate": {
      const started = await startRegeneration(db, tenant, input.articleId);
      if (!started) return null;
      // With JavaScript the write screen shows the progress dialog (&generation= names it, so one already over still
      // opens its result: the review of the new version); without it the status page does.
      const generation = encodeURIComponent(started.generationId);
      return redirect(input.js ? `${backTo(input.articleId)}&generation=${generation}` : `/dashboard/generations/${generation}`);
    }
    case "regenerate-section":
    case "edit": {
      const proposal = await propose(db, tenant, input);
      if (!proposal || proposal instanceof Response) return proposal;
      // The script shows the diff and applies the rewrite only on Accept.
      return Response.json({ ok: true, error: null, html: proposal.after });
    }
    case "edit-selection": {
      const html = await editSelection(db, tenant, input.articleId ?? null, input.html, input.instruction, input.keyword);
      return Response.json({ ok: true, error: null, html });
    }
  }
}

/** A refused or failed AI call: a toast on the write screen, or JSON for the editor's script. */
export function failure(input: AiInput, error: unknown) {
  const json = input.intent === "edit-selection" || Boolean(input.js && input.intent !== "regenerate");
  const refused = limitRefusal(error);
  if (refused) {
    if (json) return Response.json({ ok: false, error: refused.message, html: null }, { status: refused.status });
    return redirectWithToast(backTo(input.articleId), { type: "error", title: refused.title, description: refused.message });
  }
  // What the writer cannot do (the built-in writer asked for more than shortening, expanding or simplifying): a
  // neutral notice that nothing changed, not an error.
  if (error instanceof WriterLimitError) {
    if (json) return Response.json({ ok: false, error: error.message, html: null, notice: true }, { status: 422 });
    return redirectWithToast(backTo(input.articleId), { type: "info", title: WRITE_MESSAGES.writerLimit, description: error.message });
  }
  // An edit that would push the article past 512 KB: say so; anything else is logged.
  const explained = isArticleTooLargeError(error);
  const message = explained ? error.message : "Failed to generate AI article. Please try again.";
  if (!explained) logger.error({ err: error }, "AI edit failed");
  if (json) return Response.json({ ok: false, error: message, html: null }, { status: 422 });
  return redirectWithToast(backTo(input.articleId), { type: "error", title: "Error generating article", description: message });
}
