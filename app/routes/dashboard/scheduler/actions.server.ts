import { z } from "zod";
import type { DB } from "#app/db/client.server";
import { requirePermission, type AuthState } from "#app/modules/auth/guards.server";
import { describeMoved } from "#app/modules/autopilot/pending.server";
import { setAutopilotRunning, skipDay, SkipDayError } from "#app/modules/autopilot/status.server";
import { chooseTopic, clearDay, ScheduleError } from "#app/modules/scheduler/scheduler.server";
import { parseSubmission, replyError } from "#app/utils/forms.server";
import { formatDayDate } from "#app/utils/time";
import { redirectWithToast } from "#app/utils/toast.server";

/**
 * The scheduler's forms: choose or clear a day's topic, skip an auto-pilot day,
 * pause or resume auto-pilot. Each answers with a redirect back to the view
 * it was posted from, or the page's one notice.
 */

const PAGE = "/dashboard/scheduler";

type AutopilotActor = Parameters<typeof setAutopilotRunning>[3];

const ActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("choose"), date: z.string(), topicId: z.string().optional(), topic: z.string().max(200).optional() }),
  z.object({ intent: z.literal("clear"), date: z.string() }),
  z.object({ intent: z.literal("skip"), date: z.string() }),
  z.object({ intent: z.enum(["pause", "resume"]) }),
]);

const notice = (description: string) => ({ title: "Could not update the schedule", description });

export async function schedulerAction(db: DB, auth: AuthState, actor: AutopilotActor, request: Request, url: URL) {
  // Back to the view the form was posted from (the list or the calendar).
  const back = url.searchParams.get("view") === "calendar" ? `${PAGE}?view=calendar` : PAGE;
  const { site } = auth;
  const { submission } = await parseSubmission(request, ActionSchema);
  if (submission.status !== "success") return replyError(submission, { notice: notice("Please choose a topic from the list.") });
  const input = submission.value;
  try {
    switch (input.intent) {
      case "choose": {
        const saved = await chooseTopic(db, site, { date: input.date, topicId: input.topicId, name: input.topic });
        return redirectWithToast(back, {
          type: "success",
          title: "Topic selected",
          description: `“${saved.keyword}” is scheduled for ${saved.dateText} at ${saved.timeText}`,
        });
      }
      case "pause":
      case "resume": {
        requirePermission(auth, "settings.manage");
        const moved = await setAutopilotRunning(db, site.id, input.intent === "resume", actor);
        return redirectWithToast(back, {
          title: input.intent === "resume" ? "Auto-pilot resumed" : "Auto-pilot paused",
          description: describeMoved(moved),
        });
      }
      case "skip": {
        requirePermission(auth, "topics.manage");
        const keyword = await skipDay(db, site, input.date);
        return redirectWithToast(back, {
          title: "Day skipped",
          description: `“${keyword}” will not be written on ${formatDayDate(input.date)}.`,
        });
      }
      case "clear": {
        const cleared = await clearDay(db, site, { date: input.date });
        return redirectWithToast(back, {
          type: "success",
          title: "Topic cleared",
          description: cleared.keyword
            ? `“${cleared.keyword}” is no longer scheduled for ${cleared.dateText}`
            : `Nothing is scheduled for ${cleared.dateText}`,
        });
      }
    }
  } catch (error) {
    if (error instanceof ScheduleError || error instanceof SkipDayError) return replyError(submission, { notice: notice(error.message) });
    throw error;
  }
}
