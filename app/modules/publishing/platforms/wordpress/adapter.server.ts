import { describeResponse } from "../../http.server";
import { PublishError, type DoctorCheck, type MediaFile, type PublishingAdapter } from "../../types";
import { wordpressVariants } from "../../figures";
import { check, failedCheck } from "../doctor";
import { FIX, plainMessage, wordpressError } from "./errors.server";
import {
  type SeoFinding,
  type WordPressConfig,
  type WpIndex,
  type WpUser,
  call,
  detectSeo,
  discoverRestRoot,
  hasCap,
  loadIndex,
  normalizeSiteUrl,
  objectBody,
  ok,
  parseSecret,
  readConfig,
  readMe,
} from "./client.server";
import { FIND_STATUSES, UPLOAD_TIMEOUT_MS, type WpPost, pickExisting, readPost, savePost, toRemote, uploadFilename } from "./posts.server";

/**
 * Self-hosted WordPress over its REST API with an Application Password
 * (shared docs/decisions/033). The REST root is discovered once at
 * connect (Link header, <link> tag, then /wp-json/ and ?rest_route=/ probes)
 * and stored in the connection config; every route is built from it, so sites
 * on plain permalinks work the same. Nothing here follows a redirect on POST:
 * the request helper answers the 3xx and we report it as a configuration error.
 *
 * SEO fields: decided to read the REST schema, not to write a probe post. The
 * index's `/wp/v2/posts` route (or the `wp/v2` namespace index when the root index
 * omits routes) lists the meta keys registered with show_in_rest; a key missing there
 * is silently dropped by WordPress, so the schema says exactly what will stick,
 * without leaving a test post on a customer's site. Every create/update then
 * reads the meta back from the answer and logs a warning when it did not stick.
 */

function seoCheck(finding: SeoFinding): DoctorCheck {
  const label = "SEO title and description";
  if (finding.writable.includes("yoast")) {
    return check(
      "seo",
      label,
      "pass",
      "Yoast SEO fields are writable over the REST API: Inkpilot sets each post's SEO title and meta description.",
    );
  }
  if (finding.writable.includes("rank_math")) {
    return check(
      "seo",
      label,
      "pass",
      "Rank Math fields are writable over the REST API: Inkpilot sets each post's SEO title and meta description.",
    );
  }
  if (!finding.known) {
    return check(
      "seo",
      label,
      "warn",
      "Could not read which post fields this site accepts, so SEO fields will not be set; the excerpt is still set.",
      "Click Check again; if it stays, a plugin hides the REST API schema.",
    );
  }
  if (finding.installed.includes("rank_math")) {
    return check(
      "seo",
      label,
      "warn",
      "Rank Math is installed but does not open its SEO title and description to the REST API, so Inkpilot cannot set them (it sets the excerpt).",
      "Install a Rank Math REST helper plugin that registers rank_math_title and rank_math_description with show_in_rest (for example “Rank Math API Manager”), then Check again.",
    );
  }
  if (finding.installed.includes("yoast")) {
    return check(
      "seo",
      label,
      "warn",
      "Yoast SEO is installed but its title and description fields are not writable over the REST API, so Inkpilot cannot set them.",
      "Update Yoast SEO to its current version, then Check again.",
    );
  }
  return check(
    "seo",
    label,
    "warn",
    "No SEO plugin found: WordPress itself has no SEO title or meta description, so Inkpilot sets the post excerpt (many themes use it) and the title.",
    "Install Yoast SEO (or Rank Math with its REST helper) and Check again to have the SEO title and description set on each post.",
  );
}

