import { ROLE_LABELS } from "#app/modules/workspaces/permissions";
import type { WorkspaceRole } from "#app/db/schema";
import { renderMail } from "./layout.server";

export function invitationMail({
  inviter,
  workspace,
  role,
  url,
}: {
  inviter: string;
  workspace: string;
  role: WorkspaceRole;
  url: string;
}) {
  return renderMail({
    subject: `${inviter} invited you to ${workspace} on Inkpilot`,
    heading: `Join ${workspace} on Inkpilot`,
    paragraphs: [
      `${inviter} invited you to work on ${workspace} as an ${ROLE_LABELS[role].toLowerCase()}. Inkpilot researches, writes and publishes SEO blog posts.`,
      "Accept with the link below: sign in, or create your account with this address.",
    ],
    action: { label: "Accept invitation", url },
    footnote: "This link is valid for 7 days and can be used once. If you did not expect it, you can ignore this email.",
  });
}
