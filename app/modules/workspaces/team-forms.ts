import { z } from "zod";
import { EmailSchema, PasswordSchema } from "#app/modules/auth/validation";

/** The Team page's forms (docs/decisions/044): client-safe, so the browser checks them as the server does. */

export const INVITABLE_ROLES = ["admin", "editor"] as const;
const ROLES = ["owner", "admin", "editor"] as const;

export const InviteSchema = z.object({
  email: EmailSchema,
  role: z.enum(INVITABLE_ROLES, { error: "Choose a role" }),
});

export const ChangeRoleSchema = z.object({ userId: z.string().min(1), role: z.enum(ROLES, { error: "Choose a role" }) });
const MemberSchema = z.object({ userId: z.string().min(1) });
/** Remove Member: `revokeApiKeys` is a checkbox, "on" when ticked (it is by default) and absent when not. */
export const RemoveMemberSchema = MemberSchema.extend({
  revokeApiKeys: z
    .literal("on")
    .optional()
    .transform((v) => v === "on"),
});
export const RevokeSchema = z.object({ invitationId: z.string().min(1) });

const WORKSPACE_NAME_MAX = 80;
/** Rename Workspace (owners): the name invitations, the site switcher and mails show. */
export const RenameWorkspaceSchema = z.object({
  name: z
    .string({ error: "Workspace name required" })
    .trim()
    .min(1, "Workspace name required")
    .max(WORKSPACE_NAME_MAX, `Please keep the workspace name under ${WORKSPACE_NAME_MAX} characters`),
});

/** Creating an account from an invitation: the address is the invitation's, so only a name and a password. */
export const InviteSignUpSchema = z.object({
  token: z.string().min(1),
  fullName: z.string().trim().max(100, "Please keep your name under 100 characters").default(""),
  password: PasswordSchema,
});
