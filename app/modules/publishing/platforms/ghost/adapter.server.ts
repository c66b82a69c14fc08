import { createRequire } from "node:module";
import GhostAdminAPI from "@tryghost/admin-api";
import { getEnv } from "#app/env.server";
import { describeResponse, platformRequest, retryAfterMs, type PlatformResponse } from "../../http.server";
import {
  PublishError,
  type AdapterContext,
  type ConnectResult,
  type DoctorCheck,
  type MediaFile,
  type PostInput,
  type PublishingAdapter,
  type RemotePost,
  type UploadedMedia,
} from "../../types";
import { check, failedCheck } from "../doctor";

/**
 * Ghost through its Admin API (integrations.md §5) with the official
 * @tryghost/admin-api client. The client signs a fresh 5-minute JWT per request
 * (HS256 over the hex-decoded secret, aud /admin/: lib/token.js) and hands each
 * request to our `makeRequest`, which sends it through platformRequest, so the
 * SSRF guard and the per-host limit apply and every failure becomes a PublishError.
 */

const KEY_HELP = "Find it in Ghost Admin → Settings → Integrations → Add custom integration, then copy the Admin API key.";
/** The oldest Ghost we speak to; Ghost answers an older Accept-Version from a newer server. */
const BASE_ACCEPT_VERSION = "v5.0";
// Ghost's own limits (posts and posts_meta columns); longer values are refused with 422.
const LIMITS = { title: 255, metaTitle: 300, metaDescription: 500, customExcerpt: 300, featureImageAlt: 125 };
/** Ghost asks for a scheduled date at least this far ahead. */
const MIN_SCHEDULE_AHEAD_MS = 2 * 60_000;

type GhostPost = {
  id: string;
  slug: string;
  status: string;
  url?: string | null;
  updated_at: string;
  published_at?: string | null;
  codeinjection_foot?: string | null;
};

type Ctx = Pick<AdapterContext, "correlationId" | "signal">;

// The SDK accepts uploads only as an instance of ITS form-data class (or a file
// path), so it is loaded from the SDK's own location rather than as our dependency.
const requireFromHere = createRequire(import.meta.url);
type FormDataLike = {
  append(name: string, value: Buffer | string, options?: { filename: string; contentType: string }): void;
  getBuffer(): Buffer;
  getHeaders(): Record<string, string>;
};
function newSdkFormData(): FormDataLike {
  const sdkRequire = createRequire(requireFromHere.resolve("@tryghost/admin-api"));
  const FormData = sdkRequire("form-data") as new () => FormDataLike;
  return new FormData();
}

/** The Admin API URL as the SDK wants it: https origin plus any subdirectory, no trailing slash, no /ghost part. */
export function normalizeAdminUrl(input: string): string {
  let raw = input.trim();
  if (!raw) throw new PublishError("config", "Enter your Ghost Admin API URL, for example https://yourblog.ghost.io.");
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(raw)) raw = `https://${raw}`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new PublishError(
      "config",
      "That is not a valid address. Paste the API URL shown on your Ghost custom integration, for example https://yourblog.ghost.io.",
    );
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new PublishError("config", "The Ghost Admin API URL must start with https://.");
  if (url.username || url.password) throw new PublishError("config", "Remove the user name and password from the address.");
  // Ghost Admin is served over HTTPS (Ghost(Pro) always); plain http only for a local test fake.
  const allowed = getEnv().TEST_ALLOW_PRIVATE_HOSTS;
  if (url.protocol === "http:" && !allowed.includes(url.host) && !allowed.includes(url.hostname)) url.protocol = "https:";
  // People paste the admin screen's address (…/ghost/#/settings/integrations) or the API root: keep what is before /ghost.
  const path = url.pathname.replace(/\/+$/, "").replace(/\/ghost(\/.*)?$/i, "");
  return `${url.origin}${path}`;
}

/** Checks the "{id}:{secret}" shape before any request, with the fix in plain words. */
export function parseAdminKey(input: string): string {
  const key = input.trim();
  if (/^[0-9a-f]{24}:[0-9a-f]{64}$/i.test(key)) return key.toLowerCase();
  if (/^[0-9a-f]{26}$/i.test(key)) {
    throw new PublishError(
      "config",
      `That looks like the Content API key, which can only read. Inkpilot needs the Admin API key (two parts joined by a colon). ${KEY_HELP}`,
    );
  }
  throw new PublishError(
    "config",
    `That is not a Ghost Admin API key: it has two parts joined by a colon (24 and 64 letters and digits). ${KEY_HELP}`,
  );
}

