import { describeResponse } from "../../http.server";
import { PublishError, type ConnectionConfig, type DoctorCheck, type PublishingAdapter } from "../../types";
import { check } from "../doctor";
import { dropWixToken, normalizeInstanceId, wixAccessToken } from "./install.server";
import {
  BLOG_FIX,
  MEMBER_FIX,
  type Session,
  type WixDraft,
  type WixFile,
  ensureWixMember,
  firstMember,
  readJson,
  reconnect,
  remoteOf,
  session,
  sessionFrom,
  wixCall,
} from "./client.server";
import { importByUrl, rememberSize, uploadBytes } from "./media.server";
import { draftBody, getDraft, publishDraft, seoWritten, withAuthor } from "./drafts.server";

/**
 * Wix Blog through the Inkpilot app for Wix (docs/decisions/033), plain REST
 * over platformRequest (Wix's SDK brings its own auth model we do not use).
 * Access: a client-credentials token per app instance (wix/install.server.ts),
 * re-minted once on a 401. Posts are draft posts with a site member as author,
 * Ricos rich content built by wix/ricos.ts with images imported into the
 * Media Manager first, SEO title and description in `seoData`, then published
 * when the mode is live. The update answer omits seoData, so updates read the
 * draft back to confirm it.
 */

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
