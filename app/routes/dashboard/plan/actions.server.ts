import { z } from "zod";
import type { DB } from "#app/db/client.server";
import type { AuthState } from "#app/modules/auth/guards.server";
import { limitRefusal } from "#app/modules/billing/ai-meter.server";
import { addItem, editItem, indexOf, keepItem, moveItem, removeItem } from "#app/modules/plan/edits.server";
import { generatePlan, PlanError, swapItem } from "#app/modules/plan/plan.server";
import { PlanActionSchema, PlanItemFormSchema } from "#app/modules/plan/schema";
import { parseSubmission, replyError } from "#app/utils/forms.server";
import { badRequest, notFound } from "#app/utils/responses.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { INVALID_ITEM_NOTICE } from "./plan-item-form";

/**
 * The content plan's forms (docs/decisions/050-content-plan.md): the edit and
 * add dialogs answer invalid fields in place; every one-button form (generate,
 * swap, remove, move, resolve) answers with a redirect and a toast.
 */

const PAGE = "/dashboard/plan";

/** The two dialog forms, told apart from the one-button intents of PlanActionSchema. */
const ItemIntentSchema = z.object({ intent: z.enum(["edit", "add"]), id: z.string().optional() });

const failed = (description: string) => redirectWithToast(PAGE, { type: "error", title: "Could not update the plan", description });

/** Changing the plan needs topics.manage; the route checks it before calling this. */
export async function planAction(db: DB, { site, workspace, user }: AuthState, formData: FormData) {
  const tenant = { workspaceId: workspace.id, siteId: site.id, userId: user.id };
  const { submission: chosen } = await parseSubmission(formData, ItemIntentSchema);
  try {
    if (chosen.status === "success") {
      const { intent, id = "" } = chosen.value;
      const { submission } = await parseSubmission(formData, PlanItemFormSchema);
      if (submission.status !== "success") return replyError(submission, { notice: INVALID_ITEM_NOTICE });
      const { searchIntent, ...fields } = submission.value;
      const input = { ...fields, intent: searchIntent, topicId: fields.topicId || null };
      if (intent === "edit") {
        const saved = await editItem(db, site, id, input);
        return redirectWithToast(PAGE, { title: "Plan item updated", description: `“${saved.keyword}” is saved.` });
      }
      try {
        const added = await addItem(db, site, input);
        return redirectWithToast(PAGE, { title: "Keyword added", description: `“${added.keyword}” is planned for ${added.dateText}.` });
      } catch (error) {
        if (error instanceof PlanError && error.code === "full") {
          return replyError(submission, { notice: { title: INVALID_ITEM_NOTICE.title, description: error.message } });
        }
        throw error;
      }
    }
    const { submission } = await parseSubmission(formData, PlanActionSchema);
    if (submission.status !== "success") badRequest("Unknown action");
    const input = submission.value;
    switch (input.intent) {
      case "generate": {
        const result = await generatePlan(db, site, tenant);
        return redirectWithToast(PAGE, {
          title: "Content plan ready",
          description: `${result.planned} ${result.planned === 1 ? "day is" : "days are"} planned${result.origin === "ai" ? "" : " from your site's pages, topics and brand"}.`,
        });
      }
      case "swap": {
        const swapped = await swapItem(db, site, tenant, input.id);
        return redirectWithToast(PAGE, { title: "Keyword swapped", description: `“${swapped.after}” replaces “${swapped.before}”.` });
      }
      case "remove": {
        const removed = await removeItem(db, site, input.id);
        return redirectWithToast(PAGE, { title: "Keyword removed", description: `“${removed.keyword}” is no longer planned.` });
      }
      case "move": {
        const from = await indexOf(db, site, input.id);
        const to = input.to ?? (input.direction === "up" ? from - 1 : from + 1);
        const moved = await moveItem(db, site, input.id, to);
        return redirectWithToast(PAGE, {
          title: "Plan reordered",
          description: moved.moved ? `“${moved.keyword}” is now planned for ${moved.dateText}.` : `“${moved.keyword}” stays where it is.`,
        });
      }
      case "resolve": {
        if (input.resolution === "merge") {
          const removed = await removeItem(db, site, input.id);
          return redirectWithToast(PAGE, {
            title: "Merged",
            description: `“${removed.keyword}” is dropped; the piece it competed with covers it.`,
          });
        }
        if (input.resolution === "retarget") {
          const swapped = await swapItem(db, site, tenant, input.id);
          return redirectWithToast(PAGE, { title: "Retargeted", description: `“${swapped.after}” replaces “${swapped.before}”.` });
        }
        const kept = await keepItem(db, site, input.id);
        return redirectWithToast(PAGE, { title: "Kept", description: `“${kept.keyword}” stays in the plan.` });
      }
    }
  } catch (error) {
    if (error instanceof PlanError) {
      if (error.code === "not_found") notFound("Plan item not found");
      return failed(error.message);
    }
    const refusal = limitRefusal(error);
    if (refusal) return failed(refusal.message);
    throw error;
  }
}
