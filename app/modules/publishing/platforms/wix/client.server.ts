import { describeResponse, platformRequest, retryAfterMs, type PlatformRequest, type PlatformResponse } from "../../http.server";
import { PublishError, type AdapterContext, type RemotePost } from "../../types";
import { dropWixToken, normalizeInstanceId, wixAccessToken, wixApiUrl } from "./install.server";

/**
 * Requests to Wix's REST API as the installed app (an instance token per call),
 * Wix's refusals as PublishError kinds, and the site member posts are authored by.
 */

/** Wix refuses posts above this size (the whole draft post). */
export const WIX_MAX_POST_BYTES = 400 * 1024;
/** Wix's rate limit: 200 requests a minute per site; without Retry-After, wait out the minute. */
const DEFAULT_RETRY_AFTER_MS = 60_000;
export const MAX_TAGS = 30;
/** Used for an image whose size nothing tells (Ricos needs one; the ratio only affects layout). */
export const FALLBACK_SIZE = { width: 1600, height: 900 };

export const reconnect = "Reconnect Wix in Settings → Integrations.";
export const MEMBER_FIX =
  "Create a site member: reconnect Wix and Inkpilot creates one with the workspace owner's email, or add a member in your Wix dashboard (Contacts → Site Members), then click Check again.";
export const BLOG_FIX =
  "Add Wix Blog to your site from the Wix App Market (in the Wix editor: Add Apps → search 'Wix Blog'), then click Check again.";

export type Session = { instanceId: string; correlationId: string; signal: AbortSignal; log: AdapterContext["log"] };

type WixErrorBody = {
  message?: string;
  details?: {
    applicationError?: { code?: string; description?: string };
    validationError?: { fieldViolations?: Array<{ field?: string; description?: string }> };
  };
};

export type WixDraft = {
  id: string;
  title?: string;
  status?: string;
  seoSlug?: string;
  memberId?: string;
  url?: { base?: string; path?: string } | string;
  seoData?: { tags?: Array<{ type?: string; children?: string; props?: Record<string, string> }> };
  hasUnpublishedChanges?: boolean;
};

export type WixFile = { id?: string; url?: string; media?: { image?: { image?: { width?: number; height?: number } } } };

export function session(ctx: Pick<AdapterContext, "correlationId" | "signal" | "log">, instanceId: unknown): Session {
  const id = normalizeInstanceId(instanceId);
  if (!id)
    throw new PublishError("config", `This Wix connection does not say which site it is for. ${reconnect}`, {
      detail: "instanceId missing",
      fix: reconnect,
    });
  return { instanceId: id, correlationId: ctx.correlationId, signal: ctx.signal, log: ctx.log.bind(ctx) };
}

export function sessionFrom(ctx: AdapterContext) {
  return session(ctx, ctx.credentials.instanceId ?? ctx.config.instanceId);
}

export function readJson<T>(response: PlatformResponse): T {
  return response.json<T>();
}

function wixMessage(response: PlatformResponse) {
  try {
    const body = JSON.parse(response.text) as WixErrorBody;
    const violations = body.details?.validationError?.fieldViolations ?? [];
    const parts = [
      body.message,
      body.details?.applicationError?.description,
      ...violations.map((v) => [v.field, v.description].filter(Boolean).join(": ")),
    ].filter((p): p is string => Boolean(p && p.trim()));
    return [...new Set(parts)].join("; ").slice(0, 300);
  } catch {
    return "";
  }
}

