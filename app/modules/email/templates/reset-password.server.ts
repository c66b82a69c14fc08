import { renderMail } from "./layout.server";

export function resetPasswordMail({ url }: { url: string }) {
  return renderMail({
    subject: "Reset your Inkpilot password",
    heading: "Reset your password",
    paragraphs: ["We received a request to reset the password of your Inkpilot account. Choose a new password with the link below."],
    action: { label: "Choose a new password", url },
    footnote:
      "This link is valid for 60 minutes and can be used once. If you did not ask for a reset, you can ignore this email: your password stays as it is.",
  });
}
