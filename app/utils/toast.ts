import { z } from "zod";

/**
 * The one toast type. The server flashes it (app/utils/toast.server.ts) and the
 * root's <Toaster> shows it on the next response; `showToast` in
 * app/components/toaster.tsx is only for what posts nothing ('Copied!').
 */
export const ToastSchema = z.object({
  type: z.enum(["success", "error", "info"]).default("success"),
  title: z.string(),
  description: z.string().optional(),
});
export type Toast = z.output<typeof ToastSchema>;
export type ToastInput = z.input<typeof ToastSchema>;
