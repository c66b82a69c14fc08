import type { SubmissionResult } from "@conform-to/react";

/**
 * What every form action answers when it does not redirect: Conform's reply
 * (field errors, the values to show again), which form it belongs to (the
 * submitted `intent`, for pages with several forms) and an optional form-level
 * notice (the product's error titles shown above the form). Built on the server
 * by `replyError`/`replyOk` in app/utils/forms.server.ts.
 */

export type Notice = {
  title: string;
  description?: string;
  /** The next step the notice offers, e.g. "Resend verification email". */
  link?: { to: string; label: string };
};

export type FormReply = {
  intent: string | null;
  result: SubmissionResult<string[]>;
  notice: Notice | null;
};

/** The action's reply when it belongs to the form with this intent, for `useForm({ lastResult })`. */
export function replyFor(actionData: unknown, intent: string): FormReply | undefined {
  const reply = actionData as FormReply | undefined;
  return reply && typeof reply === "object" && "result" in reply && reply.intent === intent ? reply : undefined;
}
