import { renderMail } from "./layout.server";

/** To a workspace's owners when the member who connected a site's Search Console left (docs/decisions/065). */
export function searchConsoleReleasedMail(input: {
  workspaceName: string;
  siteName: string;
  memberEmail: string;
  revoked: boolean;
  settingsUrl: string;
}) {
  return renderMail({
    subject: `Search Console needs reconnecting: ${input.siteName}`,
    heading: "Search Console needs reconnecting",
    paragraphs: [
      `${input.memberEmail} connected Search Console for ${input.siteName} with their own Google account and is no longer in ${input.workspaceName}.`,
      input.revoked
        ? "Inkpilot revoked that Google access, so no more figures are imported through it."
        : "That Google access also serves another site, so Inkpilot stopped using it here; no more figures are imported for this site through it.",
      "The figures already imported stay. An owner or admin can connect Search Console again with their own Google account.",
    ],
    action: { label: "Open Integrations", url: input.settingsUrl },
  });
}