/** The comment we leave in the post's code injection, to tell our post from a customer's post with the same slug. */
export function publicationMarker(publicationId: string) {
  return `<!-- inkpilot:${publicationId} -->`;
}

/**
 * Ghost themes show feature_image above the post; when the body starts with the
 * same image, drop it from the body so it does not appear twice.
 */
export function withoutLeadingImage(html: string, imageUrl: string | null): string {
  if (!imageUrl) return html;
  const escaped = imageUrl.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const img = `<img\\b[^>]*\\bsrc=["']${escaped}["'][^>]*>`;
  const leading = new RegExp(`^\\s*(?:<figure\\b[^>]*>\\s*${img}[\\s\\S]*?</figure>|<p\\b[^>]*>\\s*${img}\\s*</p>|${img})\\s*`, "i");
  return html.replace(leading, "");
}

function cut(text: string, max: number) {
  const value = text.trim();
  if (value.length <= max) return value;
  const slice = value.slice(0, max - 1);
  const space = slice.lastIndexOf(" ");
  return `${(space > max * 0.6 ? slice.slice(0, space) : slice).trimEnd()}…`;
}

type GhostErrorBody = { errors?: Array<{ type?: string; code?: string | null; message?: string; context?: string | null }> };

function ghostErrorOf(response: PlatformResponse) {
  try {
    const body = JSON.parse(response.text) as GhostErrorBody;
    return Array.isArray(body.errors) ? (body.errors[0] ?? null) : null;
  } catch {
    return null;
  }
}

/** What Ghost's last answer showed besides its body: its clock (Date header) against ours, and the URL after redirects. */
type ClockReading = { skewMs: number | null; finalUrl?: string };

function clockHint(clock: ClockReading) {
  if (clock.skewMs === null || Math.abs(clock.skewMs) < 60_000) return null;
  const minutes = Math.round(Math.abs(clock.skewMs) / 60_000);
  return `Ghost's server clock is ${minutes} minute${minutes === 1 ? "" : "s"} ${clock.skewMs > 0 ? "ahead of" : "behind"} ours; Ghost refuses sign-in tokens more than 5 minutes old, so the server's clock needs correcting (enable time sync/NTP on the Ghost server).`;
}

/** Ghost's answer turned into what the customer reads and the engine does next. */
export function ghostError(response: PlatformResponse, clock: ClockReading = { skewMs: null }): PublishError {
  const detail = describeResponse(response);
  const error = ghostErrorOf(response);
  const code = error?.code ?? "";
  const said = [error?.message, error?.context].filter(Boolean).join(" ");
  if (response.status === 429) {
    return new PublishError("rate_limit", "Ghost asked us to slow down; publishing will retry shortly.", {
      detail,
      retryAfterMs: retryAfterMs(response.headers),
    });
  }
  if (response.status >= 500) return new PublishError("transient", `Ghost had a temporary problem (HTTP ${response.status}).`, { detail });
  if (code === "INVALID_API_KEY_TYPE") {
    return new PublishError("auth", "Ghost says this is not an Admin API key (a Content API key was used).", { detail, fix: KEY_HELP });
  }
  if (code === "UNKNOWN_ADMIN_API_KEY") {
    return new PublishError("auth", "Ghost does not know this Admin API key: the integration was deleted or its key regenerated.", {
      detail,
      fix: `Copy the Admin API key again. ${KEY_HELP}`,
    });
  }
  if (code === "INVALID_JWT" || code === "MISSING_ADMIN_API_KID") {
    const hint = clockHint(clock);
    return new PublishError(
      "auth",
      hint
        ? `Ghost refused our sign-in token because of the time difference. ${hint}`
        : "Ghost refused our sign-in token: the Admin API key's secret does not match (it may have been regenerated).",
      {
        detail,
        fix: hint ?? `Copy the Admin API key again. ${KEY_HELP}`,
      },
    );
  }
  if (code === "INVALID_AUTH_HEADER") {
    return new PublishError(
      "config",
      "Something in front of Ghost (a proxy or firewall) changed the Authorization header, so Ghost could not read our key.",
      {
        detail,
        fix: "Let the Authorization header through to Ghost unchanged on /ghost/api/admin/.",
      },
    );
  }
  if (response.status === 401) {
    return new PublishError("auth", "Ghost no longer accepts this connection's Admin API key. Reconnect it in Settings → Integrations.", {
      detail,
      fix: KEY_HELP,
    });
  }
  if (response.status === 403) {
    if (error?.type === "NoPermissionError") {
      return new PublishError("config", `Ghost did not allow this: ${said || "no permission"}.`, {
        detail,
        fix: "Use a custom integration's Admin API key (custom integrations have the rights to write posts); on Ghost(Pro), check that your plan includes custom integrations.",
      });
    }
    return new PublishError("config", "A firewall or proxy in front of Ghost refused the request (HTTP 403).", {
      detail,
      fix: "Allow requests to /ghost/api/admin/ from Inkpilot in your firewall or CDN settings.",
    });
  }
  if (response.status === 404) {
    if (error) return new PublishError("not_found", "The post is no longer in Ghost.", { detail });
    return new PublishError("config", "There is no Ghost Admin API at this address.", {
      detail,
      fix: "Use the API URL shown on your Ghost custom integration (Settings → Integrations).",
    });
  }
  if (response.status === 409) {
    return new PublishError("conflict", "The post was changed in Ghost since we last read it.", { detail });
  }
  if (response.status === 406) {
    return new PublishError("config", `This Ghost is older than the API version we asked for: ${said}`, {
      detail,
      fix: "Check the connection again so Inkpilot picks the right version.",
    });
  }
  if (response.status >= 300 && response.status < 400) {
    return new PublishError(
      "config",
      "Ghost redirected the request; use the Admin API URL exactly as the integration screen shows it (https://…).",
      { detail },
    );
  }
  if (response.status === 413)
    return new PublishError("invalid", "Ghost refused the upload: the file is too large for this Ghost site.", { detail });
  if (response.status === 415) return new PublishError("invalid", `Ghost refused the file type: ${said || "unsupported"}.`, { detail });
  return new PublishError("invalid", `Ghost refused the post: ${said || `HTTP ${response.status}`}`, { detail });
}

