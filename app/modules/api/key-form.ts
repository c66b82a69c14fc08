import { z } from "zod";

/** The Developer API section's 'Generate API key' form, checked the same in the browser and on the server (decision 024). */

const API_KEY_NAME_MAX = 80;

export const ApiKeyFormSchema = z.object({
  name: z
    .string({ error: "Give the key a name" })
    .trim()
    .min(1, "Give the key a name")
    .max(API_KEY_NAME_MAX, `Please keep the name under ${API_KEY_NAME_MAX} characters`),
  // Empty (Conform drops it): every site of the workspace.
  siteId: z.string().trim().optional(),
});

export const ApiKeyRevokeSchema = z.object({ keyId: z.string().trim().min(1) });
