import crypto from "node:crypto";

/** The fields of an article that go out with it: a change to any of them makes a published copy out of date. */
export type PostedFields = {
  title: string;
  slug: string;
  content_html: string;
  meta_description: string;
  target_keyword: string;
  featured_image: string | null;
  topic_id: string | null;
};

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
