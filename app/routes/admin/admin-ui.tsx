import { Form } from "react-router";
import { Button } from "#app/components/ui/button";
import { cn } from "#app/utils/cn";

/** Small pieces shared by the operator diagnostics pages. */

export function PageTitle({ id, title, children }: { id: string; title: string; children?: React.ReactNode }) {
  return (
    <header className="mb-6">
      <h1 id={id} className="text-2xl font-bold text-slate-900">
        {title}
      </h1>
      {children ? <div className="mt-1 max-w-3xl text-sm text-slate-600">{children}</div> : null}
    </header>
  );
}

export function Panel({ title, children, className }: { title: string; children: React.ReactNode; className?: string }) {
  return (
    <section className={cn("rounded-lg border border-slate-200 bg-white p-6", className)}>
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

export function YesNo({ value }: { value: boolean }) {
  return (
    <span
      className={cn(
        "inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset",
        value ? "bg-emerald-50 text-emerald-800 ring-emerald-200" : "bg-slate-100 text-slate-700 ring-slate-200",
      )}
    >
      {value ? "Yes" : "No"}
    </span>
  );
}

export function LevelBadge({ level }: { level: string }) {
  const tones: Record<string, string> = {
    error: "bg-red-50 text-red-800 ring-red-200",
    warn: "bg-amber-50 text-amber-800 ring-amber-200",
    info: "bg-sky-50 text-sky-800 ring-sky-200",
  };
  return (
    <span
      className={cn(
        "inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset",
        tones[level] ?? "bg-slate-100 ring-slate-200",
      )}
    >
      {level}
    </span>
  );
}

/** A plain table for operator lists; `empty` is shown instead when there are no rows. */
export function DataTable({
  caption,
  columns,
  rows,
  empty,
  testId,
}: {
  caption: string;
  columns: string[];
  rows: Array<{ key: string | number; cells: React.ReactNode[] }>;
  empty: string;
  testId?: string;
}) {
  if (rows.length === 0) {
    return <p className="rounded-md border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">{empty}</p>;
  }
  return (
    // A table wider than a phone scrolls in its own box; tabIndex lets keyboard users scroll it too.
    <div className="overflow-x-auto rounded-md border border-slate-200" role="region" aria-label={`${caption} table`} tabIndex={0}>
      <table className="w-full text-left text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col" className="px-3 py-2">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, i) => (
                <td key={i} className="px-3 py-2 align-top">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Newer / Page n of m / Older links for operator lists; keeps the list's other query parameters. */
export function Pager({ label, page, pageCount, search }: { label: string; page: number; pageCount: number; search: string }) {
  if (pageCount <= 1) return null;
  const to = (n: number) => {
    const params = new URLSearchParams(search);
    params.set("page", String(n));
    return `?${params.toString()}`;
  };
  const linkClass = "rounded-md border border-slate-300 bg-white px-3 py-1.5 hover:bg-slate-50";
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between text-sm">
      {page > 1 ? (
        <a href={to(page - 1)} className={linkClass}>
          Newer
        </a>
      ) : (
        <span />
      )}
      <span className="text-slate-600">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <a href={to(page + 1)} className={linkClass}>
          Older
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** An operator list's GET filter form: its controls, then 'Filter' and how many rows match. */
export function FilterForm({ total, children }: { total: number; children: React.ReactNode }) {
  return (
    <Form method="get" className="mb-4 flex flex-wrap items-end gap-3">
      {children}
      <Button type="submit" variant="secondary">
        Filter
      </Button>
      <p className="text-sm text-slate-600">{total} matching</p>
    </Form>
  );
}

/** A labelled control of an operator list's GET filter form. */
export function FilterField({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
      {label}
      {children}
    </label>
  );
}

export const filterInputClass = "rounded-md border border-slate-300 px-2 py-1.5 text-sm";

/** A filter's choice list with 'Any' first; the empty value means no filter. */
export function FilterSelect({
  label,
  name,
  value,
  options,
}: {
  label: string;
  name: string;
  value: string | null;
  options: readonly string[];
}) {
  return (
    <FilterField label={label}>
      <select name={name} defaultValue={value ?? ""} className={filterInputClass}>
        <option value="">Any</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </FilterField>
  );
}
