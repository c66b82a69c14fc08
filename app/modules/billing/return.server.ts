import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { getDb, type DB } from "#app/db/client.server";
import { authContext, type AuthState } from "#app/modules/auth/guards.server";
import { can } from "#app/modules/auth/permissions";
import { confirmCheckoutReturn } from "./checkout.server";
import { getBilling } from "./stripe.server";
import { loadEntitlement } from "./subscriptions.server";

/**
 * The way back from Stripe's checkout and the dashboard's billing banners (spec
 * 000: returning with ?upgrade=success and an active Pro subscription shows a
 * dismissable 'Welcome to Pro Plan' banner and the query string is removed).
 * The return is read from Stripe on the server; the URL alone grants nothing.
 */

const WELCOME_COOKIE = "__pro_welcome";
const welcomeContext = createContext<{ pending: boolean; shown: boolean }>({ pending: false, shown: false });

const hasWelcomeCookie = (request: Request) => (request.headers.get("Cookie") ?? "").split(/;\s*/).includes(`${WELCOME_COOKIE}=1`);

/** Dashboard middleware, after requireAuth: applies a returning checkout, then redirects to the clean URL. */
export const checkoutReturn: MiddlewareFunction<Response> = async ({ request, context, url }, next) => {
  if (url.pathname === "/dashboard" && url.searchParams.get("upgrade") === "success") {
    const billing = getBilling();
    const auth = context.get(authContext);
    if (billing) await confirmCheckoutReturn(getDb(), billing, auth.workspace.id, url.searchParams.get("session_id"));
    // Five minutes: long enough for a late webhook, short enough never to greet twice.
    throw redirect("/dashboard", { headers: { "Set-Cookie": `${WELCOME_COOKIE}=1; Path=/; Max-Age=300; HttpOnly; SameSite=Lax` } });
  }
  if (!hasWelcomeCookie(request)) return next();
  const state = { pending: true, shown: false };
  context.set(welcomeContext, state);
  const response = await next();
  if (state.shown) response.headers.append("Set-Cookie", `${WELCOME_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
  return response;
};

export type BillingBanner =
  { kind: "welcome" } | { kind: "confirming" } | { kind: "past_due"; canManage: boolean } | { kind: "ended"; canManage: boolean } | null;

/** The banner the dashboard shows now, if any; a welcome is shown once (its cookie is cleared with this response). */
export async function billingBanner(db: DB, auth: AuthState, context: Readonly<RouterContextProvider>): Promise<BillingBanner> {
  const entitlement = await loadEntitlement(db, auth.workspace.id);
  const canManage = can(auth.role, "billing.manage");
  const welcome = context.get(welcomeContext);
  if (welcome.pending) {
    if (entitlement.plan === "pro") {
      welcome.shown = true;
      return { kind: "welcome" };
    }
    return { kind: "confirming" };
  }
  if (entitlement.state === "past_due") return { kind: "past_due", canManage };
  if (entitlement.state === "ended") return { kind: "ended", canManage };
  return null;
}
