import { getFormProps, useForm } from "@conform-to/react";
import { useEffect } from "react";
import { Form } from "react-router";
import { FormMessage } from "#app/components/forms";
import { Button } from "#app/components/ui/button";
import { BILLING_STATE_LABELS } from "#app/modules/billing/entitlements";
import type { IntervalQuote, PlanView } from "#app/modules/billing/plan-view.server";
import { BILLING_NOT_CONFIGURED } from "#app/modules/billing/plan-forms";
import { formatUsd, PRO_MONTHLY_ARTICLES } from "#app/modules/billing/plans";
import { replyFor } from "#app/utils/form-reply";
import { SettingsCard as Card } from "#app/components/settings-ui";

const per = (interval: "month" | "year") => (interval === "month" ? "month" : "year");
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

type Props = { view: PlanView; actionData: unknown; checkoutCancelled: boolean; formatDay: (iso: string) => string };

/** The plan page (docs/decisions/046): the current plan, the site count and its price, upgrade or manage. */
export function PlanPage({ view, actionData, checkoutCancelled, formatDay }: Props) {
  const notice = (replyFor(actionData, "checkout") ?? replyFor(actionData, "portal"))?.notice;
  const canBuy = view.state === "trial" || view.state === "trial_expired" || view.state === "ended";
  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Plan and billing</h1>
        <p className="mt-1 text-sm text-slate-600">
          Pro is priced per site: every site of the workspace on one subscription, with a discount from the second site.
        </p>
      </header>
      {checkoutCancelled ? <FormMessage tone="info" title="Checkout cancelled" description="Nothing was charged." /> : null}
      {notice ? <FormMessage {...notice} /> : null}
      <CurrentPlan view={view} formatDay={formatDay} />
      {canBuy ? <UpgradeChoices view={view} /> : null}
      {view.hasBillingAccount && view.billingConfigured ? <ManageSubscription requestKey={view.requestKey} /> : null}
    </div>
  );
}

function CurrentPlan({ view, formatDay }: Pick<Props, "view" | "formatDay">) {
  const sub = view.subscription;
  return (
    <Card title="Current plan">
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[12rem_1fr]">
        <dt className="text-slate-600">Plan</dt>
        <dd className="font-semibold text-slate-900" data-testid="plan-state" data-state={view.state}>
          {BILLING_STATE_LABELS[view.state]}
        </dd>
        <dt className="text-slate-600">Sites in this workspace</dt>
        <dd className="text-slate-900" data-testid="plan-sites">
          {view.sites}
        </dd>
        {view.state === "trial" || view.state === "trial_expired" ? (
          <>
            <dt className="text-slate-600">{view.state === "trial" ? "Trial ends" : "Trial ended"}</dt>
            <dd className="text-slate-900">{formatDay(view.trialEndsAt)}</dd>
          </>
        ) : null}
        {sub ? (
          <>
            <dt className="text-slate-600">Billing</dt>
            <dd className="text-slate-900" data-testid="plan-billing">
              {sub.interval === "month" ? "Monthly" : "Annual"}, {plural(sub.quantity, "site")} billed
            </dd>
            {sub.currentPeriodEnd ? (
              <>
                <dt className="text-slate-600">
                  {view.state === "cancelling" ? "Pro ends on" : view.state === "ended" ? "Ended on" : "Current period ends"}
                </dt>
                <dd className="text-slate-900" data-testid="plan-period-end">
                  {formatDay(sub.currentPeriodEnd)}
                </dd>
              </>
            ) : null}
          </>
        ) : null}
        {view.nextInvoice ? (
          <>
            <dt className="text-slate-600">Next invoice</dt>
            <dd className="text-slate-900" data-testid="plan-next-invoice">
              {formatUsd(view.nextInvoice.amountCents)} on {formatDay(view.nextInvoice.at)}
            </dd>
          </>
        ) : null}
      </dl>
      <StateNote view={view} formatDay={formatDay} />
    </Card>
  );
}

