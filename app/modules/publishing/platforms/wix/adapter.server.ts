import { describeResponse, platformRequest, retryAfterMs, type PlatformRequest, type PlatformResponse } from "../../http.server";
import {
  PublishError,
  type AdapterContext,
  type ConnectionConfig,
  type DoctorCheck,
  type MediaFile,
  type PostInput,
  type PublishingAdapter,
  type RemotePost,
  type UploadedMedia,
} from "../../types";
import { dropWixToken, normalizeInstanceId, wixAccessToken, wixApiUrl } from "./install.server";
import { htmlToRicos, imageSources, ricosViolations, type RicosImage } from "./ricos";
import { check } from "../doctor";

/**
 * Wix Blog through the Inkpilot app for Wix (integrations.md §4), plain REST
 * over platformRequest (Wix's SDK brings its own auth model we do not use).
 * Access: a client-credentials token per app instance (wix/install.server.ts),
 * re-minted once on a 401. Posts are draft posts with a site member as author,
 * Ricos rich content built by wix/ricos.ts with images imported into the
 * Media Manager first, SEO title and description in `seoData`, then published
 * when the mode is live. The update answer omits seoData, so updates read the
 * draft back to confirm it.
 */

/** Wix refuses posts above this size (the whole draft post). */
export const WIX_MAX_POST_BYTES = 400 * 1024;
/** Wix's rate limit: 200 requests a minute per site; without Retry-After, wait out the minute. */
const DEFAULT_RETRY_AFTER_MS = 60_000;
const MAX_TAGS = 30;
/** Used for an image whose size nothing tells (Ricos needs one; the ratio only affects layout). */
const FALLBACK_SIZE = { width: 1600, height: 900 };

const reconnect = "Reconnect Wix in Settings → Integrations.";
const MEMBER_FIX =
  "Create a site member: reconnect Wix and Inkpilot creates one with the workspace owner's email, or add a member in your Wix dashboard (Contacts → Site Members), then click Check again.";
const BLOG_FIX =
  "Add Wix Blog to your site from the Wix App Market (in the Wix editor: Add Apps → search 'Wix Blog'), then click Check again.";

type Session = { instanceId: string; correlationId: string; signal: AbortSignal; log: AdapterContext["log"] };

type WixErrorBody = {
  message?: string;
  details?: {
    applicationError?: { code?: string; description?: string };
    validationError?: { fieldViolations?: Array<{ field?: string; description?: string }> };
  };
};

type WixDraft = {
  id: string;
  title?: string;
  status?: string;
  seoSlug?: string;
  memberId?: string;
  url?: { base?: string; path?: string } | string;
  seoData?: { tags?: Array<{ type?: string; children?: string; props?: Record<string, string> }> };
  hasUnpublishedChanges?: boolean;
};

type WixFile = { id?: string; url?: string; media?: { image?: { image?: { width?: number; height?: number } } } };

function session(ctx: Pick<AdapterContext, "correlationId" | "signal" | "log">, instanceId: unknown): Session {
  const id = normalizeInstanceId(instanceId);
  if (!id)
    throw new PublishError("config", `This Wix connection does not say which site it is for. ${reconnect}`, {
      detail: "instanceId missing",
      fix: reconnect,
    });
  return { instanceId: id, correlationId: ctx.correlationId, signal: ctx.signal, log: ctx.log.bind(ctx) };
}

function sessionFrom(ctx: AdapterContext) {
  return session(ctx, ctx.credentials.instanceId ?? ctx.config.instanceId);
}

