import { Link } from "react-router";
import { PrimaryCta, usePublicVisitor } from "#app/components/public-header";
import { multiSiteDiscounts, pricing, type BillingPeriod } from "#app/modules/site-content/content";
import { cn } from "#app/utils/cn";
import { CheckIcon } from "./components";

/** The plans as cards with a Monthly/Annual toggle, and the multi-site discounts: the home and pricing pages show them. */

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
 * checkout for the period shown (no trial offered to anyone signed in).
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
