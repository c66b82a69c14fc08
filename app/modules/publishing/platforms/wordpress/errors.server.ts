import { htmlToText } from "#app/utils/text";
import { describeResponse, errorFromResponse, type PlatformResponse } from "../../http.server";
import { PublishError } from "../../types";

/**
 * WordPress's refusals as PublishError kinds with plain words and the customer's fix:
 * the codes of core, Application Passwords and the security plugins and hosts we met.
 */

const NAME = "WordPress";

/** WordPress messages may hold HTML (`<strong>Error:</strong>`) and entities. */
export function plainMessage(message: unknown): string {
  return typeof message === "string" ? htmlToText(message).replace(/\s+/g, " ").trim() : "";
}

export const FIX = {
  headerStripped:
    "Your web host removes the login header before WordPress sees it. Add to the site's .htaccess (Apache): SetEnvIf Authorization \"(.*)\" HTTP_AUTHORIZATION=$1 — or on nginx: fastcgi_pass_header Authorization; — then click Check again. Your host's support can do this for you.",
  wrongPassword:
    "In WordPress open Users → Profile → Application Passwords, create a new one named Inkpilot and enter it as username:application_password. The username is your WordPress login name (or email), not the name you gave the application password.",
  appPasswordsDisabled:
    "WordPress offers Application Passwords only on sites served over https://: switch the site to HTTPS. If it already is, a security plugin turned them off — in Wordfence: Login Security → Settings → untick “Disable WordPress application passwords” (Solid Security and others have a similar setting).",
  securityPlugin:
    "Allow Inkpilot through your security plugin or firewall: in Wordfence allow Application Passwords (Login Security → Settings) and add /wp-json/ to Firewall → Allowlisted URLs (or allow-list Inkpilot's requests); in other plugins (Solid Security, All In One WP Security) or your host's firewall (Cloudflare, ModSecurity) allow REST API requests with application passwords.",
  restDisabled:
    "Turn the REST API back on: deactivate plugins such as “Disable REST API” or the REST option of your security plugin, and make sure your host does not block /wp-json/ (or ?rest_route=).",
  role: "Connect with a WordPress user whose role is Author, Editor or Administrator, or ask an administrator to change this user's role.",
  redirect: "Reconnect with the site's final address (for example https://www.example.com instead of http://example.com).",
};

const AUTH_CODES = new Set(["invalid_username", "invalid_email", "incorrect_password", "empty_username", "empty_password"]);

/** Every WordPress error code we know turned into a PublishError kind and plain words. */
export function wordpressError(response: PlatformResponse, context = "the request"): PublishError {
  const detail = describeResponse(response);
  let code = "";
  let message = "";
  let data: Record<string, unknown> = {};
  let isJson = false;
  try {
    const body = response.json<{ code?: string; message?: string; data?: Record<string, unknown> }>();
    if (body && typeof body === "object" && !Array.isArray(body)) {
      isJson = true;
      code = String(body.code ?? "");
      message = plainMessage(body.message);
      data = body.data && typeof body.data === "object" ? body.data : {};
    }
  } catch {
    // Not JSON: an HTML error page (firewall, host) or nothing.
  }
  const status = response.status;
  const said = message ? ` WordPress said: “${message}”` : "";
  const err = (kind: ConstructorParameters<typeof PublishError>[0], text: string, fix?: string) =>
    new PublishError(kind, text, { detail: `${context}: ${detail}`.slice(0, 200 + context.length + 2), fix: fix ?? null });

  if (status >= 300 && status < 400)
    return err("config", "WordPress redirected the request to another address, so nothing was saved.", FIX.redirect);
  if (code === "rest_not_logged_in") {
    return err(
      "config",
      "Your login details did not reach WordPress: the web host removed them, so WordPress saw Inkpilot as logged out.",
      FIX.headerStripped,
    );
  }
  if (AUTH_CODES.has(code)) return err("auth", `WordPress rejected the username or application password.${said}`, FIX.wrongPassword);
  if (code === "application_passwords_disabled" || code === "application_passwords_disabled_for_user") {
    return err(
      "config",
      "Application Passwords are turned off on this WordPress site, so Inkpilot cannot sign in.",
      FIX.appPasswordsDisabled,
    );
  }
  if (code === "rest_cannot_publish")
    return err("config", "This WordPress user may write drafts but not publish or schedule posts.", FIX.role);
  if (code === "rest_cannot_create" && status === 401) {
    return err("auth", `WordPress did not accept the login for ${context}.${said}`, FIX.wrongPassword);
  }
  if (code === "rest_cannot_create" || code === "rest_cannot_edit" || code === "rest_cannot_edit_others" || code === "rest_cannot_upload") {
    return err("config", `This WordPress user is not allowed to do ${context}.${said}`, FIX.role);
  }
  if (code === "rest_no_route") return err("config", "The WordPress REST API is switched off or blocked on this site.", FIX.restDisabled);
  if (code === "rest_post_invalid_id") return err("not_found", "The post no longer exists in WordPress (it was deleted there).");
  if (code === "rest_invalid_param") {
    const params = data.params && typeof data.params === "object" ? Object.entries(data.params as Record<string, unknown>) : [];
    const list = params.map(([key, value]) => `${key}: ${plainMessage(value).replace(/\.$/, "")}`).join("; ");
    return err("invalid", `WordPress refused the post: ${list || message || "invalid field"}.`);
  }
  if (code === "rest_upload_hash_mismatch") return err("transient", "The image arrived damaged at WordPress; it will be sent again.");
  if (code === "rest_upload_sideload_error" || code.startsWith("rest_upload_")) {
    return err("invalid", `WordPress refused the image.${said || " Its file type or size is not allowed on this site."}`);
  }
  if (code === "term_exists") return err("invalid", `WordPress says the term already exists.${said}`);
  if (status === 429) return errorFromResponse(NAME, response);
  if (status >= 500) return errorFromResponse(NAME, response);
  if (status === 401 || status === 403) {
    // Valid credentials answered by a non-WordPress code or an HTML page: a security plugin or firewall.
    if (!isJson || !code || code === "rest_forbidden" || code === "rest_cannot_access" || !code.startsWith("rest_")) {
      return err(
        "config",
        `A security plugin or firewall on your site blocked Inkpilot's request (HTTP ${status}) although the login details may be right.${said}`,
        FIX.securityPlugin,
      );
    }
    return err(
      status === 401 ? "auth" : "config",
      `WordPress refused ${context} (HTTP ${status}).${said}`,
      status === 401 ? FIX.wrongPassword : FIX.role,
    );
  }
  if (status === 404 && !isJson)
    return err("config", "WordPress answered “not found” for its own REST API: the address or the REST API is blocked.", FIX.restDisabled);
  return errorFromResponse(NAME, response, message ? `WordPress refused ${context}: ${message}` : undefined);
}
