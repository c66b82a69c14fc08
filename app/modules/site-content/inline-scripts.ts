import crypto from "node:crypto";
import { WIX_INSTALLED_SCRIPT } from "#app/modules/publishing/platforms/wix/installed-page";
import { OAUTH_POPUP_SCRIPT } from "#app/modules/publishing/oauth-popup";
import { TOOL_SCRIPT } from "#app/modules/tools/tool-script";

/**
 * Inline scripts whose text never changes are allowed by their SHA-256 in the
 * CSP rather than a nonce, so pages carrying them stay identical for every
 * visitor and can be served from the page cache as stored bytes.
 */
const STATIC_INLINE_SCRIPTS = [TOOL_SCRIPT, WIX_INSTALLED_SCRIPT, OAUTH_POPUP_SCRIPT];

export const inlineScriptHashes = STATIC_INLINE_SCRIPTS.map(
  (text) => `'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`,
);
