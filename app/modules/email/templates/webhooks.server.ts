import { renderMail } from "./layout.server";

/** To a workspace's owners when an event webhook is paused after failing too often (docs/decisions/051). */
export function webhookPausedMail({
  workspaceName,
  url,
  reason,
  settingsUrl,
}: {
  workspaceName: string;
  url: string;
  reason: string;
  settingsUrl: string;
}) {
  return renderMail({
    subject: `Event webhook paused: ${workspaceName}`,
    heading: "We paused one of your event webhooks",
    paragraphs: [
      `Your receiver at ${url} kept failing, so Inkpilot stopped sending events to it.`,
      reason,
      "Events are not queued while it is paused. When the receiver works again, resume it in Settings → Integrations and send a test.",
    ],
    action: { label: "Open event webhooks", url: settingsUrl },
  });
}
