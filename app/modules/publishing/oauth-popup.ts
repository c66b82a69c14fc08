/**
 * The page an OAuth callback answers with when connecting was started in a
 * popup (docs/product.md "Messages received from popups"): it posts the outcome to
 * the window that opened it, on our own origin only, and closes. Its script
 * never changes (the outcome travels in a JSON block), so the CSP allows it by
 * hash (site-content/inline-scripts.ts) and no nonce is needed. Without an
 * opener (popup blocked, so the flow ran in the same tab) it goes on to the
 * settings page instead.
 */

export const OAUTH_POPUP_SCRIPT =
  '(function(){var el=document.getElementById("oauth-result");if(!el)return;var d=JSON.parse(el.textContent||"{}");if(window.opener&&!window.opener.closed){try{window.opener.postMessage(d.message,window.location.origin)}catch(e){}window.close()}else if(d.fallback){window.location.replace(d.fallback)}})();';

export type OAuthPopupMessage = { type: string; success?: boolean; error?: string };

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export function oauthPopupPage(message: OAuthPopupMessage, fallback: string) {
  // JSON inside <script> must not be able to close the element.
  const data = JSON.stringify({ message, fallback }).replace(/</g, "\\u003c");
  const text = message.success ? "Connected. You can close this window." : `Connection failed: ${message.error ?? "unknown error"}`;
  const html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Inkpilot</title></head><body><p>${escapeHtml(text)}</p><p><a href="${escapeHtml(fallback)}">Back to Inkpilot</a></p><script type="application/json" id="oauth-result">${data}</script><script>${OAUTH_POPUP_SCRIPT}</script></body></html>`;
  return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}
