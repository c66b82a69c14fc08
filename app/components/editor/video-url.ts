/**
 * Turns a YouTube or Vimeo page URL into its embed URL, the only iframe sources
 * the sanitizer keeps. Null for anything else.
 */
export function toVideoEmbedUrl(input: string): string | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.replace(/^(www\.|m\.)/, "");
  const id = (value: string | null | undefined) => (value && /^[\w-]{6,20}$/.test(value) ? value : null);
  if (host === "youtube.com" || host === "youtube-nocookie.com") {
    const [, first, second] = url.pathname.split("/");
    const videoId =
      first === "watch" ? id(url.searchParams.get("v")) : first === "embed" || first === "shorts" || first === "live" ? id(second) : null;
    return videoId ? `https://www.${host}/embed/${videoId}` : null;
  }
  if (host === "youtu.be") {
    const videoId = id(url.pathname.slice(1));
    return videoId ? `https://www.youtube.com/embed/${videoId}` : null;
  }
  if (host === "vimeo.com" || host === "player.vimeo.com") {
    const match = /^\/(?:video\/)?(\d{4,12})(?:\/|$)/.exec(url.pathname);
    return match ? `https://player.vimeo.com/video/${match[1]}` : null;
  }
  return null;
}

const EMBED_PREFIXES = ["https://www.youtube.com/embed/", "https://www.youtube-nocookie.com/embed/", "https://player.vimeo.com/video/"];

export function isVideoEmbedUrl(src: string) {
  return EMBED_PREFIXES.some((prefix) => src.startsWith(prefix));
}