/** The official client, configured to send every request through platformRequest. */
function client(ctx: Ctx, adminUrl: string, key: string, acceptVersion: string, clock: ClockReading = { skewMs: null }) {
  return GhostAdminAPI({
    url: adminUrl,
    key,
    version: acceptVersion,
    userAgent: "Inkpilot (GhostAdminSDK)",
    async makeRequest({ url, method, data, params, headers }) {
      // The SDK's own query serialization (lib/admin-api.js): arrays joined with commas.
      const query = Object.entries(params)
        .map(([name, value]) => `${name}=${encodeURIComponent(([] as Array<string | number>).concat(value).join(","))}`)
        .join("&");
      const target = query ? `${url}?${query}` : url;
      const isForm = data !== null && typeof data === "object" && typeof (data as FormDataLike).getBuffer === "function";
      const hasJson = !isForm && data !== undefined && data !== "" && method !== "GET" && method !== "DELETE";
      const response = await platformRequest(ctx, target, {
        method,
        headers,
        ...(isForm ? { body: (data as FormDataLike).getBuffer() } : hasJson ? { json: data } : {}),
      });
      const date = response.headers.date;
      const serverTime = Date.parse(Array.isArray(date) ? (date[0] ?? "") : (date ?? ""));
      if (Number.isFinite(serverTime)) clock.skewMs = serverTime - Date.now();
      clock.finalUrl = response.url;
      if (response.status < 200 || response.status >= 300) throw ghostError(response, clock);
      if (response.status === 204 || !response.text.trim()) return {};
      const body = response.json<Record<string, unknown>>();
      if (!body || typeof body !== "object")
        throw new PublishError("transient", "Ghost sent an answer we could not read.", { detail: describeResponse(response) });
      return body;
    },
  });
}

function acceptVersionOf(ctx: AdapterContext) {
  return typeof ctx.config.acceptVersion === "string" ? ctx.config.acceptVersion : "v6.0";
}

function api(ctx: AdapterContext, clock?: ClockReading) {
  const key = ctx.credentials.adminApiKey;
  if (!key) throw new PublishError("auth", "This Ghost connection has no Admin API key. Reconnect it in Settings → Integrations.");
  return client(ctx, ctx.siteUrl, key, acceptVersionOf(ctx), clock);
}

/** Anything the SDK throws that is not ours (missing data, bad config) is a bug or bad input, not a platform answer. */
function asPublishError(error: unknown): PublishError {
  if (error instanceof PublishError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new PublishError("invalid", "The Ghost client could not send this request.", { detail: message.slice(0, 200), cause: error });
}

async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw asPublishError(error);
  }
}

