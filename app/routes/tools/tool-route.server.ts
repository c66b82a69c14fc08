import { data, type RouterContextProvider } from "react-router";
import { requestContext } from "#app/context";
import type { ToolAnswer, ToolContext } from "#app/modules/tools/ai.server";
import { TOOL_INPUTS, type ToolInput, type ToolSlug } from "#app/modules/tools/catalog";
import type { FormReply } from "#app/utils/form-reply";
import { parseSubmission, replyError, replyOk } from "#app/utils/forms.server";
import { isHoneypotFilled } from "#app/utils/honeypot";

/**
 * Loader and action plumbing shared by the tool routes: a GET with the tool's
 * fields in the query (linkable, templates only) or a POST (may call the AI
 * provider), both validated on the server and answered with the same state.
 */

export type ToolState<R> = {
  method: "get" | "post";
  /** The form's reply (the values to show again, the field errors); null before anything was submitted. */
  reply: FormReply | null;
  answer: ToolAnswer<R> | null;
};

type Run<S extends ToolSlug, R> = (input: ToolInput<S>, ctx: ToolContext) => ToolAnswer<R> | Promise<ToolAnswer<R>>;
type Args = { request: Request; url: URL; context: Readonly<RouterContextProvider> };

async function evaluate<S extends ToolSlug, R>(slug: S, form: FormData, ctx: ToolContext, method: "get" | "post", run: Run<S, R>) {
  const { submission } = await parseSubmission(form, TOOL_INPUTS[slug]);
  if (submission.status !== "success") {
    const refused = replyError(submission);
    return data<ToolState<R>>({ method, reply: refused.data, answer: null }, refused.init ?? undefined);
  }
  const answer = await run(submission.value as ToolInput<S>, ctx);
  return data<ToolState<R>>({ method, reply: replyOk(submission).data, answer });
}

function contextOf(args: Args, providers: boolean): ToolContext {
  const info = args.context.get(requestContext);
  return { ip: info.ip, requestId: info.requestId, providers };
}

/** The page itself (no fields in the query) or a linkable GET submission. */
export async function toolLoader<S extends ToolSlug, R>(slug: S, args: Args, method: "get" | "post", run: Run<S, R>) {
  const url = args.url;
  const submitted = Object.keys(TOOL_INPUTS[slug].shape).some((key) => url.searchParams.has(key));
  if (!submitted) return data<ToolState<R>>({ method, reply: null, answer: null });
  const form = new FormData();
  for (const [key, value] of url.searchParams) form.append(key, value);
  return evaluate(slug, form, contextOf(args, false), method, run);
}

export async function toolAction<S extends ToolSlug, R>(slug: S, args: Args, method: "get" | "post", run: Run<S, R>) {
  const form = await args.request.formData();
  // A filled honeypot is a bot: it gets the templates, never a paid provider call.
  const human = !isHoneypotFilled(form);
  return evaluate(slug, form, contextOf(args, human), method, run);
}

/** Pure computations answer in the same shape as the provider-backed tools. */
export function computed<R>(result: R): ToolAnswer<R> {
  return { result, source: "templates", notice: null };
}