/** A refused answer in plain words; `what` names what we were doing ("saving the post"). */
export function wixError(response: PlatformResponse, what: string): PublishError {
  const detail = describeResponse(response);
  const said = wixMessage(response);
  if (response.status === 429)
    return new PublishError("rate_limit", "Wix asked us to slow down (200 requests a minute per site); publishing will retry shortly.", {
      detail,
      retryAfterMs: retryAfterMs(response.headers) ?? DEFAULT_RETRY_AFTER_MS,
    });
  if (response.status >= 500)
    return new PublishError("transient", `Wix had a temporary problem while ${what} (HTTP ${response.status}).`, { detail });
  if (response.status === 401)
    return new PublishError("auth", `Wix no longer accepts Inkpilot's access to this site. ${reconnect}`, { detail, fix: reconnect });
  if (/missing post owner/i.test(said))
    return new PublishError("config", "Wix needs a site member as the post's author, and this site has none Inkpilot can use.", {
      detail,
      fix: MEMBER_FIX,
    });
  if (response.status === 403)
    return new PublishError("config", `Wix refused ${what}${said ? `: ${said}` : ""}.`, {
      detail,
      fix: "Check that Wix Blog is installed on your site and that the Inkpilot app has every permission it asks for (reconnect Wix to grant them).",
    });
  if (response.status === 404) return new PublishError("not_found", `Wix could not find it while ${what}.`, { detail });
  if (response.status === 409)
    return new PublishError("conflict", `Wix reported a conflict while ${what}${said ? `: ${said}` : ""}.`, { detail });
  if (response.status >= 300 && response.status < 400)
    return new PublishError("transient", `Wix redirected the request while ${what}.`, { detail });
  return new PublishError("invalid", `Wix refused ${what}${said ? `: ${said}` : ` (HTTP ${response.status})`}.`, { detail });
}

/** One authorized call; a 401 drops the cached token and tries once more with a new one. Returns only 2xx answers. */
export async function wixCall(s: Session, path: string, request: PlatformRequest, what: string): Promise<PlatformResponse> {
  for (let attempt = 0; ; attempt++) {
    const token = await wixAccessToken(s, s.instanceId);
    const response = await platformRequest(s, wixApiUrl(path), {
      ...request,
      headers: { ...request.headers, Authorization: `Bearer ${token}` },
    });
    if (response.status === 401 && attempt === 0) {
      dropWixToken(s.instanceId);
      await s.log("info", "token_remint", "Wix answered 401; minting a new access token");
      continue;
    }
    if (response.status >= 200 && response.status < 300) return response;
    throw wixError(response, what);
  }
}

/** The public URL Wix reports ({base, path} or a string). */
function urlOf(draft: WixDraft): string | null {
  if (typeof draft.url === "string") return draft.url || null;
  if (draft.url?.base || draft.url?.path) return `${(draft.url.base ?? "").replace(/\/$/, "")}${draft.url.path ?? ""}`;
  return null;
}

export function remoteOf(draft: WixDraft): RemotePost {
  const status = (draft.status ?? "UNKNOWN").toLowerCase();
  return { remoteId: draft.id, url: urlOf(draft), status, live: draft.status === "PUBLISHED" };
}

// ---------------------------------------------------------------------------
// Members

type Member = { id: string };

export async function firstMember(s: Session): Promise<Member | null> {
  const response = await wixCall(s, "/members/v1/members?fieldsets=PUBLIC&paging.limit=1", {}, "reading the site's members");
  const members = readJson<{ members?: Member[] }>(response).members ?? [];
  return members[0]?.id ? members[0] : null;
}

/**
 * A site member to author posts: the first existing one, or (when the site has
 * none) a new member with the given email. Connecting is the customer's consent
 * to this, and the card says so. Null when there is none and no email.
 */
export async function ensureWixMember(s: Session, input: { email: string | null; nickname?: string }) {
  const existing = await firstMember(s);
  if (existing) return { memberId: existing.id, created: false };
  if (!input.email) return null;
  const response = await wixCall(
    s,
    "/members/v1/members",
    {
      method: "POST",
      json: { member: { loginEmail: input.email, ...(input.nickname ? { profile: { nickname: input.nickname } } : {}) } },
    },
    "creating a site member to author posts",
  );
  const member = readJson<{ member?: Member }>(response).member;
  if (!member?.id)
    throw new PublishError("transient", "Wix sent an answer we could not read while creating a site member.", {
      detail: describeResponse(response),
    });
  await s.log("info", "member_created", `site member created to author posts (${member.id})`);
  return { memberId: member.id, created: true };
}
