import { cn } from "#app/utils/cn";

/** The table frame and summary card both parts of the backlinks page share. */

/**
 * A table that stays a table where it fits and becomes stacked rows where it does not,
 * by the width of its own box (a container query), not the window: with the sidebar
 * open a 1280px window leaves the table about 960px. Cells never wrap word by word:
 * long values are cut with an ellipsis and carry the whole text in a title.
 */
export const stacked = {
  box: "@container overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm",
  table: "w-full text-left text-sm @4xl:table-fixed @max-4xl:block",
  head: "border-b border-slate-200 bg-slate-50 text-slate-600 @max-4xl:sr-only",
  th: "px-3 py-2 font-medium whitespace-nowrap",
  body: "divide-y divide-slate-100 @max-4xl:block",
  row: "@max-4xl:block @max-4xl:py-2",
  // On a narrow box each cell is a line of its own, labelled with its column (data-label).
  td: "min-w-0 px-3 py-2 align-top @max-4xl:flex @max-4xl:gap-3 @max-4xl:py-1 @max-4xl:before:w-28 @max-4xl:before:shrink-0 @max-4xl:before:font-medium @max-4xl:before:text-slate-600 @max-4xl:before:content-[attr(data-label)]",
  cut: "block min-w-0 truncate",
};

/** The frame of a stacked table: its box, caption and column headers ([label, width class]); the rows are its children. */
export function StackedTable({
  caption,
  headers,
  children,
}: {
  caption: string;
  headers: Array<[string, string]>;
  children: React.ReactNode;
}) {
  return (
    <div className={stacked.box}>
      <table className={stacked.table}>
        <caption className="sr-only">{caption}</caption>
        <thead className={stacked.head}>
          <tr>
            {headers.map(([label, width]) => (
              <th key={label} scope="col" className={cn(stacked.th, width)}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={stacked.body}>{children}</tbody>
      </table>
    </div>
  );
}

export function SummaryCard({ label, value, tone }: { label: string; value: number | string; tone?: "danger" }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd
        className={cn(
          "mt-1 text-2xl font-semibold tabular-nums",
          tone === "danger" && Number(value) > 0 ? "text-red-700" : "text-slate-900",
        )}
      >
        {value}
      </dd>
    </div>
  );
}
