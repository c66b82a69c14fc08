import { renderMail } from "./layout.server";

/** To a workspace's owners when auto-pilot holds a day's article, fails to write it, or is stopped by the plan (docs/decisions/049). */
export function autopilotNoticeMail({
  siteName,
  day,
  keyword,
  reasons,
  link,
}: {
  siteName: string;
  day: string;
  keyword: string;
  reasons: string[];
  link: string;
}) {
  return renderMail({
    subject: `Auto-pilot needs you: ${siteName}, ${day}`,
    heading: "Auto-pilot did not publish today's article",
    paragraphs: [
      `The article for ${day}${keyword ? ` ("${keyword}")` : ""} on ${siteName} was not published, because:`,
      ...reasons.map((reason) => `• ${reason}`),
      "Review it: approve it to publish it, or reject it; you can also edit it first.",
    ],
    action: { label: "Review the article", url: link },
  });
}
