// Client-safe: the scan (scan.server.ts) and the add-site form (app/modules/workspaces/site-forms.ts) read typed addresses alike.

const NON_WEB_SCHEME = /^(?:file|ftp|ftps|data|javascript|mailto|tel|gopher|ws|wss|blob|about|chrome|view-source):/i;

/** What the user typed, as a URL: a bare "example.com" means https. */
export function normalizeInputUrl(input: string) {
  const trimmed = input.trim();
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) || NON_WEB_SCHEME.test(trimmed) ? trimmed : `https://${trimmed}`;
}
