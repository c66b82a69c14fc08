import { type Faq, type Testimonial } from "#app/modules/site-content/content";
import type { LegalDocument } from "#app/modules/site-content/legal";
import { cn } from "#app/utils/cn";

/**
 * Building blocks of the static marketing pages. Nothing here needs React in
 * the browser: the billing toggle is links, the FAQ is <details>, forms post.
 */

export function Section({
  id,
  title,
  lead,
  children,
  className,
}: {
  id: string;
  title: string;
  lead?: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={cn("px-4 py-16 sm:px-6 sm:py-20", className)}>
      <div className="mx-auto max-w-6xl">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id={`${id}-title`} className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {title}
          </h2>
          {lead ? <p className="mt-4 text-lg text-slate-600">{lead}</p> : null}
        </div>
        <div className="mt-12">{children}</div>
      </div>
    </section>
  );
}

function Stars({ rating }: { rating: number }) {
  return (
    <p className="flex gap-0.5 text-amber-600" role="img" aria-label={`Rated ${rating} out of 5`}>
      {Array.from({ length: 5 }, (_, i) => (
        <svg
          key={i}
          viewBox="0 0 20 20"
          className="h-4 w-4"
          fill={i < rating ? "currentColor" : "none"}
          stroke="currentColor"
          aria-hidden="true"
        >
          <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
        </svg>
      ))}
    </p>
  );
}

export function CheckIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className={cn("h-5 w-5 shrink-0", className)}>
      <path
        fillRule="evenodd"
        d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0z"
        clipRule="evenodd"
      />
    </svg>
  );
}

export function CrossIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className={cn("h-5 w-5 shrink-0", className)}>
      <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4z" />
    </svg>
  );
}

/** Single-open accordion without JavaScript: <details> sharing one name close each other natively. */
export function FaqAccordion({ faqs, name }: { faqs: Faq[]; name: string }) {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-3">
      {faqs.map((faq) => (
        <details key={faq.question} name={name} className="group rounded-xl border border-slate-200 bg-white px-5 py-4 open:shadow-sm">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
            <span>{faq.question}</span>
            <svg
              viewBox="0 0 20 20"
              fill="currentColor"
              aria-hidden="true"
              className="h-5 w-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
            >
              <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
            </svg>
          </summary>
          <p className="mt-3 text-slate-700">{faq.answer}</p>
        </details>
      ))}
    </div>
  );
}

export function PageHeader({ title, lead, eyebrow }: { title: string; lead?: string; eyebrow?: string }) {
  return (
    <div className="border-b border-slate-200 bg-slate-50 px-4 py-14 sm:px-6">
      <div className="mx-auto max-w-3xl text-center">
        {eyebrow ? <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{eyebrow}</p> : null}
        <h1 className="mt-2 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">{title}</h1>
        {lead ? <p className="mt-4 text-lg text-slate-600">{lead}</p> : null}
      </div>
    </div>
  );
}

export function LegalPage({ document }: { document: LegalDocument }) {
  return (
    <main id="main">
      <PageHeader title={document.title} lead={`Last updated ${document.lastUpdated}`} />
      <article className="mx-auto max-w-3xl px-4 py-14 leading-relaxed text-slate-700 sm:px-6">
        <p className="text-lg">{document.intro}</p>
        {document.sections.map((section) => (
          <section key={section.heading} className="mt-10">
            <h2 className="text-xl font-semibold text-slate-900">{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph.slice(0, 40)} className="mt-3">
                {paragraph}
              </p>
            ))}
          </section>
        ))}
      </article>
    </main>
  );
}

/** A customer's quote with stars, initials and role; `compact` under the home page's hero, a card elsewhere. */
export function TestimonialFigure({ testimonial: t, compact = false }: { testimonial: Testimonial; compact?: boolean }) {
  return (
    <figure
      className={
        compact
          ? "mx-auto mt-10 max-w-md rounded-xl border border-slate-200 bg-white p-5 text-left shadow-sm"
          : "flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      }
    >
      <Stars rating={t.rating} />
      <blockquote className={compact ? "mt-2 text-sm text-slate-700" : "mt-3 flex-1 text-slate-700"}>“{t.content}”</blockquote>
      <figcaption className={cn("flex items-center gap-3 text-sm", compact ? "mt-3" : "mt-5")}>
        <span
          aria-hidden="true"
          className={cn(
            "flex items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-700",
            compact ? "h-9 w-9" : "h-10 w-10",
          )}
        >
          {t.avatar}
        </span>
        <span>
          <span className="block font-semibold text-slate-900">{t.name}</span>
          <span className="block text-slate-600">{t.role}</span>
        </span>
      </figcaption>
    </figure>
  );
}