function toRemote(post: GhostPost): RemotePost {
  const live = post.status === "published" && (!post.published_at || Date.parse(post.published_at) <= Date.now());
  return { remoteId: post.id, url: post.url ?? null, status: post.status, live, version: post.updated_at };
}

function checkPost(value: unknown): GhostPost {
  const post = value as Partial<GhostPost> | null;
  if (!post || typeof post.id !== "string" || typeof post.updated_at !== "string") {
    throw new PublishError("transient", "Ghost sent an answer we could not read.", { detail: JSON.stringify(value ?? null).slice(0, 200) });
  }
  return post as GhostPost;
}

/** adminUrl: where Ghost's Admin API really is (Ghost redirects the site domain's /ghost/ to the admin domain). */
type SiteInfo = { title: string; url: string; version: string; major: number; adminUrl: string };

const SITE_PATH = "/ghost/api/admin/site/";

/** The Admin API URL a redirected /site/ read ended at, when it differs from the one we asked. */
function redirectedAdminUrl(asked: string, clock: ClockReading) {
  const final = clock.finalUrl?.split("?")[0];
  if (!final?.endsWith(SITE_PATH)) return asked;
  return normalizeAdminUrl(final.slice(0, -SITE_PATH.length));
}

/** GET /ghost/api/admin/site/: public in Ghost, so it tells "is this Ghost" apart from "is the key right". */
async function readSite(ctx: Ctx, adminUrl: string, key: string, clock: ClockReading): Promise<SiteInfo> {
  const notGhost = (detail: string, cause?: unknown) =>
    new PublishError("config", "The address answered, but not as a Ghost site.", {
      detail,
      cause,
      fix: "Use the API URL shown on your Ghost custom integration (Settings → Integrations), for example https://yourblog.ghost.io.",
    });
  let site: Record<string, unknown>;
  try {
    site = await call(() => client(ctx, adminUrl, key, BASE_ACCEPT_VERSION, clock).site.read());
  } catch (error) {
    // A web page instead of JSON (HTTP 200): some other site lives at this address.
    if (error instanceof PublishError && error.kind === "transient" && error.detail.startsWith("HTTP 2"))
      throw notGhost(error.detail, error);
    // A Ghost older than our base version refuses it (406) and names its own version.
    const older =
      error instanceof PublishError && error.detail.startsWith("HTTP 406") ? /Ghost version v?(\d+)\.(\d+)/.exec(error.detail) : null;
    if (older) return { title: "Ghost", url: adminUrl, version: `${older[1]}.${older[2]}`, major: Number(older[1]), adminUrl };
    throw error;
  }
  const version = typeof site?.version === "string" ? site.version : "";
  const major = Number(/^(\d+)\./.exec(version)?.[1] ?? NaN);
  if (!Number.isFinite(major)) throw notGhost(JSON.stringify(site ?? null).slice(0, 200));
  return {
    title: typeof site.title === "string" ? site.title : "Ghost",
    url: typeof site.url === "string" ? site.url : adminUrl,
    version,
    major,
    adminUrl: redirectedAdminUrl(adminUrl, clock),
  };
}

function versionProblem(site: SiteInfo) {
  return site.major < 5 ? `This site runs Ghost ${site.version}; Inkpilot publishes to Ghost 5 or newer.` : null;
}

function acceptVersionFor(site: SiteInfo) {
  return site.major >= 6 ? "v6.0" : "v5.0";
}

function postFields(post: PostInput, featured: UploadedMedia | null) {
  const fields: Record<string, unknown> = {
    title: cut(post.title, LIMITS.title),
    html: withoutLeadingImage(post.html, featured?.url ?? null),
    tags: post.tags.filter((t) => t.trim()).map((name) => ({ name: cut(name, 191) })),
    feature_image: featured?.url ?? null,
    feature_image_alt: featured && post.featuredImage?.alt ? cut(post.featuredImage.alt, LIMITS.featureImageAlt) : null,
    meta_title: post.metaTitle ? cut(post.metaTitle, LIMITS.metaTitle) : null,
    meta_description: post.metaDescription ? cut(post.metaDescription, LIMITS.metaDescription) : null,
    custom_excerpt: post.excerpt ? cut(post.excerpt, LIMITS.customExcerpt) : null,
  };
  if (post.canonicalUrl) fields.canonical_url = post.canonicalUrl;
  if (post.mode === "live") {
    const at = post.scheduleAt?.getTime() ?? 0;
    if (at > Date.now() + MIN_SCHEDULE_AHEAD_MS) Object.assign(fields, { status: "scheduled", published_at: new Date(at).toISOString() });
    else fields.status = "published";
  }
  return fields;
}

