import type { DB } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import type { AuthState } from "#app/modules/auth/guards.server";
import { integrationsView } from "#app/modules/publishing/integrations-view.server";

/** The Integrations tab's loader data: the view, the hosted blog's address, and which dialog the URL opens. */
export async function integrationsTabData(db: DB, auth: AuthState, url: URL) {
  const [view, site] = await Promise.all([
    integrationsView(db, { siteId: auth.site.id, role: auth.role }, url.searchParams.get("connect")),
    db.selectFrom("sites").select("blog_slug").where("id", "=", auth.site.id).executeTakeFirst(),
  ]);
  return {
    ...view,
    blogUrl: site?.blog_slug ? `${getEnv().appUrl}/b/${site.blog_slug}` : null,
    disconnectId: url.searchParams.get("disconnect"),
  };
}
