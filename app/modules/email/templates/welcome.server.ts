import { renderMail } from "./layout.server";

export function welcomeMail({ name, dashboardUrl }: { name: string; dashboardUrl: string }) {
  return renderMail({
    subject: "Welcome to Inkpilot",
    heading: name ? `Welcome to Inkpilot, ${name}!` : "Welcome to Inkpilot!",
    paragraphs: [
      "Your account is ready and your 7-day free trial has started.",
      "Tell us your website and Inkpilot learns your brand, builds a 30-day content plan and writes SEO-optimised articles for you.",
    ],
    action: { label: "Open your dashboard", url: dashboardUrl },
  });
}
