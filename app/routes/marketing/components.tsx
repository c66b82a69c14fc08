import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { Form, Link } from "react-router";
import { Field, TextareaField } from "#app/components/forms";
import { HoneypotField } from "#app/components/honeypot-field";
import { PrimaryCta, usePublicVisitor } from "#app/components/public-header";
import { multiSiteDiscounts, pricing, type BillingPeriod, type Faq, type Testimonial } from "#app/modules/site-content/content";
import type { LegalDocument } from "#app/modules/site-content/legal";
import { cn } from "#app/utils/cn";
import type { FormReply } from "#app/utils/form-reply";

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

export function Stars({ rating }: { rating: number }) {
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

/** Monthly/Annual as two links (works without JavaScript); the current one is marked for assistive tech. */
export function BillingToggle({ billing, basePath, anchor }: { billing: BillingPeriod; basePath: string; anchor?: string }) {
  const hash = anchor ? `#${anchor}` : "";
  const option = (period: BillingPeriod, label: React.ReactNode) => (
    <Link
      to={`${basePath}${period === "annual" ? "?billing=annual" : ""}${hash}`}
      aria-current={billing === period ? "true" : undefined}
      preventScrollReset
      className={cn(
        "inline-flex items-center gap-2 rounded-full px-5 py-2 text-sm font-semibold",
        billing === period ? "bg-brand-600 text-white shadow" : "text-slate-700 hover:text-slate-900",
      )}
    >
      {label}
    </Link>
  );
  return (
    <nav aria-label="Billing period" className="flex justify-center">
      <div className="inline-flex rounded-full border border-slate-200 bg-white p-1">
        {option("monthly", pricing.toggle.monthly)}
        {option(
          "annual",
          <>
            {pricing.toggle.annual}
            <span
              className={cn(
                "rounded-full px-2 py-0.5 text-xs",
                billing === "annual" ? "bg-white/20 text-white" : "bg-emerald-100 text-emerald-800",
              )}
            >
              {pricing.toggle.annualBadge}
            </span>
          </>,
        )}
      </div>
    </nav>
  );
}

/**
 * A plan card's button: the site's one call to action for visitors signed out;
 * for customers, "Your current plan" on their plan's card; on the Pro card a
 * customer on a trial gets 'Upgrade to Pro', a plain form to the plan page's
 * checkout for the period shown (no trial offered to anyone signed in; issue 10).
 */
function PlanAction({ plan, className, billing }: { plan: "trial" | "pro"; className: string; billing: BillingPeriod }) {
  const visitor = usePublicVisitor();
  if (!visitor.signedIn) return <PrimaryCta className={cn("mt-8 text-center", className)} />;
  if (plan === "pro" && visitor.plan === "trial")
    return (
      <form method="post" action="/dashboard/upgrade" className="mt-8 flex">
        <input type="hidden" name="intent" value="checkout" />
        <input type="hidden" name="interval" value={billing === "annual" ? "year" : "month"} />
        <button type="submit" className={cn("w-full text-center", className)}>
          Upgrade to Pro
        </button>
      </form>
    );
  if (visitor.plan !== plan) return null;
  return (
    <p
      className="mt-8 rounded-md bg-slate-100 px-4 py-2.5 text-center text-sm font-semibold text-slate-700"
      data-testid={`current-plan-${plan}`}
    >
      Your current plan
    </p>
  );
}

export function PricingCards({ billing, variant }: { billing: BillingPeriod; variant: "landing" | "pricing" }) {
  const { trial, pro } = pricing;
  const proPrice = billing === "annual" ? pro.annual : pro.monthly;
  const HeadingTag = variant === "landing" ? "h3" : "h2";
  return (
    <div className="mx-auto mt-10 grid max-w-4xl gap-6 md:grid-cols-2">
      <div className="flex flex-col rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <HeadingTag className="text-lg font-semibold text-slate-900">{trial.name}</HeadingTag>
        <p className="mt-2 text-sm text-slate-600">{trial.description}</p>
        <p className="mt-6 flex items-baseline gap-2">
          <span className="text-4xl font-bold text-slate-900">{trial.price}</span>
          <span className="text-sm text-slate-600">{trial.period}</span>
        </p>
        <PlanFeatures features={trial.features} />
        <PlanAction
          plan="trial"
          billing={billing}
          className="rounded-md border border-brand-600 px-4 py-2.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        />
      </div>
      <div className="relative flex flex-col rounded-2xl border-2 border-brand-600 bg-white p-8 shadow-lg">
        <p className="absolute -top-3 left-8 rounded-full bg-brand-600 px-3 py-0.5 text-xs font-semibold text-white">Most popular</p>
        <HeadingTag className="text-lg font-semibold text-slate-900">{pro.name}</HeadingTag>
        <p className="mt-2 text-sm text-slate-600">{pro.description}</p>
        <p className="mt-6 flex items-baseline gap-2" data-testid="pro-price">
          <span className="text-4xl font-bold text-slate-900">{proPrice.price}</span>
          <span className="text-sm text-slate-600">{proPrice.period}</span>
        </p>
        <p className="mt-1 text-sm font-medium text-emerald-800">{proPrice.note}</p>
        <PlanFeatures features={pro.features} />
        <PlanAction
          plan="pro"
          billing={billing}
          className="rounded-md bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-700"
        />
      </div>
    </div>
  );
}

export function DiscountTable({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="mx-auto max-w-3xl">
      <Heading id="discounts-title" className="text-2xl font-bold text-slate-900">
        {multiSiteDiscounts.title}
      </Heading>
      <p className="mt-2 text-slate-600">{multiSiteDiscounts.lead}</p>
      <div className="mt-6 overflow-x-auto rounded-xl border border-slate-200">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Pro price per site by number of sites in the workspace</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                Sites in your workspace
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Discount
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Monthly, per site
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Annual, per site
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {multiSiteDiscounts.rows.map((row) => (
              <tr key={row.sites}>
                <th scope="row" className="px-4 py-3 font-medium text-slate-900">
                  {row.sites}
                </th>
                <td className="px-4 py-3 text-slate-700">{row.percent}% off</td>
                <td className="px-4 py-3 text-slate-700">{row.monthly}</td>
                <td className="px-4 py-3 text-slate-700">{row.annual}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
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

type ContactFields = { name: string; email: string; company: string; message: string };

/**
 * The contact form of /contact and /help-center: a plain POST that works
 * without JavaScript (the pages do not hydrate); the server's reply refills it
 * and shows the field errors. The field ids are `<form id>-<name>`.
 */
export function ContactForm({
  id,
  actionData,
  showCompany,
  submitLabel,
}: {
  id: string;
  actionData: FormReply | undefined;
  showCompany: boolean;
  submitLabel: string;
}) {
  const [form, fields] = useForm<ContactFields>({ id, lastResult: actionData?.result });
  return (
    <Form method="post" {...getFormProps(form)} className="relative flex flex-col gap-4">
      {form.errors?.length ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {form.errors[0]}
        </p>
      ) : null}
      <HoneypotField id={`${id}-website`} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Name"
          inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "name", required: true }}
          errors={fields.name.errors}
        />
        <Field
          label="Email"
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email", required: true }}
          errors={fields.email.errors}
        />
      </div>
      {showCompany ? (
        <Field
          label="Company (optional)"
          inputProps={{ ...getInputProps(fields.company, { type: "text" }), autoComplete: "organization" }}
          errors={fields.company.errors}
        />
      ) : null}
      <TextareaField
        label="Message"
        textareaProps={{ ...getTextareaProps(fields.message), rows: 5, required: true, minLength: 10 }}
        errors={fields.message.errors}
      />
      <div>
        <button type="submit" className="rounded-md bg-brand-600 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-700">
          {submitLabel}
        </button>
      </div>
    </Form>
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

function PlanFeatures({ features }: { features: readonly string[] }) {
  return (
    <ul className="mt-6 flex flex-1 flex-col gap-3 text-sm text-slate-700">
      {features.map((feature) => (
        <li key={feature} className="flex gap-2">
          <CheckIcon className="text-brand-600" />
          {feature}
        </li>
      ))}
    </ul>
  );
}
