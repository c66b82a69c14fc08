import fs from "node:fs/promises";
import { avatarFileFor } from "#app/modules/account/avatar.server";
import type { Route } from "./+types/avatar";

/**
 * Serves profile pictures. Only names matching our own pattern are looked up,
 * so a request can never reach outside the avatars folder. The server's
 * security headers add X-Content-Type-Options: nosniff to every response.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const target = avatarFileFor(params.file);
  if (!target) throw new Response("Not found", { status: 404 });
  let body: Buffer;
  try {
    body = await fs.readFile(target.file);
  } catch {
    throw new Response("Not found", { status: 404 });
  }
  return new Response(new Uint8Array(body), {
    headers: {
      "Content-Type": target.contentType,
      "Content-Length": String(body.byteLength),
      "Cache-Control": "public, max-age=3600",
      "Content-Security-Policy": "default-src 'none'",
    },
  });
}
