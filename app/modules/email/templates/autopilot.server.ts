import { renderMail } from "./layout.server";

/**
 * To a workspace's owners when auto-pilot holds a day's article, fails to write it, or is stopped by the plan
 * (docs/decisions/049). `slot` is the day's publishing time while it is still ahead (the mail then says what will
 * not happen unless they act); null once it has passed.
 */
export function autopilotNoticeMail({
  siteName,
  day,
  keyword,
  reasons,
  link,
  slot,
}: {
  siteName: string;
  day: string;
  keyword: string;
  reasons: string[];
  link: string;
  slot: string | null;
}) {
  const article = `The article for ${day}${keyword ? ` ("${keyword}")` : ""} on ${siteName}`;
  return renderMail({
    subject: `Auto-pilot needs you: ${siteName}, ${day}`,
    heading: slot ? `Auto-pilot will not publish at ${slot} unless you act` : "Auto-pilot did not publish today's article",
    paragraphs: [
      slot ? `${article} waits for you and will not go out at ${slot}, because:` : `${article} was not published, because:`,
      ...reasons.map((reason) => `• ${reason}`),
      "Review it: approve it to publish it, or reject it; you can also edit it first.",
    ],
    action: { label: "Review the article", url: link },
  });
}

/** A day's publication failed: the owners are told once, with the destination's reason and what fixes it. */
export function autopilotFailedMail({
  siteName,
  day,
  keyword,
  reason,
  fix,
  link,
}: {
  siteName: string;
  day: string;
  keyword: string;
  reason: string;
  fix: string;
  link: string;
}) {
  return renderMail({
    subject: `Auto-pilot could not publish: ${siteName}, ${day}`,
    heading: "Today's article did not go live",
    paragraphs: [
      `The article for ${day}${keyword ? ` ("${keyword}")` : ""} on ${siteName} could not be published:`,
      `• ${reason}`,
      fix,
      "Then open the day and choose 'Try again'.",
    ],
    action: { label: "Open the day", url: link },
  });
}

export type DigestSection = { title: string; items: Array<{ text: string; url: string; note: string | null }> };

/** The daily or weekly auto-pilot digest of a workspace (docs/decisions/049); only sections with something in them. */
export function digestMail({
  workspaceName,
  period,
  sections,
  settingsUrl,
  heading = `What auto-pilot did ${period}`,
}: {
  workspaceName: string;
  period: string;
  sections: DigestSection[];
  settingsUrl: string;
  /** When only the week in search has news, the heading says that instead of auto-pilot. */
  heading?: string;
}) {
  const paragraphs = sections.flatMap((section) => [
    `${section.title} (${section.items.length}):`,
    ...section.items.map((item) => `• ${item.text}${item.note ? ` (${item.note})` : ""}: ${item.url}`),
  ]);
  return renderMail({
    subject: `Auto-pilot digest for ${workspaceName}`,
    heading,
    paragraphs,
    action: sections[0]?.items[0]
      ? { label: sections[0].title === "Needs your attention" ? "Review what needs you" : "Open Inkpilot", url: sections[0].items[0].url }
      : undefined,
    footnote: `Change how often you get this mail, or switch it off, in your account settings: ${settingsUrl}`,
  });
}
