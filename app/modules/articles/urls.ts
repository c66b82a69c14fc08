/**
 * The write screen's URLs, built here only: open an article (?edit=), open it
 * with the publish dialog (&publish=1) or its history (&history=1, comparing
 * &from= and &to=), or start one for a keyword (?keyword=).
 * Plain strings, safe in the browser.
 */

export const WRITE_PATH = "/dashboard/write";

export function editUrl(articleId: string, { publish = false } = {}) {
  return `${WRITE_PATH}?edit=${encodeURIComponent(articleId)}${publish ? "&publish=1" : ""}`;
}

export function writeUrl({ keyword }: { keyword?: string } = {}) {
  return keyword ? `${WRITE_PATH}?keyword=${encodeURIComponent(keyword)}` : WRITE_PATH;
}

/** The history panel; with two revision ids it shows what changed from the first to the second. */
export function historyUrl(articleId: string, compare?: { from: string; to: string }) {
  const pair = compare ? `&from=${encodeURIComponent(compare.from)}&to=${encodeURIComponent(compare.to)}` : "";
  return `${editUrl(articleId)}&history=1${pair}`;
}

/** The review of a regenerated version waiting beside the working copy (Accept or Discard). */
export const proposalUrl = (articleId: string) => `${editUrl(articleId)}&proposal=1`;

/** Where the article's revision actions post (Restore, and the editor's AI accept and undo). */
export const revisionsAction = (articleId: string) => `/dashboard/articles/${encodeURIComponent(articleId)}/revisions`;
