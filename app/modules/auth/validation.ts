import { z } from "zod";

/**
 * Field rules of the account forms, shared by the server actions and the
 * browser-side validation (so this file must stay free of server code).
 */

export const MIN_PASSWORD_LENGTH = 6;
// bcrypt reads only the first 72 bytes (not characters) of a password; longer
// ones would be cut silently, so they are refused wherever a password is set.
export const MAX_PASSWORD_BYTES = 72;
export const PASSWORD_TOO_SHORT_MESSAGE = `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`;
export const PASSWORD_TOO_LONG_MESSAGE = `Password must be at most ${MAX_PASSWORD_BYTES} bytes long. Letters with accents, symbols and emoji count as 2 to 4 bytes each.`;
// The list itself is checked on the server only (common-passwords.server.ts), to keep it out of the browser bundle.
export const COMMON_PASSWORD_MESSAGE = "This password is too common and easy to guess. Please choose a different one.";

const utf8 = new TextEncoder();
export function passwordByteLength(password: string) {
  return utf8.encode(password).length;
}

export const EmailSchema = z
  .string({ error: "Email is required" })
  .trim()
  .toLowerCase()
  .max(254, "Email is too long")
  .pipe(z.email({ error: "Please enter a valid email address" }));

export const PasswordSchema = z
  .string({ error: "Password is required" })
  .min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT_MESSAGE)
  .refine((password) => passwordByteLength(password) <= MAX_PASSWORD_BYTES, PASSWORD_TOO_LONG_MESSAGE);

export const SignInSchema = z.object({
  email: EmailSchema,
  // Sign-in only checks presence: old accounts may have other rules.
  password: z.string({ error: "Password is required" }),
  redirectTo: z.string().optional(),
});

/** Optional: invitations and the team page name a person by it (otherwise by their email address). */
const FullNameSchema = z.string().trim().max(100, "Please keep your name under 100 characters").default("");

export const SignUpSchema = z.object({ fullName: FullNameSchema, email: EmailSchema, password: PasswordSchema });

/** Resend verification and forgot password use the product's 'Email Required' wording (docs/product.md). */
export const EmailOnlySchema = z.object({
  email: z
    .string({ error: "Please enter your email address" })
    .trim()
    .toLowerCase()
    .max(254, "Email is too long")
    .pipe(z.email({ error: "Please enter a valid email address" })),
});
