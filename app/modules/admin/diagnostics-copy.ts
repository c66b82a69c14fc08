/**
 * The texts of the operator diagnostics pages (docs/product.md error catalogue,
 * "Admin integration settings" and "Integrations page"), shared by the server
 * modules and the pages.
 */

export const SETTINGS_MESSAGES = {
  saved: "Configuration updated successfully",
  saveFailed: "Failed to update configuration",
  valid: (name: string) => `${name} OAuth configuration is valid`,
  incomplete: "Configuration incomplete - missing Client ID or Client Secret",
  testFailed: "Failed to test connection",
  clientIdRequired: "Client ID is required",
} as const;

export const DIAG_MESSAGES = {
  healthFailed: "Health Check Failed",
  healthIssues: "Connection appears to have issues",
  healthOk: "Connection is healthy",
  testFailed: "Test Publish Failed",
  testOk: "Test post sent",
  noConnection: "That connection does not exist.",
  disconnected: "This connection is disconnected; there is nothing to check.",
  builtin: "The hosted blog is served by Inkpilot itself; there is no remote site to send a test post to.",
  noDraft: "This platform cannot hold a draft, so a test post would go live on the customer's site. Test publish is not offered.",
} as const;

export const SHOPIFY_DEBUG_MESSAGES = { debugFailed: "Debug Failed", oauthStartFailed: "OAuth Start Failed" } as const;

export const SHOPIFY_COMMON_ISSUES = [
  {
    title: "Callback URL mismatch",
    detail: "The app's allowed redirection URLs in the Shopify Partner dashboard must list this server's /shopify/callback exactly.",
  },
  {
    title: "App not approved for the development store",
    detail: "An unlisted app installs only on stores it was shared with; install it on the dev store from the Partner dashboard first.",
  },
  {
    title: "Signature (HMAC) check failing",
    detail:
      "The client secret here differs from the app's, or it was rotated: set the new secret and keep the previous one while Shopify switches.",
  },
  {
    title: "State missing or expired",
    detail: "The install took longer than 10 minutes, was started twice, or the callback was opened again: start connecting again.",
  },
] as const;
