import { describeResponse } from "../../http.server";
import { PublishError, type AdapterContext, type PostInput, type UploadedMedia } from "../../types";
import { htmlToRicos, ricosViolations } from "./ricos";
import { MAX_TAGS, type Session, WIX_MAX_POST_BYTES, type WixDraft, firstMember, readJson, wixCall } from "./client.server";
import { resolveImages } from "./media.server";

/**
 * An article as a Wix draft post (Ricos body, tags, SEO data, author member),
 * published from the draft and read back as a RemotePost.
 */

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

function seoData(post: PostInput) {
  const tags: Array<Record<string, unknown>> = [];
  if (post.metaTitle) tags.push({ type: "title", children: post.metaTitle, custom: true, disabled: false });
  if (post.metaDescription)
    tags.push({ type: "meta", props: { name: "description", content: post.metaDescription }, custom: true, disabled: false });
  return { tags, settings: { preventAutoRedirect: false, keywords: post.keyword ? [{ term: post.keyword, isMain: true }] : [] } };
}

export async function draftBody(s: Session, ctx: AdapterContext, post: PostInput, featured: UploadedMedia | null, memberId: string | null) {
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
export async function withAuthor<T>(s: Session, ctx: AdapterContext, write: (memberId: string | null) => Promise<T>): Promise<T> {
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

export async function getDraft(s: Session, id: string): Promise<WixDraft | null> {
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

export async function publishDraft(s: Session, id: string) {
  await wixCall(s, `/blog/v3/draft-posts/${encodeURIComponent(id)}/publish`, { method: "POST", json: {} }, "publishing the post");
}

export function seoWritten(draft: WixDraft, post: PostInput) {
  const tags = draft.seoData?.tags ?? [];
  const title = !post.metaTitle || tags.some((t) => t.type === "title" && t.children === post.metaTitle);
  const description =
    !post.metaDescription ||
    tags.some((t) => t.type === "meta" && t.props?.name === "description" && t.props.content === post.metaDescription);
  return title && description;
}
