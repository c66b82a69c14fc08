import { data, type RouterContextProvider } from "react-router";
import { requestContext } from "#app/context";
import type { ToolAnswer, ToolContext } from "#app/modules/tools/ai.server";
import { TOOL_INPUTS, parseToolInput, type ToolInput, type ToolSlug } from "#app/modules/tools/catalog";
import { isHoneypotFilled } from "#app/utils/honeypot";

/**
 * Loader and action plumbing shared by the tool routes: a GET with the tool's
 * fields in the query (linkable, templates only) or a POST (may call the AI
 * provider), both validated on the server and answered with the same state.
 */

export type ToolState<R> = {
  method: "get" | "post";
  values: Record<string, string>;
  errors: Record<string, string> | null;
  answer: ToolAnswer<R> | null;
};

type Run<S extends ToolSlug, R> = (input: ToolInput<S>, ctx: ToolContext) => ToolAnswer<R> | Promise<ToolAnswer<R>>;
type Args = { request: Request; context: Readonly<RouterContextProvider> };

async function evaluate<S extends ToolSlug, R>(slug: S, fields: URLSearchParams | FormData, ctx: ToolContext, method: "get" | "post", run: Run<S, R>) {
  const parsed = parseToolInput(slug, fields);
  if (!parsed.ok) {
    const state: ToolState<R> = { method, values: parsed.values, errors: parsed.errors, answer: null };
    return data(state, { status: 400 });
  }
  const state: ToolState<R> = { method, values: parsed.values, errors: null, answer: await run(parsed.data, ctx) };
  return data(state);
}

function contextOf(args: Args, providers: boolean): ToolContext {
  const info = args.context.get(requestContext);
  return { ip: info.ip, requestId: info.requestId, providers };
}

/** The page itself (no fields in the query) or a linkable GET submission. */
export async function toolLoader<S extends ToolSlug, R>(slug: S, args: Args, method: "get" | "post", run: Run<S, R>) {
  const url = new URL(args.request.url);
  const submitted = Object.keys(TOOL_INPUTS[slug].shape).some((key) => url.searchParams.has(key));
  if (!submitted) {
    const state: ToolState<R> = { method, values: {}, errors: null, answer: null };
    return data(state);
  }
  return evaluate(slug, url.searchParams, contextOf(args, false), method, run);
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
