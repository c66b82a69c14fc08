import { FormMessage } from "#app/components/forms";
import type { Notice } from "#app/utils/form-reply";

/**
 * One card of the generator's tabs: a section named by its heading (the tabs' forms and results sit in these),
 * with the notice its form's last answer brought, under the form.
 */
export function GeneratorCard({
  id,
  title,
  notice,
  children,
}: {
  id: string;
  title: React.ReactNode;
  notice?: Notice | null;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
      {notice ? (
        <div className="mt-4">
          <FormMessage {...notice} />
        </div>
      ) : null}
    </section>
  );
}
