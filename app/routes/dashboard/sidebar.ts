import { redirect } from "react-router";
import { z } from "zod";
import { safeRedirectPath } from "#app/modules/auth/guards.server";
import { parseSubmission } from "#app/utils/forms.server";
import { sidebarCookie } from "./sidebar-state";
import type { Route } from "./+types/sidebar";

const SidebarSchema = z.object({ open: z.string().optional(), redirectTo: z.string().optional() });

/** The no-JavaScript sidebar toggle: stores the chosen state and goes back to the page. */
export async function action({ request }: Route.ActionArgs) {
  const { submission } = await parseSubmission(request, SidebarSchema);
  const fields = submission.status === "success" ? submission.value : {};
  const open = fields.open === "true";
  const back = safeRedirectPath(fields.redirectTo, "/dashboard");
  return redirect(back, { headers: { "Set-Cookie": sidebarCookie(open) } });
}
