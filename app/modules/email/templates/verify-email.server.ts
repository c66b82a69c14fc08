import { renderMail } from "./layout.server";

export function verifyEmailMail({ url }: { url: string }) {
  return renderMail({
    subject: "Verify your email for Inkpilot",
    heading: "Confirm your email address",
    paragraphs: ["Thanks for signing up for Inkpilot. Please confirm that this is your email address to activate your account."],
    action: { label: "Verify my email", url },
    footnote: "This link is valid for 60 minutes and can be used once. If you did not sign up, you can ignore this email.",
  });
}