export const ghostAdapter: PublishingAdapter = {
  facts: {
    platform: "ghost",
    name: "Ghost",
    description: "Publish to your Ghost site (Ghost 5 or newer, Ghost(Pro) or self-hosted) with a custom integration's Admin API key.",
    connectKind: "form",
    customerHost: true,
    supportsDraft: true,
    supportsSchedule: true,
    limitations: [
      "Ghost turns the article's HTML into its own editor format: headings, paragraphs, lists, quotes, links and images arrive as normal content, but tables become HTML cards (shown as written, edited as raw HTML in Ghost's editor), video embeds become embed cards, and styling attributes (classes, inline styles) are dropped.",
      "Ghost's media library has no alt text of its own: Inkpilot keeps each image's alt text in the post and sets the featured image's alt text on the post.",
      "When the article starts with its featured image, Inkpilot leaves it out of the body, since Ghost themes already show the featured image above the post.",
      "Publishing live does not email your newsletter subscribers; send the newsletter from Ghost if you want one.",
      "Ghost has no way for an integration to revoke its own key: Disconnect makes Inkpilot forget the key; delete the custom integration in Ghost Admin → Settings → Integrations to revoke it.",
      "Publishing again updates the same Ghost post with the article's current text, replacing edits made in Ghost since (Ghost reports such edits; Inkpilot then reads the post again before writing). Republishing as a draft keeps the post's current Ghost status and slug.",
    ],
  },

  async connect(input, ctx) {
    const asked = normalizeAdminUrl(input.siteUrl);
    const key = parseAdminKey(input.secret);
    const clock: ClockReading = { skewMs: null };
    const site = await readSite(ctx, asked, key, clock);
    // Writes are never redirected (a POST would arrive as a GET), so keep the address Ghost sent us to.
    const adminUrl = site.adminUrl;
    const problem = versionProblem(site);
    if (problem) throw new PublishError("config", problem, { fix: "Update Ghost to version 5 or newer, then connect again." });
    const acceptVersion = acceptVersionFor(site);
    // A signed request: proves the key before we store it.
    await call(() => client(ctx, adminUrl, key, acceptVersion, clock).posts.browse({ limit: 1, fields: "id" }));
    const result: ConnectResult = {
      siteUrl: adminUrl,
      name: site.title,
      credentials: { adminApiKey: key },
      config: { acceptVersion, ghostVersion: site.version, publicUrl: site.url },
    };
    return result;
  },

  async doctor(ctx) {
    const checks: DoctorCheck[] = [];
    const clock: ClockReading = { skewMs: null };
    const key = ctx.credentials.adminApiKey ?? "";
    let site: SiteInfo;
    try {
      site = await readSite(ctx, ctx.siteUrl, /^[0-9a-f]{24}:[0-9a-f]{64}$/.test(key) ? key : `${"0".repeat(24)}:${"0".repeat(64)}`, clock);
      checks.push(
        site.adminUrl === ctx.siteUrl
          ? check("reachable", "Ghost site reachable", "pass", `${site.title} answered at ${ctx.siteUrl}.`)
          : check(
              "reachable",
              "Ghost site reachable",
              "fail",
              `Ghost redirects ${ctx.siteUrl} to ${site.adminUrl}; posts cannot be sent through a redirect.`,
              `Reconnect Ghost with the Admin API URL ${site.adminUrl}.`,
            ),
      );
      if (site.adminUrl !== ctx.siteUrl) return checks;
    } catch (error) {
      const failure = asPublishError(error);
      checks.push(
        failedCheck(
          "reachable",
          "Ghost site reachable",
          failure,
          "Check that the site is online and that the address is the API URL shown on your Ghost custom integration.",
        ),
      );
      return checks;
    }
    const problem = versionProblem(site);
    checks.push(
      problem
        ? check("version", "Ghost version", "fail", problem, "Update Ghost to version 5 or newer.")
        : check("version", "Ghost version", "pass", `Ghost ${site.version} (API ${acceptVersionFor(site)}).`),
    );
    if (problem) return checks;
    const live = { ...ctx, config: { ...ctx.config, acceptVersion: acceptVersionFor(site) } };

    try {
      await call(() => api(live, clock).posts.browse({ limit: 1, fields: "id" }));
      checks.push(check("key", "Admin API key accepted", "pass", "Ghost accepted the Admin API key."));
    } catch (error) {
      const failure = asPublishError(error);
      checks.push(failedCheck("key", "Admin API key accepted", failure, KEY_HELP));
      return checks;
    }

    // Integrations have no "what may I do" endpoint: a draft made and deleted at once is the real proof.
    try {
      const draft = checkPost(
        await call(() => api(live, clock).posts.add({ title: "Inkpilot connection check (safe to delete)", status: "draft" })),
      );
      try {
        await call(() => api(live, clock).posts.delete({ id: draft.id }));
        checks.push(check("create", "Can create posts", "pass", "A test draft was created and deleted again."));
      } catch (error) {
        checks.push(
          check(
            "create",
            "Can create posts",
            "warn",
            `Posts can be created, but the test draft could not be deleted (${asPublishError(error).message}).`,
            "Delete the draft “Inkpilot connection check (safe to delete)” in Ghost Admin → Posts.",
          ),
        );
      }
    } catch (error) {
      const failure = asPublishError(error);
      checks.push(
        failedCheck(
          "create",
          "Can create posts",
          failure,
          "Use a custom integration's Admin API key; custom integrations may write posts.",
        ),
      );
    }
    return checks;
  },

  async findExisting(ctx, post) {
    const marker = publicationMarker(post.publicationId);
    try {
      const bySlug = checkPost(await call(() => api(ctx).posts.read({ slug: post.slug })));
      if (bySlug.codeinjection_foot?.includes(marker)) return toRemote(bySlug);
    } catch (error) {
      if (!(error instanceof PublishError && error.kind === "not_found")) throw error;
    }
    // Ghost adds -2, -3… when the slug was taken (by a customer's own post): look there for ours.
    const candidates = Array.from({ length: 8 }, (_, i) => `${post.slug}-${i + 2}`);
    const list = await call(() => api(ctx).posts.browse({ filter: `slug:[${candidates.join(",")}]`, limit: candidates.length }));
    const ours = list.map(checkPost).find((p) => p.codeinjection_foot?.includes(marker));
    return ours ? toRemote(ours) : null;
  },

  async uploadMedia(ctx, file: MediaFile) {
    const form = newSdkFormData();
    form.append("file", file.bytes, { filename: file.filename, contentType: file.mimeType });
    form.append("purpose", "image");
    form.append("ref", file.localPath);
    const uploaded = await call(() => api(ctx).images.upload(form));
    if (!uploaded || typeof uploaded.url !== "string") {
      throw new PublishError("transient", "Ghost did not say where it stored the image.", {
        detail: JSON.stringify(uploaded ?? null).slice(0, 200),
      });
    }
    // Ghost's image store has no ids: the URL is the handle.
    return { remoteId: uploaded.url, url: uploaded.url };
  },

  async create(ctx, post, featured) {
    const fields = postFields(post, featured);
    Object.assign(fields, { slug: post.slug, status: fields.status ?? "draft", codeinjection_foot: publicationMarker(post.publicationId) });
    const created = checkPost(await call(() => api(ctx).posts.add(fields, { source: "html" })));
    await ctx.log("info", "ghost.create", `post ${created.id} ${created.status}`);
    return toRemote(created);
  },

  async update(ctx, remote, post, featured) {
    let version = remote.version;
    if (!version) {
      const current = await ghostAdapter.read(ctx, remote.remoteId);
      if (!current) throw new PublishError("not_found", "The post is no longer in Ghost.");
      version = current.version ?? null;
    }
    // The slug and the marker stay as Ghost has them; updated_at is what Ghost checks for collisions (409).
    const fields = { ...postFields(post, featured), id: remote.remoteId, updated_at: version };
    const updated = checkPost(await call(() => api(ctx).posts.edit(fields, { source: "html" })));
    await ctx.log("info", "ghost.update", `post ${updated.id} ${updated.status}`);
    return toRemote(updated);
  },

  async read(ctx, remoteId) {
    try {
      return toRemote(checkPost(await call(() => api(ctx).posts.read({ id: remoteId }))));
    } catch (error) {
      if (error instanceof PublishError && error.kind === "not_found") return null;
      throw error;
    }
  },
};
