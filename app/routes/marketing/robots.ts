import { getEnv } from "#app/env.server";
import { robotsTxt } from "#app/modules/site-content/public-pages";

export function loader() {
  return new Response(robotsTxt(getEnv().appUrl), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
