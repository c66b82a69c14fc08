import { serveImage } from "#app/modules/uploads/images.server";
import type { Route } from "./+types/avatar";

/**
 * Serves profile pictures. Only names matching our own pattern are looked up,
 * so a request can never reach outside the avatars folder. The server's
 * security headers add X-Content-Type-Options: nosniff to every response.
 */
export async function loader({ params }: Route.LoaderArgs) {
  return serveImage("avatar", params.file);
}
