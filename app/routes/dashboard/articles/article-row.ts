import type { ArticleStatus } from "#app/db/schema";

/** One row of the articles table, as the loader gives it. */
export type ArticleRow = {
  id: string;
  title: string;
  targetKeyword: string;
  status: ArticleStatus;
  /** The status in words when there is more to say than its name (a scheduled article's time). */
  statusText: string | null;
  author: string;
  createdOn: string;
  /** The stored SEO panel score (decision 038); null while the article was never scored. */
  seoScore: number | null;
  wordCount: number;
  /** Missing or out of date, and the background job will score it (docs/decisions/053). */
  scoring: boolean;
  /** Clicks in Google over the last 28 days, their change and their days; null before the site has figures. */
  clicks: { clicks: number; change: number | null; sparkline: number[] } | null;
  /** Open search findings about it (decay, striking distance): a small badge next to the title. */
  findings?: number;
};
