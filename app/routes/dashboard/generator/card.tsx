/** One card of the generator's tabs: a section named by its heading (the tabs' forms and results sit in these). */
export function GeneratorCard({ id, title, children }: { id: string; title: React.ReactNode; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** How the tabs' forms check input: as the user types, since an error that vanished on blur would move the submit button under the pointer. */
export const CHECK_AS_TYPED = { shouldRevalidate: "onInput" } as const;
