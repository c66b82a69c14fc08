import { z } from "zod";
import { APP_PROVIDERS } from "#app/modules/publishing/app-providers";
import { SETTINGS_MESSAGES } from "./diagnostics-copy";
import type { CredentialTestResult } from "./integration-settings.server";

/** The integration settings form: one per app platform, checked the same way in the browser and on the server. */
export const SaveSchema = z.object({
  provider: z.enum(APP_PROVIDERS),
  clientId: z
    .string({ error: SETTINGS_MESSAGES.clientIdRequired })
    .trim()
    .min(1, SETTINGS_MESSAGES.clientIdRequired)
    .max(200, "Client ID is at most 200 characters."),
  clientSecret: z.string().trim().max(500, "Client Secret is at most 500 characters.").optional(),
});

/** What Test Connection answers, for the form whose intent is `test-<provider>`. */
export type TestReply = { intent: string; test: CredentialTestResult };
