import { renderMail } from "./layout.server";

type BillingNotice = {
  kind: "payment_failed" | "action_required" | "trial_will_end";
  workspaceName: string;
  planUrl: string;
  /** Stripe's hosted invoice page, where a payment that needs the bank's confirmation is completed. */
  invoiceUrl: string | null;
};

/** Mails to a workspace's owners about its Pro subscription (docs/decisions/046). */
export function billingNoticeMail({ kind, workspaceName, planUrl, invoiceUrl }: BillingNotice) {
  if (kind === "payment_failed")
    return renderMail({
      subject: "Your Inkpilot payment failed",
      heading: "We could not take your payment",
      paragraphs: [
        `The latest payment for ${workspaceName}'s Pro plan failed. Your card will be tried again over the next days and Pro keeps working meanwhile.`,
        "Update your card in the billing portal ('Manage subscription' on your plan page) so your articles keep being written and published.",
      ],
      action: { label: "Open your plan", url: planUrl },
    });
  if (kind === "action_required")
    return renderMail({
      subject: "Confirm your Inkpilot payment",
      heading: "Your bank asks you to confirm a payment",
      paragraphs: [
        `A payment for ${workspaceName}'s Pro plan needs your confirmation before it can go through.`,
        "Open the invoice and confirm the payment with your bank.",
      ],
      action: { label: "Confirm the payment", url: invoiceUrl ?? planUrl },
    });
  return renderMail({
    subject: "Your Inkpilot trial ends soon",
    heading: "Your trial ends in a few days",
    paragraphs: [`The trial of ${workspaceName}'s Pro subscription ends soon; the first payment is then taken from your card.`],
    action: { label: "Open your plan", url: planUrl },
  });
}
