/**
 * The write screen's URLs, built here only: open an article (?edit=), open it
 * with the publish dialog (&publish=1), or start one for a keyword (?keyword=).
 * Plain strings, safe in the browser.
 */

export const WRITE_PATH = "/dashboard/write";

export function editUrl(articleId: string, { publish = false } = {}) {
  return `${WRITE_PATH}?edit=${encodeURIComponent(articleId)}${publish ? "&publish=1" : ""}`;
}

export function writeUrl({ keyword }: { keyword?: string } = {}) {
  return keyword ? `${WRITE_PATH}?keyword=${encodeURIComponent(keyword)}` : WRITE_PATH;
}
