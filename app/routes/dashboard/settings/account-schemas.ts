import { z } from "zod";

/**
 * The account forms' schemas, read by the server's handlers
 * (./account-actions.server.ts) and by each form in the browser (useSchemaForm):
 * the browser checks only the shape (a valid address, DELETE typed); every rule
 * that needs the account (its password, the addresses taken) is the domain's,
 * on the server, and comes back through Conform's reply.
 */

export const ProfileSchema = z.object({
  firstName: z.string().trim().max(100, "Please keep the first name under 100 characters").default(""),
  lastName: z.string().trim().max(100, "Please keep the last name under 100 characters").default(""),
});

// An empty address is the domain's to refuse ("Please enter a new email address"), after the password.
export const ChangeEmailSchema = z.object({
  newEmail: z
    .string()
    .trim()
    .default("")
    .refine((email) => !email || z.email().safeParse(email).success, "Please enter a valid email address"),
  currentPassword: z.string().default(""),
});

// Every rule is the domain's (app/modules/account/account.server.ts), checked in the order the form shows them.
export const ChangePasswordSchema = z.object({
  currentPassword: z.string().default(""),
  newPassword: z.string().default(""),
  confirmPassword: z.string().default(""),
});
export const PASSWORDS = ["currentPassword", "newPassword", "confirmPassword"];

const TYPE_DELETE = "Please type DELETE to confirm";
export const DeleteAccountSchema = z.object({
  confirm: z
    .string({ error: TYPE_DELETE })
    .trim()
    .refine((typed) => typed === "DELETE", TYPE_DELETE),
});

export const DigestSchema = z.object({ digest: z.enum(["daily", "weekly", "off"], { error: "Choose daily, weekly or off." }) });