function readJson<T>(response: PlatformResponse): T {
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
async function wixCall(s: Session, path: string, request: PlatformRequest, what: string): Promise<PlatformResponse> {
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

function remoteOf(draft: WixDraft): RemotePost {
  const status = (draft.status ?? "UNKNOWN").toLowerCase();
  return { remoteId: draft.id, url: urlOf(draft), status, live: draft.status === "PUBLISHED" };
}

// ---------------------------------------------------------------------------
// Members

type Member = { id: string };

async function firstMember(s: Session): Promise<Member | null> {
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

// ---------------------------------------------------------------------------
// Media

/** Sizes of the files this process uploaded, so posts need no extra call to learn them. */
const knownSizes = new Map<string, { width: number; height: number }>();
function rememberSize(id: string, file: MediaFile) {
  if (!file.width || !file.height) return;
  if (knownSizes.size > 5000) knownSizes.delete(knownSizes.keys().next().value!);
  knownSizes.set(id, { width: file.width, height: file.height });
}

/** The Media Manager file id in a Wix media URL (`https://static.wixstatic.com/media/{id}`). */
export function wixFileIdFromUrl(src: string): string | null {
  try {
    const match = /\/media\/([\w.~-]+)$/.exec(new URL(src).pathname);
    return match ? match[1]! : null;
  } catch {
    return null;
  }
}

async function uploadBytes(s: Session, file: MediaFile): Promise<WixFile> {
  const generated = await wixCall(
    s,
    "/site-media/v1/files/generate-upload-url",
    { method: "POST", json: { mimeType: file.mimeType, fileName: file.filename } },
    "preparing an image upload",
  );
  const uploadUrl = readJson<{ uploadUrl?: string }>(generated).uploadUrl;
  if (!uploadUrl)
    throw new PublishError("transient", "Wix did not give an upload address for the image.", { detail: describeResponse(generated) });
  const target = new URL(uploadUrl);
  target.searchParams.set("filename", file.filename);
  // The upload URL carries its own token: no Authorization header.
  const put = await platformRequest(s, target.toString(), { method: "PUT", headers: { "Content-Type": file.mimeType }, body: file.bytes });
  if (put.status < 200 || put.status >= 300) throw wixError(put, "uploading an image");
  return readJson<{ file?: WixFile }>(put).file ?? {};
}

async function importByUrl(s: Session, file: MediaFile): Promise<WixFile> {
  const response = await wixCall(
    s,
    "/site-media/v1/files/import",
    { method: "POST", json: { url: file.publicUrl, mimeType: file.mimeType, displayName: file.filename } },
    "importing an image into the Media Manager",
  );
  return readJson<{ file?: WixFile }>(response).file ?? {};
}

// ---------------------------------------------------------------------------
// Posts

/** Tag ids for the post's tags, creating the missing ones; tags are a nicety, so a failure only logs. */
async function tagIds(s: Session, labels: string[]): Promise<string[]> {
  const wanted = [...new Set(labels.map((l) => l.trim()).filter(Boolean))].slice(0, MAX_TAGS);
  if (!wanted.length) return [];
  try {
    const found = await wixCall(
      s,
      "/blog/v3/tags/query",
      { method: "POST", json: { query: { filter: { label: { $in: wanted } }, paging: { limit: 100 } } } },
      "reading blog tags",
    );
    const tags = readJson<{ tags?: Array<{ id: string; label: string }> }>(found).tags ?? [];
    const ids: string[] = [];
    for (const label of wanted) {
      const tag = tags.find((t) => t.label.toLowerCase() === label.toLowerCase());
      if (tag) {
        ids.push(tag.id);
        continue;
      }
      const created = await wixCall(s, "/blog/v3/tags", { method: "POST", json: { label } }, "creating a blog tag");
      const id = readJson<{ tag?: { id?: string } }>(created).tag?.id;
      if (id) ids.push(id);
    }
    return ids;
  } catch (error) {
    if (error instanceof PublishError && (error.kind === "auth" || error.kind === "rate_limit")) throw error;
    await s.log("warn", "tags_skipped", error instanceof Error ? error.message : String(error));
    return [];
  }
}

/** Media Manager file, width and height for every image of the post (Ricos requires both sizes). */
async function resolveImages(s: Session, post: PostInput) {
  const resolved = new Map<string, RicosImage>();
  for (const image of imageSources(post.html)) {
    if (resolved.has(image.src)) continue;
    const id = wixFileIdFromUrl(image.src);
    if (!id) continue;
    let size: { width: number; height: number } | null =
      image.width && image.height ? { width: image.width, height: image.height } : (knownSizes.get(id) ?? null);
    if (!size) {
      const file = post.images.find((f) => f.alt === image.alt && f.width && f.height);
      if (file) size = { width: file.width!, height: file.height! };
    }
    if (!size) {
      try {
        const response = await wixCall(s, `/site-media/v1/files/get-file-by-id?fileId=${encodeURIComponent(id)}`, {}, "reading an image");
        const dims = readJson<{ file?: WixFile }>(response).file?.media?.image?.image;
        if (dims?.width && dims.height) size = { width: dims.width, height: dims.height };
      } catch (error) {
        if (error instanceof PublishError && (error.kind === "auth" || error.kind === "rate_limit")) throw error;
      }
    }
    if (!size) await s.log("warn", "image_size_unknown", `no size known for ${id}; using ${FALLBACK_SIZE.width}x${FALLBACK_SIZE.height}`);
    resolved.set(image.src, { id, ...(size ?? FALLBACK_SIZE) });
  }
  return resolved;
}

function seoData(post: PostInput) {
  const tags: Array<Record<string, unknown>> = [];
  if (post.metaTitle) tags.push({ type: "title", children: post.metaTitle, custom: true, disabled: false });
  if (post.metaDescription)
    tags.push({ type: "meta", props: { name: "description", content: post.metaDescription }, custom: true, disabled: false });
  return { tags, settings: { preventAutoRedirect: false, keywords: post.keyword ? [{ term: post.keyword, isMain: true }] : [] } };
}

async function draftBody(s: Session, ctx: AdapterContext, post: PostInput, featured: UploadedMedia | null, memberId: string | null) {
  const images = await resolveImages(s, post);
  const { document, warnings } = htmlToRicos(post.html, {
    resolveImage: (src) => images.get(src) ?? null,
    baseUrl: ctx.siteUrl || undefined,
  });
  for (const warning of warnings) await s.log("warn", "ricos", warning);
  const problems = ricosViolations(document);
  if (problems.length)
    throw new PublishError("invalid", "The article could not be turned into Wix rich content.", {
      detail: problems.join("; ").slice(0, 200),
    });
  const draftPost: Record<string, unknown> = {
    title: post.title.slice(0, 200),
    richContent: document,
    excerpt: post.excerpt.slice(0, 500),
    seoSlug: post.slug,
    seoData: seoData(post),
    tagIds: await tagIds(s, post.tags),
    commentingEnabled: true,
  };
  if (memberId) draftPost.memberId = memberId;
  if (featured) draftPost.media = { wixMedia: { image: { id: featured.remoteId } }, displayed: true, custom: true };
  const size = Buffer.byteLength(JSON.stringify(draftPost));
  if (size > WIX_MAX_POST_BYTES)
    throw new PublishError("invalid", "This article is too large for Wix, which takes posts up to 400 KB. Shorten it or split it in two.", {
      detail: `draft post ${size} bytes`,
    });
  return draftPost;
}

function memberOf(ctx: AdapterContext) {
  return typeof ctx.config.memberId === "string" && ctx.config.memberId ? ctx.config.memberId : null;
}

/** Runs a write with the stored author; if Wix says the author is missing (member deleted), once more with a current member. */
async function withAuthor<T>(s: Session, ctx: AdapterContext, write: (memberId: string | null) => Promise<T>): Promise<T> {
  const stored = memberOf(ctx);
  try {
    return await write(stored ?? (await firstMember(s))?.id ?? null);
  } catch (error) {
    if (!(error instanceof PublishError) || error.kind !== "config" || !/site member/.test(error.message) || !stored) throw error;
    const current = await firstMember(s);
    if (!current || current.id === stored) throw error;
    await s.log("warn", "member_changed", `stored author ${stored} refused; using ${current.id}`);
    return write(current.id);
  }
}

async function getDraft(s: Session, id: string): Promise<WixDraft | null> {
  try {
    const response = await wixCall(s, `/blog/v3/draft-posts/${encodeURIComponent(id)}?fieldsets=URL`, {}, "reading the post");
    const draft = readJson<{ draftPost?: WixDraft }>(response).draftPost;
    if (!draft?.id) throw new PublishError("transient", "Wix sent an answer we could not read.", { detail: describeResponse(response) });
    return draft.status === "DELETED" ? null : draft;
  } catch (error) {
    if (error instanceof PublishError && error.kind === "not_found") return null;
    throw error;
  }
}

async function publishDraft(s: Session, id: string) {
  await wixCall(s, `/blog/v3/draft-posts/${encodeURIComponent(id)}/publish`, { method: "POST", json: {} }, "publishing the post");
}

function seoWritten(draft: WixDraft, post: PostInput) {
  const tags = draft.seoData?.tags ?? [];
  const title = !post.metaTitle || tags.some((t) => t.type === "title" && t.children === post.metaTitle);
  const description =
    !post.metaDescription ||
    tags.some((t) => t.type === "meta" && t.props?.name === "description" && t.props.content === post.metaDescription);
  return title && description;
}

export const wixAdapter: PublishingAdapter = {
  facts: {
    platform: "wix",
    name: "Wix",
    description: "Your Wix site's blog, through the Inkpilot app for Wix.",
    connectKind: "oauth",
    supportsDraft: true,
    supportsSchedule: false,
    limitations: [
      "Wix Blog has no canonical URL field, so Inkpilot sets none; if the article also lives elsewhere, set its canonical link in the post's SEO settings in Wix.",
      "Wix posts need a site member as their author. If your site has none, connecting creates one with the workspace owner's email (you can change the author in Wix).",
      "Images are imported into your site's Wix Media Manager and the post uses those copies.",
      "Wix allows 200 requests a minute per site; big batches are paced and retried automatically.",
      "The Wix Blog app must be installed on your site.",
      "Disconnecting stops Inkpilot from publishing; to remove its access entirely, uninstall the Inkpilot app in your Wix dashboard.",
    ],
  },

  async connect(input, ctx) {
    const s = session(ctx, input.options.instanceId);
    // Proves the app is installed on the site and our credentials work.
    await wixAccessToken(s, s.instanceId);
    let site: { siteDisplayName?: string; url?: string; siteId?: string; ownerInfo?: { email?: string }; ownerEmail?: string } = {};
    try {
      const response = await wixCall(s, "/apps/v1/instance", {}, "reading the site's details");
      site = readJson<{ site?: typeof site }>(response).site ?? {};
    } catch (error) {
      if (error instanceof PublishError && error.kind === "auth") throw error;
      await s.log("warn", "connect.site_info", error instanceof Error ? error.message : String(error));
    }
    let member: { memberId: string; created: boolean } | null = null;
    try {
      const email = input.options.ownerEmail || site.ownerInfo?.email || site.ownerEmail || null;
      member = await ensureWixMember(s, { email, nickname: input.options.ownerName || undefined });
    } catch (error) {
      if (error instanceof PublishError && error.kind === "auth") throw error;
      // The doctor reports the missing author with its fix; the connection is still worth keeping.
      await s.log("warn", "connect.member", error instanceof Error ? error.message : String(error));
    }
    const config: ConnectionConfig = {
      instanceId: s.instanceId,
      wixSiteId: site.siteId ?? null,
      siteName: site.siteDisplayName ?? null,
      memberId: member?.memberId ?? null,
      memberCreated: member?.created ?? false,
    };
    return {
      siteUrl: site.url || input.siteUrl || `https://manage.wix.com/dashboard/${site.siteId ?? s.instanceId}`,
      name: site.siteDisplayName || "Wix site",
      credentials: { instanceId: s.instanceId },
      config,
    };
  },

  async doctor(ctx) {
    const checks: DoctorCheck[] = [];
    let s: Session;
    try {
      s = sessionFrom(ctx);
      await wixAccessToken(s, s.instanceId);
      checks.push(check("token", "Access to your Wix site", "pass", "Inkpilot's app is installed and Wix grants it access."));
    } catch (error) {
      const e = error instanceof PublishError ? error : null;
      checks.push(
        check(
          "token",
          "Access to your Wix site",
          "fail",
          e?.message ?? "Wix did not grant Inkpilot access to the site.",
          e?.fix ?? reconnect,
        ),
      );
      return checks;
    }

    const probe = async (id: string, label: string, run: () => Promise<DoctorCheck>) => {
      try {
        checks.push(await run());
      } catch (error) {
        const e = error instanceof PublishError ? error : new PublishError("transient", String(error));
        await s.log("warn", `doctor.${id}`, `${e.kind} ${e.detail}`);
        checks.push({
          id,
          label,
          state: e.kind === "transient" || e.kind === "rate_limit" ? "warn" : "fail",
          detail: e.message,
          fix: e.fix ?? "Click Check again in a minute.",
        });
      }
    };

    await probe("blog", "Wix Blog installed", async () => {
      try {
        await wixCall(s, "/blog/v3/draft-posts/query", { method: "POST", json: { query: { paging: { limit: 1 } } } }, "reading blog posts");
        return check("blog", "Wix Blog installed", "pass", "Wix Blog is installed and Inkpilot can manage its posts.");
      } catch (error) {
        if (error instanceof PublishError && (error.kind === "config" || error.kind === "not_found"))
          return check(
            "blog",
            "Wix Blog installed",
            "fail",
            "Wix Blog is not installed on this site, so there is nowhere to publish.",
            BLOG_FIX,
          );
        throw error;
      }
    });

    await probe("member", "A site member to author posts", async () => {
      const member = await firstMember(s);
      if (!member)
        return check(
          "member",
          "A site member to author posts",
          "fail",
          "Your Wix site has no site member, and Wix posts need one as their author.",
          MEMBER_FIX,
        );
      const created = ctx.config.memberCreated === true && ctx.config.memberId === member.id;
      return check(
        "member",
        "A site member to author posts",
        "pass",
        created
          ? "Posts are authored by the site member Inkpilot created with the workspace owner's email."
          : "Posts are authored by a member of your site.",
      );
    });

    await probe("media", "Media Manager access", async () => {
      try {
        await wixCall(s, "/site-media/v1/files?paging.limit=1", {}, "reading the Media Manager");
        return check("media", "Media Manager access", "pass", "Inkpilot can import images into your Media Manager.");
      } catch (error) {
        if (error instanceof PublishError && error.kind === "config")
          return check(
            "media",
            "Media Manager access",
            "fail",
            "Inkpilot may not add images to your Wix Media Manager, so posts would lose their images.",
            "Reconnect Wix and approve every permission the Inkpilot app asks for.",
          );
        throw error;
      }
    });
    return checks;
  },

  async findExisting(ctx, post) {
    const s = sessionFrom(ctx);
    // Drafts can be filtered by title (not by seoSlug): match the slug among the same-titled drafts.
    const response = await wixCall(
      s,
      "/blog/v3/draft-posts/query",
      { method: "POST", json: { query: { filter: { title: { $eq: post.title } }, paging: { limit: 100 } }, fieldsets: ["URL"] } },
      "looking for the post",
    );
    const drafts = (readJson<{ draftPosts?: WixDraft[] }>(response).draftPosts ?? []).filter((d) => d.status !== "DELETED");
    const match = drafts.find((d) => d.seoSlug === post.slug);
    if (match) return remoteOf(match);
    // A live post keeps its slug even if its title changed since: Get Post by Slug.
    try {
      const bySlug = await wixCall(s, `/blog/v3/posts/slugs/${encodeURIComponent(post.slug)}`, {}, "looking for the post");
      const id = readJson<{ post?: { id?: string } }>(bySlug).post?.id;
      if (id) {
        const draft = await getDraft(s, id);
        if (draft) return remoteOf(draft);
      }
    } catch (error) {
      if (!(error instanceof PublishError && error.kind === "not_found")) throw error;
    }
    return null;
  },

  async uploadMedia(ctx, file) {
    const s = sessionFrom(ctx);
    let uploaded: WixFile;
    try {
      uploaded = await uploadBytes(s, file);
    } catch (error) {
      if (error instanceof PublishError && ["auth", "rate_limit"].includes(error.kind)) throw error;
      await s.log("warn", "media.upload_fallback", error instanceof Error ? error.message : String(error));
      uploaded = await importByUrl(s, file);
    }
    if (!uploaded.id || !uploaded.url)
      throw new PublishError("transient", "Wix did not confirm the image upload.", { detail: JSON.stringify(uploaded).slice(0, 200) });
    rememberSize(uploaded.id, file);
    return { remoteId: uploaded.id, url: uploaded.url };
  },

  async create(ctx, post, featured) {
    const s = sessionFrom(ctx);
    const draft = await withAuthor(s, ctx, async (memberId) => {
      const draftPost = await draftBody(s, ctx, post, featured, memberId);
      const response = await wixCall(
        s,
        "/blog/v3/draft-posts",
        { method: "POST", json: { draftPost, publish: post.mode === "live", fieldsets: ["URL"] } },
        "saving the post",
      );
      const answer = readJson<{ draftPost?: WixDraft }>(response).draftPost;
      if (!answer?.id) throw new PublishError("transient", "Wix sent an answer we could not read.", { detail: describeResponse(response) });
      return answer;
    });
    await s.log("info", "create", `draft ${draft.id} ${draft.status ?? ""}`);
    return remoteOf(draft);
  },

  async update(ctx, remote, post, featured) {
    const s = sessionFrom(ctx);
    const updated = await withAuthor(s, ctx, async (memberId) => {
      const draftPost = await draftBody(s, ctx, post, featured, memberId);
      const response = await wixCall(
        s,
        `/blog/v3/draft-posts/${encodeURIComponent(remote.remoteId)}`,
        { method: "PATCH", json: { draftPost: { id: remote.remoteId, ...draftPost }, fieldsets: ["URL"] } },
        "updating the post",
      );
      const answer = readJson<{ draftPost?: WixDraft }>(response).draftPost;
      if (!answer?.id) throw new PublishError("transient", "Wix sent an answer we could not read.", { detail: describeResponse(response) });
      return answer;
    });
    // A live post's edits stay in its draft until published again.
    if (updated.status === "PUBLISHED" || post.mode === "live") await publishDraft(s, updated.id);
    // The update answer leaves seoData out: read the post back to see what Wix kept.
    const fresh = await getDraft(s, updated.id);
    if (!fresh) throw new PublishError("not_found", "The post disappeared from Wix while it was being updated.", { detail: updated.id });
    if (!seoWritten(fresh, post)) await s.log("warn", "seo_not_kept", `SEO title/description not read back on ${fresh.id}`);
    return remoteOf(fresh);
  },

  async read(ctx, remoteId) {
    const draft = await getDraft(sessionFrom(ctx), remoteId);
    return draft ? remoteOf(draft) : null;
  },

  async disconnect(ctx) {
    // Client-credential tokens cannot be revoked; the site owner uninstalls the app in Wix. Forget ours.
    const id = normalizeInstanceId(ctx.credentials.instanceId ?? ctx.config.instanceId);
    if (id) dropWixToken(id);
  },
};
