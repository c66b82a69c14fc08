import { isCommonPassword } from "./common-passwords.server";
import {
  COMMON_PASSWORD_MESSAGE,
  MAX_PASSWORD_BYTES,
  MIN_PASSWORD_LENGTH,
  PASSWORD_TOO_LONG_MESSAGE,
  PASSWORD_TOO_SHORT_MESSAGE,
  PasswordSchema,
  passwordByteLength,
  SignUpSchema,
} from "./validation";

/**
 * The rules for a password being set (sign-up, reset, change): the shared
 * length rules plus the common-password list, which only the server knows.
 */

export const NewPasswordSchema = PasswordSchema.refine((password) => !isCommonPassword(password), COMMON_PASSWORD_MESSAGE);
export const SignUpServerSchema = SignUpSchema.extend({ password: NewPasswordSchema });

export type NewPasswordProblem = { kind: "too-short" | "too-long" | "common"; message: string };

/** The first rule a new password breaks, or null. */
export function newPasswordProblem(password: string): NewPasswordProblem | null {
  if (password.length < MIN_PASSWORD_LENGTH) return { kind: "too-short", message: PASSWORD_TOO_SHORT_MESSAGE };
  if (passwordByteLength(password) > MAX_PASSWORD_BYTES) return { kind: "too-long", message: PASSWORD_TOO_LONG_MESSAGE };
  if (isCommonPassword(password)) return { kind: "common", message: COMMON_PASSWORD_MESSAGE };
  return null;
}
