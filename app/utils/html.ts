/** Text made safe to put inside HTML text or a double-quoted attribute. Client-safe. */
export function escapeHtml(text: string) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/**
 * A link target safe to write into HTML that no sanitizer reads after it: an absolute http(s) URL or a path on
 * the same site; null for anything else (`javascript:`, `data:`, protocol-relative `//host`). Client-safe.
 */
export function safeLinkHref(url: string): string | null {
  const trimmed = url.trim();
  if (trimmed.startsWith("/") && !trimmed.startsWith("//") && !trimmed.startsWith("/\\")) return trimmed;
  try {
    const protocol = new URL(trimmed).protocol;
    return protocol === "https:" || protocol === "http:" ? trimmed : null;
  } catch {
    return null;
  }
}
