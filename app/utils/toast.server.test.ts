import { describe, expect, it } from "vitest";
import { callRoute, post } from "#tests/setup/route-harness";
import { flashToast, readToast, toastMiddleware } from "./toast.server";
import type { RouterContextProvider } from "react-router";

/**
 * A toast flashed by an action that stays on its page: without JavaScript the
 * root loader of the same request shows it (and no cookie carries it on to the
 * next page); with JavaScript the action's own response carries it as a cookie.
 */

const flashing = ({ context }: { context: RouterContextProvider }) => {
  flashToast(context, { title: "Keyword research completed!" });
  return { ok: true };
};

describe("flashToast", () => {
  it("goes out as the flash cookie when no root loader ran in the request", async () => {
    const res = await callRoute({ middleware: [toastMiddleware], handler: flashing, request: post("/dashboard/generator", {}) });
    const cookie = /__toast=[^;]+/.exec(res.headers.get("Set-Cookie") ?? "")?.[0];
    expect(cookie).toBeDefined();
    const next = await readToast(new Request("http://localhost:3000/", { headers: { Cookie: cookie! } }));
    expect(next.toast).toEqual({ type: "success", title: "Keyword research completed!" });
  });

  it("is shown by the root loader of the same request, and then sets no cookie", async () => {
    const request = post("/dashboard/generator", {});
    const res = await callRoute({
      middleware: [toastMiddleware],
      request,
      handler: async (args: { context: RouterContextProvider }) => {
        flashing(args);
        return readToast(request, args.context);
      },
    });
    expect((res.data as { toast: unknown }).toast).toEqual({ type: "success", title: "Keyword research completed!" });
    expect(res.headers.get("Set-Cookie")).toBeNull();
  });
});
