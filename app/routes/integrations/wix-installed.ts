import { renderWixInstalledPage } from "#app/modules/publishing/platforms/wix/installed-page";
import type { Route } from "./+types/wix-installed";

/** GET /wix-installed: the popup's last page (docs/product.md "Wix installed"); static apart from the outcome. */
export function loader({ url }: Route.LoaderArgs) {
  const html = renderWixInstalledPage({ connected: url.searchParams.get("status") === "connected", code: url.searchParams.get("code") });
  return new Response(html, {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
  });
}
