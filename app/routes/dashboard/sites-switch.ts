import { z } from "zod";
import { getDb } from "#app/db/client.server";
import { authContext, safeRedirectPath } from "#app/modules/auth/guards.server";
import { chooseSite } from "#app/modules/workspaces/sites.server";
import { notFound } from "#app/utils/responses.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { parseSubmission } from "#app/utils/forms.server";
import type { Route } from "./+types/sites-switch";

/**
 * The sidebar's site switcher (a plain form, docs/decisions/043): makes the
 * site current for this session and goes back to the page's path (its query,
 * which may name a record of the old site, is dropped).
 */
const SwitchSchema = z.object({ siteId: z.string(), redirectTo: z.string().optional() });

export async function action({ request, context }: Route.ActionArgs) {
  const auth = context.get(authContext);
  const { submission } = await parseSubmission(request, SwitchSchema);
  // No site named is a site that is not this member's.
  if (submission.status !== "success") return notFound("Site not found");
  const { siteId, redirectTo } = submission.value;
  const db = getDb();
  if (!(await chooseSite(db, auth.sessionId, auth.user.id, siteId))) notFound("Site not found");
  const back = new URL(safeRedirectPath(redirectTo, "/dashboard"), "http://local").pathname;
  const site = await db.selectFrom("sites").select("name").where("id", "=", siteId).executeTakeFirstOrThrow();
  return redirectWithToast(back, { title: `Switched to ${site.name}` });
}
