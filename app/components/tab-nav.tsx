import { Link } from "react-router";
import { cn } from "#app/utils/cn";

/**
 * Tabs of one page as links to `?tab=<id>` (docs/decisions/027): the tab is in
 * the URL, so it survives a reload and works without JavaScript. "underline"
 * for a page's sections, "pills" for views of one list.
 */
export function TabNav<Id extends string>({
  label,
  tabs,
  current,
  variant = "underline",
  preventScrollReset,
  className,
  badge,
}: {
  label: string;
  tabs: ReadonlyArray<{ id: Id; label: string }>;
  current: Id;
  variant?: "underline" | "pills";
  preventScrollReset?: boolean;
  className?: string;
  /** Something shown after a tab's label, e.g. a count. */
  badge?: (id: Id) => React.ReactNode;
}) {
  const underline = variant === "underline";
  return (
    <nav aria-label={label} className={cn(underline && "border-b border-slate-200", className)}>
      <ul className={underline ? "-mb-px flex flex-wrap gap-4" : "inline-flex rounded-lg bg-slate-100 p-1"}>
        {tabs.map((t) => (
          <li key={t.id}>
            <Link
              to={`?tab=${t.id}`}
              aria-current={t.id === current ? "page" : undefined}
              preventScrollReset={preventScrollReset}
              className={
                underline
                  ? cn(
                      "inline-block border-b-2 px-1 pb-2 text-sm font-medium",
                      t.id === current ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-slate-900",
                    )
                  : cn(
                      "inline-flex items-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 hover:text-slate-900",
                      t.id === current && "bg-white text-slate-900 shadow-sm",
                    )
              }
            >
              {t.label}
              {badge?.(t.id)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
