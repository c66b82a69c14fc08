import { z } from "zod";

/** The email settings page's two forms, checked the same way in the browser and on the server. */

export const EMAIL_SETTINGS_MESSAGES = {
  saved: "Email configuration updated",
  saveFailed: "Failed to update email configuration",
  testFailed: "Failed to send test email",
} as const;

// "Name <address>" or a bare address, the two forms Postmark accepts for From.
const FROM = /^(?:[^<>@\r\n]{1,100} <[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/;

export const SaveEmailSettingsSchema = z.object({
  token: z.string().trim().max(200, "The server token is at most 200 characters.").optional(),
  clearToken: z.boolean().optional(),
  from: z
    .string()
    .trim()
    .max(200, "The from address is at most 200 characters.")
    .regex(FROM, "Enter an address like support@example.com or Inkpilot <support@example.com>.")
    .optional(),
});

export const TestEmailSchema = z.object({
  to: z.email("Enter the address to send the test email to.").max(254),
});
