import { data } from "react-router";
import { z } from "zod";
import { requestContext } from "#app/context";
import { getDb } from "#app/db/client.server";
import { SETTINGS_MESSAGES } from "#app/modules/admin/diagnostics-copy";
import { SaveSchema, type TestReply } from "#app/modules/admin/integration-settings-form";
import {
  integrationSettingsView,
  testIntegrationSettings,
  updateIntegrationSettings,
} from "#app/modules/admin/integration-settings.server";
import { authContext } from "#app/modules/auth/guards.server";
import { isAppProvider } from "#app/modules/publishing/app-providers";
import { parseSubmission, replyError, replyNotice, replyOk } from "#app/utils/forms.server";
import { logger } from "#app/utils/logger.server";
import { PageTitle, Panel } from "./admin-ui";
import { ProviderSection } from "./integration-settings-section";
import type { Route } from "./+types/integration-settings";

export const meta: Route.MetaFunction = () => [{ title: "Integration settings | Inkpilot Admin" }];

export async function loader() {
  return { providers: await integrationSettingsView(getDb()) };
}

/** Which provider's form was posted, and whether to save or test it; the fields are SaveSchema's. */
const ProviderIntentSchema = z.object({ intent: z.string().optional(), provider: z.string().optional() });

export async function action({ request, context }: Route.ActionArgs) {
  const { formData, submission: chosen } = await parseSubmission(request, ProviderIntentSchema);
  const { intent = "", provider } = chosen.status === "success" ? chosen.value : {};
  if (!isAppProvider(provider)) return replyNotice(intent, { title: SETTINGS_MESSAGES.saveFailed, description: "Unknown platform." });
  const db = getDb();
  if (intent === `test-${provider}`) {
    try {
      return data<TestReply>({ intent, test: await testIntegrationSettings(db, provider) });
    } catch (error) {
      logger.error({ err: error, provider }, "integration settings test failed");
      return data<TestReply>({
        intent,
        test: { ok: false, title: SETTINGS_MESSAGES.testFailed, description: "The check could not run.", checks: [], source: "" },
      });
    }
  }
  const { submission } = await parseSubmission(formData, SaveSchema);
  // The typed secret is never sent back, not even to show the form again.
  if (submission.status !== "success")
    return replyError(submission, { notice: { title: SETTINGS_MESSAGES.saveFailed }, hideFields: ["clientSecret"] });
  const { user } = context.get(authContext);
  try {
    await updateIntegrationSettings(
      db,
      submission.value.provider,
      { clientId: submission.value.clientId, clientSecret: submission.value.clientSecret || null },
      { userId: user.id, ip: context.get(requestContext).ip ?? null },
    );
  } catch (error) {
    logger.error({ err: error, provider }, "integration settings save failed");
    return replyError(submission, { status: 500, notice: { title: SETTINGS_MESSAGES.saveFailed }, hideFields: ["clientSecret"] });
  }
  // The secret field is cleared (it never comes back from the server), the loader reruns with the new flags.
  return replyOk(submission, { notice: { title: SETTINGS_MESSAGES.saved }, resetForm: true });
}

export default function IntegrationSettings({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div aria-labelledby="integration-settings-title" className="flex flex-col gap-6">
      <PageTitle id="integration-settings-title" title="Integration settings">
        The client credentials of Inkpilot's own apps on WordPress.com, Shopify and Wix, used when a customer connects a site.
      </PageTitle>
      {loaderData.providers.map((provider) => (
        // Remounted after a save, so the form starts again from the saved client id (and an empty secret).
        <ProviderSection key={`${provider.provider}-${provider.updatedAt ?? ""}`} provider={provider} actionData={actionData} />
      ))}
      <Panel title="Security">
        <ul className="list-disc pl-5 text-sm text-slate-700">
          <li>Secrets are never shown again once saved; they are stored encrypted.</li>
          <li>Every operation runs on the server.</li>
          <li>Only operators (admin) can open this page.</li>
          <li>Every change is recorded in the audit log, without the secret.</li>
        </ul>
      </Panel>
    </div>
  );
}
