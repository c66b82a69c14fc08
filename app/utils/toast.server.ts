import { createContext, createCookie, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { getEnv } from "#app/env.server";
import { ToastSchema, type Toast as ShownToast, type ToastInput } from "./toast";

/**
 * Toasts are flashed through their own short-lived cookie so they render on the
 * next server response, with or without JavaScript.
 */

export type Toast = ToastInput;

let cookie: ReturnType<typeof createCookie> | undefined;
function toastCookie() {
  cookie ??= createCookie("__toast", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: getEnv().appUrl.startsWith("https:"),
    secrets: getEnv().sessionSecrets,
    maxAge: 60,
  });
  return cookie;
}

export async function toastHeader(toast: Toast) {
  return toastCookie().serialize(ToastSchema.parse(toast));
}

export async function redirectWithToast(url: string, toast: Toast, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastHeader(toast));
  return redirect(url, { ...init, headers });
}

/**
 * A toast for an action that stays on its page (it answers with data, not a
 * redirect). Without JavaScript the action and the page's loaders run in one
 * request, so the root shows it on this very response; with JavaScript the
 * page's data is fetched by a second request, so `toastMiddleware` sends it as
 * the flash cookie for that one. Redirects use `redirectWithToast`.
 */
type Flash = { toast: ShownToast | null; shown: boolean };
const flashContext = createContext<Flash | null>(null);

export function flashToast(context: Readonly<RouterContextProvider>, toast: Toast) {
  const flash = context.get(flashContext);
  if (!flash) throw new Error("flashToast needs the root's toastMiddleware");
  flash.toast = ToastSchema.parse(toast);
}

/** The root's middleware: a toast flashed during the request that the root loader did not show goes out as the cookie. */
export const toastMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  const flash: Flash = { toast: null, shown: false };
  context.set(flashContext, flash);
  const response = await next();
  if (flash.toast && !flash.shown) response.headers.append("Set-Cookie", await toastHeader(flash.toast));
  return response;
};

/** Reads the toast to show: one flashed earlier in this request, else the flash cookie; and the header that clears the cookie. */
export async function readToast(request: Request, context?: Readonly<RouterContextProvider>) {
  const raw = await toastCookie().parse(request.headers.get("Cookie"));
  const parsed = ToastSchema.safeParse(raw);
  const clearHeader = parsed.success ? await toastCookie().serialize("", { maxAge: 0 }) : null;
  const flash = context?.get(flashContext);
  if (flash?.toast) {
    flash.shown = true;
    return { toast: flash.toast, clearHeader };
  }
  return { toast: parsed.success ? parsed.data : null, clearHeader };
}
