import { useState } from "react";
import { Link, useLocation } from "react-router";
import type { BillingBanner as Banner } from "#app/modules/billing/return.server";
import { SUBSCRIPTION_ENDED } from "#app/modules/billing/entitlements";
import { cn } from "#app/utils/cn";

/**
 * The dashboard's billing banner (docs/decisions/046): 'Welcome to Pro Plan'
 * once after checkout (dismissable; without JavaScript, Dismiss reloads the
 * page, where it is gone), a note while the payment is being confirmed, and
 * the past-due and ended states with the way to the plan page for owners.
 */
export function BillingBanner({ banner }: { banner: Banner }) {
  const [dismissed, setDismissed] = useState(false);
  const location = useLocation();
  if (!banner || dismissed) return null;
  const tone = banner.kind === "welcome" ? "success" : banner.kind === "confirming" ? "info" : "warning";
  return (
    <aside
      aria-label="Billing"
      data-testid="billing-banner"
      data-kind={banner.kind}
      className={cn(
        "mb-6 flex flex-wrap items-start justify-between gap-3 rounded-xl border px-4 py-3 text-sm",
        tone === "success" && "border-emerald-200 bg-emerald-50 text-emerald-950",
        tone === "info" && "border-slate-200 bg-slate-50 text-slate-900",
        tone === "warning" && "border-amber-200 bg-amber-50 text-amber-950",
      )}
    >
      <div className="min-w-0">
        <BannerText banner={banner} />
      </div>
      {banner.kind === "welcome" ? (
        <Link
          to={location.pathname}
          onClick={(event) => {
            event.preventDefault();
            setDismissed(true);
          }}
          className="font-medium underline"
        >
          Dismiss
        </Link>
      ) : null}
    </aside>
  );
}

function BannerText({ banner }: { banner: NonNullable<Banner> }) {
  switch (banner.kind) {
    case "welcome":
      return (
        <>
          <p className="font-semibold">Welcome to Pro Plan</p>
          <p>Your workspace is on Pro: 50 AI articles per site each month, the full AI allowance and auto-pilot.</p>
        </>
      );
    case "confirming":
      return (
        <>
          <p className="font-semibold">Confirming your payment</p>
          <p>Stripe has not confirmed the payment yet. Pro starts as soon as it does; reload this page in a moment.</p>
        </>
      );
    case "past_due":
      return (
        <>
          <p className="font-semibold">Your last payment failed</p>
          <p>
            Pro keeps working while your card is tried again.{" "}
            {banner.canManage ? (
              <Link to="/dashboard/upgrade" className="font-medium underline">
                Update your card in the billing portal
              </Link>
            ) : (
              "Ask the owner of this workspace to update the card."
            )}
          </p>
        </>
      );
    case "ended":
      return (
        <>
          <p className="font-semibold">{SUBSCRIPTION_ENDED.title}</p>
          <p>
            {SUBSCRIPTION_ENDED.message}{" "}
            {banner.canManage ? (
              <Link to="/dashboard/upgrade" className="font-medium underline">
                Renew Pro
              </Link>
            ) : null}
          </p>
        </>
      );
  }
}
