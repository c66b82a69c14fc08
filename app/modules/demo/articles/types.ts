/**
 * One hand-written demo article (docs/decisions/040-demo-data.md). The body is
 * Markdown, converted by the write screen's own converter and saved through the
 * articles module, so it is sanitized, counted and scored like any article.
 * Internal links point at the demo blog's live posts (/b/northwind-coffee/<slug>)
 * and the shop's pages; the title card is made and stored at seed time.
 */
type DemoArticleState =
  /** Published live on the hosted blog. */
  | "live"
  /** Sent to the hosted blog as a draft for review: not public. */
  | "review"
  /** A real scheduled publication; the worker publishes it at its time. */
  | "scheduled"
  | "draft"
  /** Its publication failed (the destination was disconnected while it was queued). */
  | "failed";

export type DemoArticle = {
  slug: string;
  title: string;
  keyword: string;
  metaDescription: string;
  /** The demo topic it belongs to, by name. */
  topic: string;
  state: DemoArticleState;
  /** When it was written. */
  daysAgo: number;
  /** Live posts: when they went out; scheduled ones: how many days ahead. */
  publishedDaysAgo?: number;
  scheduleInDays?: number;
  markdown: string;
};
