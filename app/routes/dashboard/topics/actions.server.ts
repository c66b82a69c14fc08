import { z } from "zod";
import type { DB } from "#app/db/client.server";
import type { AuthState } from "#app/modules/auth/guards.server";
import { TopicFormSchema } from "#app/modules/topics/schema";
import { createTopic, deleteTopic, getTopic, updateTopic } from "#app/modules/topics/topics.server";
import { parseSubmission, replyError, submittedColor } from "#app/utils/forms.server";
import { logger } from "#app/utils/logger.server";
import { badRequest, notFound } from "#app/utils/responses.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { INVALID_TOPIC_NOTICE } from "./topics-ui";

/**
 * The topics page's forms, one intent each: create and update answer invalid
 * fields on the page (the dialog keeps them), delete goes back to the list.
 * Only the viewer's site's topics can be changed: another site's id is a 404.
 */

const PAGE = "/dashboard/topics";

/** Which form was posted, and on which topic; the fields themselves are TopicFormSchema's. */
const TopicIntentSchema = z.object({ intent: z.enum(["create", "update", "delete"]), id: z.string().optional() });

export async function topicsAction(db: DB, { site, user }: AuthState, formData: FormData) {
  const { submission: chosen } = await parseSubmission(formData, TopicIntentSchema);
  if (chosen.status !== "success") return badRequest("Unknown action");
  const { intent, id = "" } = chosen.value;
  switch (intent) {
    case "create":
    case "update": {
      if (intent === "update" && !(await getTopic(db, site.id, id))) notFound("Topic not found");
      // Without JavaScript the colour picker and hex box are not in sync; keep the one the user changed.
      formData.set("color", submittedColor(formData, "color"));
      const { submission } = await parseSubmission(formData, TopicFormSchema);
      if (submission.status !== "success") return replyError(submission, { notice: INVALID_TOPIC_NOTICE });
      try {
        if (intent === "create") await createTopic(db, site.id, submission.value);
        else await updateTopic(db, site.id, id, submission.value);
      } catch (error) {
        logger.error({ err: error, topicId: id || null, userId: user.id }, "topic save failed");
        return replyError(submission, {
          status: 500,
          notice: { title: INVALID_TOPIC_NOTICE.title, description: "Failed to save the topic. Please try again." },
        });
      }
      return redirectWithToast(PAGE, { title: intent === "create" ? "Topic created!" : "Topic updated!" });
    }
    case "delete": {
      if (!(await getTopic(db, site.id, id))) notFound("Topic not found");
      try {
        await deleteTopic(db, site.id, id);
      } catch (error) {
        logger.error({ err: error, topicId: id, userId: user.id }, "topic delete failed");
        return redirectWithToast(PAGE, {
          type: "error",
          title: "Error deleting topic",
          description: "Failed to delete the topic. Please try again.",
        });
      }
      return redirectWithToast(PAGE, { title: "Topic deleted!" });
    }
  }
}
