/** A liveness answer for the nuclear connect page's API ping (docs/product.md): it says nothing about the server but that it answers. */
export function loader() {
  return Response.json({ ok: true, where: "server" }, { headers: { "Cache-Control": "no-store" } });
}
