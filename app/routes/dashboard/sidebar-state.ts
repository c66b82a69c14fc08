/**
 * The sidebar's open/collapsed state lives in a plain (script-readable) cookie
 * so the server renders the right width on the first byte, the browser can flip
 * it instantly with JavaScript, and the no-JS form can set it too.
 */
export const SIDEBAR_COOKIE = "sidebar_state";
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;

/** True when expanded. A missing or unknown value means expanded. */
export function readSidebarOpen(cookieHeader: string | null) {
  const match = cookieHeader?.match(/(?:^|;\s*)sidebar_state=([^;]*)/);
  return match?.[1] !== "false";
}

export function sidebarCookie(open: boolean) {
  return `${SIDEBAR_COOKIE}=${open ? "true" : "false"}; Path=/; Max-Age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax`;
}
