import { describeResponse, errorFromResponse, platformRequest, type PlatformRequest, type PlatformResponse } from "../../http.server";
import { PublishError } from "../../types";
import { plainMessage } from "../wordpress/errors.server";
import { wordpressComUrl } from "./oauth.server";
import type { AdapterContext } from "../../types";

/**
 * WordPress.com's REST API v1.1 with the OAuth token of the chosen blog: the
 * connection's config, what the site answers about its plan and plugins, and
 * WordPress.com's refusals as PublishError kinds.
 */

const NAME = "WordPress.com";
const API = "/rest/v1.1";

export type WordPressComConfig = {
  blogId: string;
  blogUrl: string;
  userId: number | null;
  userLogin: string;
  /** simple: hosted; atomic: hosted with plugins; jetpack: a self-hosted site connected through Jetpack. */
  hosting: "simple" | "atomic" | "jetpack";
  /** The plan has WordPress.com's SEO tools (feature `advanced-seo`). */
  seoTools: boolean;
  category: string | null;
};

export const RECONNECT = "Reconnect WordPress.com in Settings → Integrations and choose this site when WordPress.com asks.";
export const ROLE_FIX =
  "Ask the site's owner to make your WordPress.com account an Author, Editor or Administrator of this site, then Check again.";

/** v1.1 answers `{error, message}`; the token endpoints `{error, error_description}`. */
export function wordpressComError(response: PlatformResponse, context = "the request"): PublishError {
  let code = "";
  let said = "";
  try {
    const body = response.json<{ error?: unknown; message?: unknown }>();
    if (body && typeof body === "object") {
      code = typeof body.error === "string" ? body.error : "";
      said = plainMessage(body.message);
    }
  } catch {
    // An HTML error page: the generic reading below applies.
  }
  const detail = `${context}: ${describeResponse(response)}`;
  const err = (kind: ConstructorParameters<typeof PublishError>[0], message: string, fix: string | null = null) =>
    new PublishError(kind, message, { detail, fix });
  if (response.status === 429 || response.status >= 500) return errorFromResponse(NAME, response);
  if (code === "invalid_token" || code === "authorization_required" || response.status === 401) {
    return err(
      "auth",
      "WordPress.com no longer accepts Inkpilot's access to this site (it was revoked or expired). Reconnect it in Settings → Integrations.",
      RECONNECT,
    );
  }
  if (response.status === 403) {
    // A single-blog token used for another site is refused with 403: only reconnecting fixes it.
    if (/token|blog/i.test(said))
      return err("auth", `WordPress.com refused ${context}: this connection is not for this site.${said ? ` (${said})` : ""}`, RECONNECT);
    return err(
      "config",
      `WordPress.com refused ${context}: your account is not allowed to do this on this site.${said ? ` It said: “${said}”` : ""}`,
      ROLE_FIX,
    );
  }
  if (code === "unknown_post") return err("not_found", "The post no longer exists on WordPress.com (it was deleted there).");
  if (code === "unknown_blog")
    return err("config", "WordPress.com does not know this site any more (deleted, moved or made private).", RECONNECT);
  if (code === "invalid_input" || code === "upload_error")
    return err("invalid", `WordPress.com refused ${context}${said ? `: ${said}` : "."}`);
  return errorFromResponse(NAME, response, said ? `WordPress.com refused ${context}: ${said}` : undefined);
}

type Ctx = { correlationId: string; signal: AbortSignal };
export const ok = (response: PlatformResponse) => response.status >= 200 && response.status < 300;

export async function call(
  ctx: Ctx,
  token: string,
  method: NonNullable<PlatformRequest["method"]>,
  path: string,
  context: string,
  request: Omit<PlatformRequest, "method"> & { query?: Record<string, string> } = {},
) {
  const { query, ...rest } = request;
  const url = wordpressComUrl(`${API}${path}${query ? `?${new URLSearchParams(query)}` : ""}`);
  const response = await platformRequest(ctx, url, { ...rest, method, headers: { ...rest.headers, Authorization: `Bearer ${token}` } });
  if (!ok(response)) throw wordpressComError(response, context);
  const body = response.json<unknown>();
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    throw new PublishError("transient", `WordPress.com sent an answer we could not read for ${context}.`, {
      detail: describeResponse(response),
    });
  }
  return body as Record<string, unknown>;
}

export function readConfig(config: AdapterContext["config"]): WordPressComConfig {
  const blogId = typeof config.blogId === "string" ? config.blogId : "";
  if (!/^\d+$/.test(blogId)) throw new PublishError("config", "This WordPress.com connection does not name its site.", { fix: RECONNECT });
  const hosting = config.hosting === "atomic" || config.hosting === "jetpack" ? config.hosting : "simple";
  return {
    blogId,
    blogUrl: typeof config.blogUrl === "string" ? config.blogUrl : "",
    userId: typeof config.userId === "number" ? config.userId : null,
    userLogin: typeof config.userLogin === "string" ? config.userLogin : "",
    hosting,
    seoTools: config.seoTools === true,
    category: typeof config.category === "string" && config.category.trim() ? config.category.trim() : null,
  };
}

export const token = (ctx: Pick<AdapterContext, "credentials">) => ctx.credentials.accessToken ?? "";

export type V11Site = {
  ID?: number;
  name?: string;
  URL?: string;
  jetpack?: boolean;
  is_wpcom_atomic?: boolean;
  capabilities?: Record<string, boolean>;
  plan?: { product_slug?: string; features?: { active?: string[] } };
  options?: { is_automated_transfer?: boolean };
};
export type V11Post = {
  ID?: number;
  URL?: string;
  status?: string;
  slug?: string;
  title?: string;
  author?: { ID?: number };
  metadata?: unknown;
};

export function siteFacts(site: V11Site) {
  const atomic = site.is_wpcom_atomic === true || site.options?.is_automated_transfer === true;
  return {
    hosting: (atomic ? "atomic" : site.jetpack ? "jetpack" : "simple") as WordPressComConfig["hosting"],
    seoTools: (site.plan?.features?.active ?? []).includes("advanced-seo"),
  };
}
