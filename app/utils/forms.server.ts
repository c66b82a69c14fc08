import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { Submission } from "@conform-to/react";
import type { z } from "zod";
import type { FormReply, Notice } from "./form-reply";

/**
 * The one server side of forms (docs/decisions/024-forms-conform-and-zod.md): parse the posted form
 * with its zod schema through Conform, and answer in one shape (`FormReply`).
 * Field components: app/components/forms.tsx.
 */

type AnySubmission = Submission<unknown, string[], unknown>;

/** Reads the request's form (unless given one) and validates it against the schema. */
export async function parseSubmission<Schema extends z.ZodType>(request: Request | FormData, schema: Schema) {
  const formData = request instanceof FormData ? request : await request.formData();
  return { formData, submission: parseWithZod(formData, { schema }) };
}

/** The posted form, or null when the body cannot be read as one (a broken multipart body). */
export async function readFormData(request: Request) {
  try {
    return await request.formData();
  } catch {
    return null;
  }
}

function intentOf(submission: AnySubmission) {
  const intent = submission.payload.intent;
  return typeof intent === "string" ? intent : null;
}

type ReplyInit = {
  status?: number;
  headers?: HeadersInit;
  notice?: Notice | null;
};

/** A refused submission: field errors from the schema or the domain, an optional form-level notice; the values are kept. */
export function replyError(
  submission: AnySubmission,
  {
    status = 400,
    headers,
    notice = null,
    fieldErrors,
    formErrors,
    hideFields,
  }: ReplyInit & { fieldErrors?: Record<string, string[]>; formErrors?: string[]; hideFields?: string[] } = {},
) {
  const reply: FormReply = { intent: intentOf(submission), result: submission.reply({ fieldErrors, formErrors, hideFields }), notice };
  return data(reply, { status, headers });
}

/** An accepted submission that stays on the page; `resetForm` clears the fields (e.g. after a password change). */
export function replyOk(
  submission: AnySubmission,
  { status = 200, headers, notice = null, resetForm = false }: ReplyInit & { resetForm?: boolean } = {},
) {
  const reply: FormReply = { intent: intentOf(submission), result: submission.reply({ resetForm }), notice };
  return data(reply, { status, headers });
}

/**
 * A refusal before any schema applies — an upload too large to read, an
 * unreadable form, an unknown intent: a notice for the form with this intent,
 * no field errors and nothing to show again.
 */
export function replyNotice(intent: string | null, notice: Notice, { status = 400, headers }: Omit<ReplyInit, "notice"> = {}) {
  const reply: FormReply = { intent, result: { status: "error", error: {} }, notice };
  return data(reply, { status, headers });
}

/**
 * A colour posted by `ColorField`: without JavaScript the picker and the hex box
 * are not kept in sync, so the one the user changed from the initial value wins.
 */
export function submittedColor(form: FormData, name: string) {
  const text = String(form.get(name) ?? "");
  const picker = String(form.get(`${name}Picker`) ?? "");
  const initial = String(form.get(`${name}Initial`) ?? "");
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  if (picker && same(text, initial) && !same(picker, initial)) return picker;
  return text;
}