function StateNote({ view, formatDay }: Pick<Props, "view" | "formatDay">) {
  const end = view.subscription?.currentPeriodEnd;
  if (view.state === "cancelling")
    return (
      <p className="mt-4 text-sm text-slate-700">
        Your subscription is cancelled and will not renew. Pro stays until {end ? formatDay(end) : "the end of the period"}; after that your
        articles stay readable and exportable. You can renew in the billing portal before then.
      </p>
    );
  if (view.state === "past_due")
    return (
      <p className="mt-4 text-sm text-amber-900">
        Your last payment failed. Pro keeps working while your card is tried again; update it in the billing portal.
      </p>
    );
  if (view.state === "ended")
    return (
      <p className="mt-4 text-sm text-slate-700">
        Your Pro plan has ended. Your articles stay readable and exportable; upgrade again to write new articles and use AI actions.
      </p>
    );
  if (view.state === "pro" && !view.subscription)
    return <p className="mt-4 text-sm text-slate-700">Pro was given to this workspace by the Inkpilot team.</p>;
  return null;
}

function UpgradeChoices({ view }: { view: PlanView }) {
  return (
    <Card
      title="Upgrade to Pro"
      description={`${PRO_MONTHLY_ARTICLES} AI articles per site per month, the full AI allowance and auto-pilot, for every site of this workspace.`}
    >
      {view.billingConfigured ? (
        <div className="grid gap-4 md:grid-cols-2">
          {view.quotes.map((quote) => (
            <QuoteOption key={quote.interval} quote={quote} sites={view.sites} requestKey={view.requestKey} />
          ))}
        </div>
      ) : (
        <FormMessage tone="info" title="Billing is not configured" description={BILLING_NOT_CONFIGURED} />
      )}
      <p className="mt-4 text-sm text-slate-600">
        Adding a site later bills the prorated difference at once; removing one lowers the price from the next invoice.
      </p>
    </Card>
  );
}

function QuoteOption({ quote, sites, requestKey }: { quote: IntervalQuote; sites: number; requestKey: string }) {
  const [form] = useForm({ id: `checkout-${quote.interval}` });
  const label = quote.interval === "month" ? "Monthly" : "Annual";
  return (
    <div className="flex flex-col rounded-lg border border-slate-200 p-4" data-testid={`quote-${quote.interval}`}>
      <h3 className="font-semibold text-slate-900">{label}</h3>
      <p className="mt-2 text-2xl font-bold text-slate-900">
        {formatUsd(quote.totalCents)}
        <span className="text-sm font-normal text-slate-600"> per {per(quote.interval)}</span>
      </p>
      <p className="mt-1 text-sm text-slate-700">
        {plural(sites, "site")} × {formatUsd(quote.perSiteCents)}
        {quote.discountPercent ? (
          <>
            {" "}
            <s className="text-slate-500">{formatUsd(quote.fullPerSiteCents)}</s>{" "}
            <span className="font-medium text-emerald-800">{quote.discountPercent}% multi-site discount</span>
          </>
        ) : null}
      </p>
      {/* A full page submit: the answer is a redirect to Stripe's hosted checkout. */}
      <Form method="post" reloadDocument {...getFormProps(form)} className="mt-4">
        <input type="hidden" name="intent" value="checkout" />
        <input type="hidden" name="interval" value={quote.interval} />
        <input type="hidden" name="requestKey" value={requestKey} />
        <Button type="submit" className="w-full">
          Upgrade to Pro, {label.toLowerCase()}
        </Button>
      </Form>
    </div>
  );
}

function ManageSubscription({ requestKey }: { requestKey: string }) {
  const [form] = useForm({ id: "portal" });
  return (
    <Card
      title="Manage subscription"
      description="Cards, invoices and cancellation are in the billing portal, which opens in a new tab. The number of sites is managed here in Inkpilot."
    >
      <Form method="post" reloadDocument target="_blank" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="portal" />
        <input type="hidden" name="requestKey" value={requestKey} />
        <Button type="submit" variant="secondary">
          Manage subscription
        </Button>
      </Form>
    </Card>
  );
}

/** What the new tab shows when the billing portal could not be opened: the spec's words and the fallback link. */
export function PortalFallback({
  title,
  description,
  url,
  reference,
}: {
  title: string;
  description: string;
  url: string | null;
  reference: string;
}) {
  // With JavaScript the fallback opens by itself, as the portal would have; without it, the link below.
  useEffect(() => {
    if (url) window.location.assign(url);
  }, [url]);
  return (
    <div className="mx-auto flex max-w-lg flex-col gap-4 py-10">
      <FormMessage
        tone="info"
        title={title}
        description={url ? description : "The billing portal could not be opened. Please try again in a few minutes."}
      />
      {url ? (
        <a href={url} rel="noopener noreferrer" className="text-sm font-semibold text-brand-700 underline">
          Open the billing portal
        </a>
      ) : null}
      <p className="text-xs text-slate-500">Reference {reference}</p>
    </div>
  );
}
