import { redirect } from "react-router";
import { safeRedirectPath } from "#app/modules/auth/guards.server";
import type { Route } from "./+types/sidebar";
import { sidebarCookie } from "./sidebar-state";

/** The no-JavaScript sidebar toggle: stores the chosen state and goes back to the page. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const open = form.get("open") === "true";
  const back = safeRedirectPath(form.get("redirectTo"), "/dashboard");
  return redirect(back, { headers: { "Set-Cookie": sidebarCookie(open) } });
}
