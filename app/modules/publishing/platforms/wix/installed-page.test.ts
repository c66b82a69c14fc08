import crypto from "node:crypto";
import { describe, expect, test } from "vitest";
import { inlineScriptHashes } from "#app/modules/site-content/inline-scripts";
import { renderWixInstalledPage, WIX_INSTALLED_SCRIPT } from "./installed-page";

describe("/wix-installed page", () => {
  test("its script is allowed by hash in the CSP and posts the installed message to our own origin, closing after 600 ms", () => {
    const hash = `'sha256-${crypto.createHash("sha256").update(WIX_INSTALLED_SCRIPT, "utf8").digest("base64")}'`;
    expect(inlineScriptHashes).toContain(hash);
    expect(WIX_INSTALLED_SCRIPT).toContain('{provider:"wix",status:"installed"}');
    expect(WIX_INSTALLED_SCRIPT).toContain("postMessage(message,window.location.origin)");
    expect(WIX_INSTALLED_SCRIPT).toContain("setTimeout(function(){window.close()},600)");
    const html = renderWixInstalledPage({ connected: true, code: null });
    expect(html).toContain(`<script>${WIX_INSTALLED_SCRIPT}</script>`);
    expect(html).toContain('data-status="connected"');
    expect(html).toContain('href="/dashboard/settings?tab=integrations"');
  });

  test("a failure shows a fixed sentence for its code, never text from the URL", () => {
    const html = renderWixInstalledPage({ connected: false, code: "denied" });
    expect(html).toContain('data-status="error"');
    expect(html).toContain("was not installed on your Wix site");
    const unknown = renderWixInstalledPage({ connected: false, code: "<script>alert(1)</script>" });
    expect(unknown).not.toContain("alert(1)");
    expect(unknown).toContain("Connection failed. Please try again.");
  });
});
