import { createCookie, redirect } from "react-router";
import { getEnv } from "#app/env.server";
import { ToastSchema, type ToastInput } from "./toast";

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

/** Reads the flashed toast and the header that clears it. */
export async function readToast(request: Request) {
  const raw = await toastCookie().parse(request.headers.get("Cookie"));
  const parsed = ToastSchema.safeParse(raw);
  if (!parsed.success) return { toast: null, clearHeader: null };
  return { toast: parsed.data, clearHeader: await toastCookie().serialize("", { maxAge: 0 }) };
}
