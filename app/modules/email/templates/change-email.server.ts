import { renderMail } from "./layout.server";

/** Sent to the NEW address: following the link proves the user owns it. */
export function changeEmailMail({ confirmUrl, newEmail }: { confirmUrl: string; newEmail: string }) {
  return renderMail({
    subject: "Confirm your new email address",
    heading: "Confirm your new email address",
    paragraphs: [
      `Someone (hopefully you) asked to change the email address of an Inkpilot account to ${newEmail}.`,
      "Confirm the change with the button below. The link works once and expires in 60 minutes; you need to be signed in to use it.",
    ],
    action: { label: "Confirm email change", url: confirmUrl },
    footnote: "If you did not ask for this, ignore this mail: the account's email address stays as it is.",
  });
}
