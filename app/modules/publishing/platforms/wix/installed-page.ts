/**
 * The `/wix-installed` page (docs/product.md "Wix installed"): the last stop of the
 * Wix installer popup. It tells the window that opened it how connecting went
 * ({provider: "wix", status: "installed"} on success) and closes itself after
 * 0.6 s; opened without a popup it is an ordinary page with a link back.
 *
 * The script never changes, so the CSP allows it by its hash
 * (app/modules/site-content/inline-scripts.ts) and the page needs no nonce.
 * Messages go only to our own origin; the error text comes from the page
 * (a fixed sentence chosen by code on the server), never from the URL.
 */

export const WIX_INSTALLED_PATH = "/wix-installed";

export const WIX_INSTALLED_SCRIPT = `(function(){var ok=document.body.getAttribute("data-status")==="connected";var message=ok?{provider:"wix",status:"installed"}:{type:"wix_oauth_error",provider:"wix",status:"error",error:document.body.getAttribute("data-error")||"Connection failed"};var opener=window.opener;if(!opener||opener.closed)return;try{opener.postMessage(message,window.location.origin)}catch(e){}setTimeout(function(){window.close()},600)})();`;

/** Fixed sentences by failure code; anything unknown reads as the generic one. */
const MESSAGES: Record<string, string> = {
  not_configured: "Connecting Wix is not set up on this Inkpilot server yet.",
  denied: "The Inkpilot app was not installed on your Wix site. Connect again and approve the installation.",
  state: "This connection attempt expired or was already used. Start connecting again.",
  instance: "Wix did not say which site the app was installed on. Start connecting again.",
  token: "Wix did not let Inkpilot into the site after installing. Please try connecting again.",
  taken: "This Wix site is already connected to another Inkpilot workspace. Disconnect it there first.",
  forbidden: "Only workspace owners and admins can connect Wix.",
  connect: "Connection failed. Please try again.",
};

function wixInstalledMessage(code: string | null) {
  return (code && MESSAGES[code]) || MESSAGES.connect!;
}

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export function renderWixInstalledPage(input: { connected: boolean; code: string | null }) {
  const error = input.connected ? "" : wixInstalledMessage(input.code);
  const title = input.connected ? "Wix is connected" : "Wix was not connected";
  const body = input.connected ? "Inkpilot can now publish to your Wix blog. This window closes by itself." : error;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(title)} · Inkpilot</title>
<style>body{font-family:system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f8fafc;color:#0f172a}main{max-width:28rem;padding:2rem;text-align:center}a{color:#4338ca}</style>
</head>
<body data-status="${input.connected ? "connected" : "error"}" data-error="${escape(error)}">
<main>
<h1>${escape(title)}</h1>
<p>${escape(body)}</p>
<p><a href="/dashboard/settings?tab=integrations">Back to Integrations</a></p>
</main>
<script>${WIX_INSTALLED_SCRIPT}</script>
</body>
</html>`;
}
