import crypto from "node:crypto";
import { describe, expect, test } from "vitest";
import { inlineScriptHashes } from "#app/modules/site-content/inline-scripts";
import { OAUTH_POPUP_SCRIPT, oauthPopupPage } from "./oauth-popup";

describe("oauthPopupPage", () => {
  test("carries the message as JSON that cannot close its script element", async () => {
    const page = await oauthPopupPage(
      { type: "wordpress_com_oauth_error", error: "</script><script>alert(1)</script>" },
      "/dashboard",
    ).text();
    expect(page).not.toContain("</script><script>alert(1)");
    const json = /<script type="application\/json" id="oauth-result">(.*?)<\/script>/.exec(page)![1]!;
    expect(JSON.parse(json)).toEqual({
      message: { type: "wordpress_com_oauth_error", error: "</script><script>alert(1)</script>" },
      fallback: "/dashboard",
    });
    expect(page).toContain("Connection failed: &lt;/script&gt;");
  });

  test("its script is allowed by hash in the CSP and never cached", () => {
    const hash = `'sha256-${crypto.createHash("sha256").update(OAUTH_POPUP_SCRIPT, "utf8").digest("base64")}'`;
    expect(inlineScriptHashes).toContain(hash);
    expect(oauthPopupPage({ type: "wordpress_com_connected", success: true }, "/x").headers.get("Cache-Control")).toBe("no-store");
  });
});
