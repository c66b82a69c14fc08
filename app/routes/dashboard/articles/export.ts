import { getDb } from "#app/db/client.server";
import { requirePrimary } from "#app/db/replica.server";
import { exportSiteArticles } from "#app/modules/articles/export.server";
import { authContext } from "#app/modules/auth/guards.server";
import { consumeNamedLimit } from "#app/modules/auth/rate-limit.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/export";

/** The site's articles as a ZIP of Markdown files (any member; every plan state, an ended one included). */
export async function loader({ context }: Route.LoaderArgs) {
  const { user, site } = context.get(authContext);
  // The count is a write: on a read replica the whole download is made on the primary (docs/decisions/080).
  requirePrimary("an articles export");
  // Building the archive reads every article: a few per quarter hour per user is plenty.
  if (!(await consumeNamedLimit("articles-export", { points: 5, duration: 15 * 60 }, user.id)))
    return redirectWithToast("/dashboard", {
      type: "error",
      title: "Too many exports",
      description: "Please wait a few minutes and try again.",
    });
  const { bytes } = await exportSiteArticles(getDb(), site.id);
  const day = new Date().toISOString().slice(0, 10);
  const name = `${
    site.name
      .replace(/[^a-z0-9]+/gi, "-")
      .replace(/^-|-$/g, "")
      .toLowerCase() || "site"
  }-articles-${day}.zip`;
  return new Response(Buffer.from(bytes), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
