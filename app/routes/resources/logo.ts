import { serveImage } from "#app/modules/uploads/images.server";
import type { Route } from "./+types/logo";

/** Serves brand logos, like profile pictures: our own file names only, cached for an hour. */
export async function loader({ params }: Route.LoaderArgs) {
  return serveImage("logo", params.file);
}
