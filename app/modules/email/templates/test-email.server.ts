import { renderMail } from "./layout.server";

export function testEmailMail({ operatorEmail, from }: { operatorEmail: string; from: string }) {
  return renderMail({
    subject: "Inkpilot test email",
    heading: "Your email settings work",
    paragraphs: [
      `This test email was sent from ${from} because ${operatorEmail} asked for one on the email settings page.`,
      "If you can read this, verification, password reset and invitation mail will reach your customers too.",
    ],
  });
}
