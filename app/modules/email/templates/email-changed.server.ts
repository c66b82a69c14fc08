import { renderMail } from "./layout.server";

/**
 * Sent to the OLD address once an email change is confirmed. The revert link
 * carries its secret in the `token` query parameter, like every account link.
 */
export function emailChangedMail({ newEmail, revertUrl }: { newEmail: string; revertUrl: string }) {
  return renderMail({
    subject: "Your Inkpilot email address was changed",
    heading: "Your email address was changed",
    paragraphs: [
      `The email address of your Inkpilot account was just changed to ${newEmail}. From now on, sign-in links and notices go there.`,
      "If you made this change, there is nothing to do. If you did not, restore this address with the button below: we will sign the account out on every device, and you can then choose a new password.",
    ],
    action: { label: "Restore my email address", url: revertUrl },
    footnote: "This link works once and is valid for 7 days.",
  });
}
