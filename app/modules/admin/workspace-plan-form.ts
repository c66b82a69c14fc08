import { z } from "zod";

/** The operator's 'Set plan' form on a workspace (a plan set by hand, e.g. without billing). */
export const SetPlanSchema = z
  .object({
    plan: z.enum(["trial", "pro"], { error: "Choose Trial or Pro." }),
    trialEndsOn: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a date.")
      .optional(),
  })
  .refine((v) => v.plan !== "trial" || Boolean(v.trialEndsOn), { path: ["trialEndsOn"], message: "A trial needs its last day." });
