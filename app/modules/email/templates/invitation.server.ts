import { renderMail } from "./layout.server";

/**
 * Names a person and a workspace the recipient recognises: the inviter by name and address (by address alone
 * without a name), and the workspace by its name, unless that is still the default made from an email's local part
 * ("hello's workspace", before a name or a brand is known), which reads as spam.
 */
export function invitationMail({
  inviter,
  workspace,
  roleLabel,
  url,
}: {
  inviter: { fullName: string; email: string };
  workspace: string;
  /** The role in words ("Editor"): workspaces knows its roles, mail only words them. */
  roleLabel: string;
  url: string;
}) {
  const fullName = inviter.fullName.trim();
  const who = fullName || inviter.email;
  const whoInFull = fullName ? `${fullName} (${inviter.email})` : inviter.email;
  const localPart = inviter.email.split("@")[0] ?? "";
  const unnamed = !fullName && workspace === `${localPart}'s workspace`;
  const where = unnamed ? "their workspace" : workspace;
  return renderMail({
    subject: `${who} invited you to ${where} on Inkpilot`,
    heading: unnamed ? `Join ${inviter.email} on Inkpilot` : `Join ${workspace} on Inkpilot`,
    paragraphs: [
      `${whoInFull} invited you to work on ${where} as an ${roleLabel.toLowerCase()}. Inkpilot researches, writes and publishes SEO blog posts.`,
      "Accept with the link below: sign in, or create your account with this address.",
    ],
    action: { label: "Accept invitation", url },
    footnote: "This link is valid for 7 days and can be used once. If you did not expect it, you can ignore this email.",
  });
}
