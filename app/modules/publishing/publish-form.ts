import { z } from "zod";

/** The publish dialog's form (docs/product.md "Publishing"), the same in the browser and on the server. */

const PUBLISH_FORM_MESSAGES = {
  noConnection: "Choose a connected platform to publish.",
  noDate: "Choose the day to publish.",
  noTime: "Choose the time to publish.",
} as const;

export const PublishFormSchema = z
  .object({
    connectionId: z.string({ error: PUBLISH_FORM_MESSAGES.noConnection }).trim().min(1, PUBLISH_FORM_MESSAGES.noConnection),
    mode: z.enum(["draft", "live"]).catch("draft"),
    when: z.enum(["now", "schedule"]).catch("now"),
    scheduleDate: z
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional()
      .catch(undefined),
    scheduleTime: z
      .string()
      .trim()
      .regex(/^\d{2}:\d{2}$/)
      .optional()
      .catch(undefined),
  })
  .superRefine((value, ctx) => {
    if (value.when !== "schedule") return;
    if (!value.scheduleDate) ctx.addIssue({ code: "custom", path: ["scheduleDate"], message: PUBLISH_FORM_MESSAGES.noDate });
    if (!value.scheduleTime) ctx.addIssue({ code: "custom", path: ["scheduleTime"], message: PUBLISH_FORM_MESSAGES.noTime });
  });
