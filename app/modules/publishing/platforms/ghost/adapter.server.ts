import {
  PublishError,
  type ConnectResult,
  type DoctorCheck,
  type MediaFile,
  type PostInput,
  type PublishingAdapter,
  type RemotePost,
  type UploadedMedia,
} from "../../types";
import { scaledVariants } from "../../figures";
import { check, failedCheck } from "../doctor";
import {
  type ClockReading,
  type GhostPost,
  KEY_HELP,
  type SiteInfo,
  acceptVersionFor,
  api,
  asPublishError,
  call,
  checkPost,
  client,
  cut,
  newSdkFormData,
  normalizeAdminUrl,
  readSite,
  versionProblem,
} from "./client.server";

/**
 * Ghost through its Admin API (docs/decisions/033) with the official
 * @tryghost/admin-api client. The client signs a fresh 5-minute JWT per request
 * (HS256 over the hex-decoded secret, aud /admin/: lib/token.js) and hands each
 * request to our `makeRequest`, which sends it through platformRequest, so the
 * SSRF guard and the per-host limit apply and every failure becomes a PublishError.
 */
// Ghost's own limits (posts and posts_meta columns); longer values are refused with 422.
const LIMITS = { title: 255, metaTitle: 300, metaDescription: 500, customExcerpt: 300, featureImageAlt: 125 };
/** Ghost asks for a scheduled date at least this far ahead. */
const MIN_SCHEDULE_AHEAD_MS = 2 * 60_000;

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

function toRemote(post: GhostPost): RemotePost {
  const live = post.status === "published" && (!post.published_at || Date.parse(post.published_at) <= Date.now());
  return { remoteId: post.id, url: post.url ?? null, status: post.status, live, version: post.updated_at };
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

/** The widths Ghost's editor writes into an image card's srcset (Ghost's contentImageSizes). */
const GHOST_WIDTHS = [600, 1000, 1600, 2400];

export const ghostAdapter: PublishingAdapter = {
  figures: "ghost",
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
    // Ghost's image store has no ids: the URL is the handle. Ghost serves resized copies of its own images at
    // /content/images/size/wNNN/… for the widths its editor uses; those are the srcset.
    const url = uploaded.url;
    const variants = url.includes("/content/images/")
      ? scaledVariants(file.width, file.height, GHOST_WIDTHS, (w) => url.replace("/content/images/", `/content/images/size/w${w}/`))
      : [];
    return { remoteId: url, url, variants };
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
