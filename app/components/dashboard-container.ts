/**
 * The one content width of every dashboard page: the shell wraps each page in it, so a page
 * sets no max width of its own. Wide enough for the articles table and the editor beside the SEO panel.
 */
export const DASHBOARD_CONTAINER = "mx-auto w-full max-w-6xl";
