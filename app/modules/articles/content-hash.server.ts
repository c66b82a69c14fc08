import crypto from "node:crypto";
import type { ArticlesTable } from "#app/db/schema";
import type { Selectable } from "kysely";

/** The fields of an article that go out with it: a change to any of them makes a published copy out of date. */
export type PostedFields = Pick<
  Selectable<ArticlesTable>,
  "title" | "slug" | "content_html" | "meta_description" | "target_keyword" | "featured_image" | "topic_id"
>;

/**
 * A short fingerprint of the article as it was sent, from its own row (cheap to
 * compute for a list): when it differs from the last publish, the remote copy is out of date.
 */
export function contentHash(article: PostedFields) {
  const fields = [
    article.title,
    article.slug,
    article.content_html,
    article.meta_description,
    article.target_keyword,
    article.featured_image,
    article.topic_id,
  ];
  return crypto.createHash("sha256").update(JSON.stringify(fields)).digest("hex").slice(0, 32);
}
