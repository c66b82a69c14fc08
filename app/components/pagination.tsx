import { Link } from "react-router";

/** A ?page= value as a page number; anything but a positive whole number is page 1 (the list clamps it to its last page). */
export function parsePage(value: string | null) {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 1_000_000 ? n : 1;
}

/** "Showing a-b of n" with Previous/Next links; hrefFor builds the URL of a page, keeping the list's filters. */
export function Pagination({
  page,
  pageCount,
  first,
  shown,
  total,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  first: number;
  shown: number;
  total: number;
  hrefFor: (page: number) => string;
}) {
  if (total === 0) return null;
  const linkClass = "rounded-md border border-slate-300 bg-white px-3 py-1.5 hover:bg-slate-50";
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
      <p>
        Showing {first}-{first + shown - 1} of {total}
      </p>
      <div className="flex items-center gap-2">
        {page > 1 ? (
          <Link to={hrefFor(page - 1)} rel="prev" className={linkClass}>
            Previous
          </Link>
        ) : null}
        <span aria-current="page">
          Page {page} of {pageCount}
        </span>
        {page < pageCount ? (
          <Link to={hrefFor(page + 1)} rel="next" className={linkClass}>
            Next
          </Link>
        ) : null}
      </div>
    </nav>
  );
}