export const wordpressAdapter: PublishingAdapter = {
  figures: "wordpress",
  facts: {
    platform: "wordpress",
    name: "WordPress",
    description: "Your self-hosted WordPress site, connected with an Application Password.",
    connectKind: "form",
    customerHost: true,
    supportsDraft: true,
    supportsSchedule: true,
    limitations: [
      "Needs WordPress 5.6 or newer served over HTTPS (Application Passwords are only offered there).",
      "SEO title and meta description are set only with Yoast SEO, or Rank Math with its REST helper plugin; without them Inkpilot sets the excerpt and the connection check says so.",
      "Security plugins (Wordfence and others) and some hosts block the REST API or Application Passwords; the connection check names the block and the setting to change.",
      "An Author account cannot create new categories (Inkpilot skips a missing one and notes it in the log); a Contributor can neither publish nor upload images.",
      "Scheduled posts go live through WP-Cron, which runs on visits: on quiet sites they can appear a few minutes late.",
      "WordPress has no canonical URL field over its REST API, so a canonical pointing elsewhere is not set.",
    ],
  },

  async connect(input, ctx) {
    const credentials = parseSecret(input.secret);
    const siteUrl = normalizeSiteUrl(input.siteUrl);
    const { root, via } = await discoverRestRoot(ctx, siteUrl);
    await ctx.log("info", "wordpress.discovery", `REST root ${root} (${via})`);
    const index = await loadIndex(ctx, root);
    const user = await readMe(ctx, root, credentials);
    let appPasswordUuid: string | null = null;
    try {
      const introspect = await call(ctx, root, credentials, "GET", "wp/v2/users/me/application-passwords/introspect");
      if (ok(introspect)) appPasswordUuid = introspect.json<{ uuid?: string }>().uuid ?? null;
    } catch {
      // WordPress before 5.7 has no introspection; disconnect then only forgets the password.
    }
    const seo = await detectSeo(ctx, root, index);
    const config: WordPressConfig = {
      restRoot: root,
      permalinks: root.includes("rest_route=") ? "plain" : "pretty",
      discoveredBy: via,
      seo: seo.writable,
      userId: typeof user.id === "number" ? user.id : null,
      userLogin: user.username ?? user.slug ?? credentials.username!,
      roles: user.roles ?? [],
      appPasswordUuid,
      category: input.options.category?.trim() || null,
    };
    return {
      siteUrl: (typeof index.home === "string" && index.home) || siteUrl,
      name: plainMessage(index.name) || new URL(siteUrl).host,
      credentials,
      config,
    };
  },

  async doctor(ctx) {
    const checks: DoctorCheck[] = [];
    let config: WordPressConfig;
    try {
      config = readConfig(ctx.config);
    } catch (error) {
      return [failedCheck("rest", "WordPress REST API reachable", error)];
    }
    let index: WpIndex;
    try {
      index = await loadIndex(ctx, config.restRoot);
      checks.push(check("rest", "WordPress REST API reachable", "pass", `The REST API answers at ${config.restRoot}.`));
    } catch (error) {
      checks.push(failedCheck("rest", "WordPress REST API reachable", error));
      return checks;
    }

    let user: WpUser | null = null;
    try {
      user = await readMe(ctx, config.restRoot, ctx.credentials);
      // The users route can be open while writing is blocked: a light authenticated list of drafts proves REST access with the password.
      const probe = await call(ctx, config.restRoot, ctx.credentials, "GET", "wp/v2/posts", {
        query: { status: "draft", context: "edit", per_page: 1, _fields: "id" },
      });
      if (!ok(probe)) throw wordpressError(probe, "reading posts");
      checks.push(
        check(
          "credentials",
          "Credentials accepted",
          "pass",
          `Signed in as ${user.username ?? user.slug ?? config.userLogin} (${(user.roles ?? []).join(", ") || "no role"}).`,
        ),
      );
    } catch (error) {
      checks.push(failedCheck("credentials", "Credentials accepted", error));
      user = null;
    }

    if (user) {
      const role = (user.roles ?? []).join(", ") || "no role";
      checks.push(
        hasCap(user, "publish_posts")
          ? check("publish", "Can publish posts", "pass", `The ${role} role can publish and schedule posts.`)
          : check(
              "publish",
              "Can publish posts",
              "fail",
              `This user (${role}) can only write drafts for review: publishing live or scheduling will be refused.`,
              FIX.role,
            ),
      );
      checks.push(
        hasCap(user, "upload_files")
          ? check("upload", "Can upload images", "pass", "Images can be uploaded to the media library.")
          : check(
              "upload",
              "Can upload images",
              "fail",
              `This user (${role}) cannot upload to the media library, so posts with images cannot be sent.`,
              FIX.role,
            ),
      );
      checks.push(
        hasCap(user, "manage_categories")
          ? check("categories", "Can create categories", "pass", "Missing categories and tags are created when a post needs them.")
          : check(
              "categories",
              "Can create categories",
              "warn",
              "This user cannot create new categories: existing ones are used and a missing one is skipped (noted in the log). Tags are still created.",
              "Create the categories in WordPress first, or connect an Editor or Administrator.",
            ),
      );
    }

    checks.push(seoCheck(await detectSeo(ctx, config.restRoot, index)));

    checks.push(
      config.permalinks === "plain"
        ? check(
            "permalinks",
            "Permalinks",
            "warn",
            "The site uses plain permalinks: posts get addresses like ?p=123 instead of readable ones, which is worse for SEO. Publishing works.",
            "In WordPress open Settings → Permalinks, choose “Post name” and save; then reconnect so Inkpilot uses the /wp-json/ address.",
          )
        : check("permalinks", "Permalinks", "pass", "Posts get readable addresses from their slug."),
    );
    return checks;
  },

  async findExisting(ctx, post) {
    const config = readConfig(ctx.config);
    const response = await call(ctx, config.restRoot, ctx.credentials, "GET", "wp/v2/posts", {
      query: {
        slug: `${post.slug},${post.slug}-2`,
        status: FIND_STATUSES,
        context: "edit",
        per_page: 20,
        _fields: "id,slug,status,link,author,title",
      },
    });
    if (!ok(response)) throw wordpressError(response, "looking for the post");
    const list = response.json<unknown>();
    if (!Array.isArray(list))
      throw new PublishError("transient", "WordPress sent an answer we could not read while looking for the post.", {
        detail: describeResponse(response),
      });
    const found = pickExisting(list as WpPost[], post.slug, post.title, config.userId);
    return found ? toRemote(found) : null;
  },

  async uploadMedia(ctx, file: MediaFile) {
    const config = readConfig(ctx.config);
    const filename = uploadFilename(file.filename, file.mimeType);
    // One request per image: the media route takes multipart with the file in `file` and the attachment's fields
    // beside it (WP_REST_Attachments_Controller::create_item saves alt_text from the same request), so the
    // alt text no longer needs a second POST to /wp/v2/media/{id}.
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(file.bytes)], { type: file.mimeType }), filename);
    if (file.alt) form.append("alt_text", file.alt);
    const encoded = new Response(form);
    const response = await call(ctx, config.restRoot, ctx.credentials, "POST", "wp/v2/media", {
      body: Buffer.from(await encoded.arrayBuffer()),
      headers: { "Content-Type": encoded.headers.get("content-type")! },
      timeoutMs: UPLOAD_TIMEOUT_MS,
    });
    if (!ok(response)) throw wordpressError(response, `uploading the image ${filename}`);
    const item = objectBody<{ id?: number; source_url?: string; alt_text?: string; media_details?: unknown }>(
      response,
      "the uploaded image",
    );
    if (typeof item.id !== "number" || !item.source_url) {
      throw new PublishError("transient", "WordPress did not say where it stored the image.", { detail: describeResponse(response) });
    }
    // The image is stored already: alt text that did not stick (a plugin filtering it) is logged, not retried (a retry would upload it twice).
    if (file.alt && typeof item.alt_text === "string" && !item.alt_text.trim()) {
      await ctx.log("warn", "wordpress.media", `alt text not saved on media ${item.id}`);
    }
    // The sizes WordPress made of it (thumbnail, medium, large…) become the figure's srcset.
    return { remoteId: String(item.id), url: item.source_url, variants: wordpressVariants(item.media_details) };
  },

  create(ctx, post, featured) {
    return savePost(ctx, post, featured, null);
  },

  update(ctx, remote, post, featured) {
    return savePost(ctx, post, featured, remote.remoteId);
  },

  async read(ctx, remoteId) {
    const post = await readPost(ctx, readConfig(ctx.config), remoteId);
    return post ? toRemote(post) : null;
  },

  async disconnect(ctx) {
    try {
      const config = readConfig(ctx.config);
      let uuid = config.appPasswordUuid;
      if (!uuid) {
        const introspect = await call(ctx, config.restRoot, ctx.credentials, "GET", "wp/v2/users/me/application-passwords/introspect");
        uuid = ok(introspect) ? (introspect.json<{ uuid?: string }>().uuid ?? null) : null;
      }
      if (!uuid) {
        await ctx.log("info", "wordpress.disconnect", "application password not identified; delete it in WordPress under Users → Profile");
        return;
      }
      const response = await call(
        ctx,
        config.restRoot,
        ctx.credentials,
        "DELETE",
        `wp/v2/users/me/application-passwords/${encodeURIComponent(uuid)}`,
      );
      await ctx.log(
        ok(response) ? "info" : "warn",
        "wordpress.disconnect",
        ok(response) ? "application password revoked" : describeResponse(response),
      );
    } catch (error) {
      await ctx.log("warn", "wordpress.disconnect", error instanceof Error ? error.message : String(error));
    }
  },
};
