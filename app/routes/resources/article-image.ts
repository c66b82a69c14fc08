import { serveImage } from "#app/modules/uploads/images.server";
import type { Route } from "./+types/article-image";

/** Serves generated article images (covers and in-article images). */
export async function loader({ params }: Route.LoaderArgs) {
  return serveImage("article", params.file);
}
