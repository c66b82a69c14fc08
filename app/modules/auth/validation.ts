import { z } from "zod";

/**
 * Field rules of the account forms, shared by the server actions and the
 * browser-side validation (so this file must stay free of server code).
 */

export const MIN_PASSWORD_LENGTH = 6;
// bcrypt reads only the first 72 bytes; longer passwords would be cut silently.
export const MAX_PASSWORD_LENGTH = 72;

export const EmailSchema = z
  .string({ error: "Email is required" })
  .trim()
  .toLowerCase()
  .max(254, "Email is too long")
  .pipe(z.email({ error: "Please enter a valid email address" }));

export const PasswordSchema = z
  .string({ error: "Password is required" })
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`)
  .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters long`);

export const SignInSchema = z.object({
  email: EmailSchema,
  // Sign-in only checks presence: old accounts may have other rules.
  password: z.string({ error: "Password is required" }),
  redirectTo: z.string().optional(),
});

export const SignUpSchema = z.object({ email: EmailSchema, password: PasswordSchema });

/** Resend verification and forgot password use the spec's 'Email Required' wording. */
export const EmailOnlySchema = z.object({
  email: z
    .string({ error: "Please enter your email address" })
    .trim()
    .toLowerCase()
    .max(254, "Email is too long")
    .pipe(z.email({ error: "Please enter a valid email address" })),
});
