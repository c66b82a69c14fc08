import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, Link } from "react-router";
import { requestContext } from "#app/context";
import { getDb } from "#app/db/client.server";
import { CheckboxField, Field, FormMessage, useSchemaForm } from "#app/components/forms";
import { StatusButton } from "#app/components/ui/button";
import { EMAIL_SETTINGS_MESSAGES as MESSAGES, SaveEmailSettingsSchema, TestEmailSchema } from "#app/modules/admin/email-settings-form";
import { authContext } from "#app/modules/auth/guards.server";
import { mailDiagnostics, sendTestEmail } from "#app/modules/email/diagnostics.server";
import { mailSettingsView, saveMailSettings } from "#app/modules/email/settings.server";
import { replyFor } from "#app/utils/form-reply";
import { parseSubmission, replyError, replyNotice, replyOk } from "#app/utils/forms.server";
import { logger } from "#app/utils/logger.server";
import { useIsPending } from "#app/utils/use-is-pending";
import { PageTitle, Panel, YesNo } from "./admin-ui";
import { formatUtc } from "./mail-status";
import type { Route } from "./+types/email-settings";

export const meta: Route.MetaFunction = () => [{ title: "Email settings | Inkpilot Admin" }];

export async function loader() {
  const db = getDb();
  const [settings, diagnostics] = await Promise.all([mailSettingsView(db), mailDiagnostics(db)]);
  return { settings, diagnostics };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const { user } = context.get(authContext);
  const actor = { userId: user.id, email: user.email, ip: context.get(requestContext).ip ?? null };
  const db = getDb();
  if (intent === "test") {
    const { submission } = await parseSubmission(formData, TestEmailSchema);
    if (submission.status !== "success") return replyError(submission, { notice: { title: MESSAGES.testFailed } });
    const result = await sendTestEmail(db, submission.value.to, actor);
    return result.ok
      ? replyOk(submission, { notice: { title: result.title, description: result.description } })
      : replyError(submission, { status: 502, notice: { title: result.title, description: result.description } });
  }
  if (intent !== "save") return replyNotice(intent, { title: MESSAGES.saveFailed, description: "Unknown action." });
  const { submission } = await parseSubmission(formData, SaveEmailSettingsSchema);
  // The typed token is never sent back, not even to show the form again.
  if (submission.status !== "success") return replyError(submission, { notice: { title: MESSAGES.saveFailed }, hideFields: ["token"] });
  try {
    const { token, clearToken, from } = submission.value;
    await saveMailSettings(db, { token: token || null, clearToken: Boolean(clearToken), from: from ?? "" }, actor);
  } catch (error) {
    logger.error({ err: error, requestId: context.get(requestContext).requestId }, "email settings save failed");
    return replyError(submission, { status: 500, notice: { title: MESSAGES.saveFailed }, hideFields: ["token"] });
  }
  return replyOk(submission, { notice: { title: MESSAGES.saved }, resetForm: true });
}

const SOURCE_LABEL = { settings: "Saved here", environment: "Server environment", none: "Not set" } as const;

function SettingsForm({ settings, actionData }: { settings: Route.ComponentProps["loaderData"]["settings"]; actionData: unknown }) {
  const reply = replyFor(actionData, "save");
  const pending = useIsPending();
  const [form, fields] = useSchemaForm(SaveEmailSettingsSchema, {
    id: "email-settings",
    lastResult: reply?.result,
    defaultValue: { token: "", from: settings.savedFrom },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
      {reply?.notice ? <FormMessage tone={reply.result.status === "success" ? "success" : "error"} {...reply.notice} /> : null}
      <input type="hidden" name="intent" value="save" />
      <Field
        label="Postmark server token"
        hint={
          settings.savedHasToken
            ? "A token is saved (never shown). Leave blank to keep it."
            : "Leave blank to use the server's environment token, if any."
        }
        inputProps={{
          ...getInputProps(fields.token, { type: "password" }),
          autoComplete: "new-password",
          placeholder: settings.savedHasToken ? "••••••••••••" : "",
        }}
        errors={fields.token.errors}
      />
      {settings.savedHasToken ? (
        <CheckboxField
          label="Remove the saved token"
          hint="Mail then uses the server's environment token, or stays in the outbox without one."
          inputProps={getInputProps(fields.clearToken, { type: "checkbox" })}
          errors={fields.clearToken.errors}
        />
      ) : null}
      <Field
        label="From address"
        hint="Must be a confirmed sender signature in Postmark. Blank uses the server's default."
        inputProps={{ ...getInputProps(fields.from, { type: "text" }), autoComplete: "off", spellCheck: false }}
        errors={fields.from.errors}
      />
      <StatusButton pending={pending} pendingLabel="Saving…" className="self-start">
        Save Configuration
      </StatusButton>
    </Form>
  );
}

function TestEmailForm({ actionData, defaultTo }: { actionData: unknown; defaultTo: string }) {
  const reply = replyFor(actionData, "test");
  const pending = useIsPending();
  const [form, fields] = useSchemaForm(TestEmailSchema, { id: "test-email", lastResult: reply?.result, defaultValue: { to: defaultTo } });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
      {reply?.notice ? <FormMessage tone={reply.result.status === "success" ? "success" : "error"} {...reply.notice} /> : null}
      <input type="hidden" name="intent" value="test" />
      <Field
        label="Send to"
        inputProps={{ ...getInputProps(fields.to, { type: "email" }), autoComplete: "email" }}
        errors={fields.to.errors}
      />
      <StatusButton variant="secondary" pending={pending} pendingLabel="Sending…" className="self-start">
        Send test email
      </StatusButton>
    </Form>
  );
}

export default function EmailSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, diagnostics } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <PageTitle id="email-settings-title" title="Email settings">
        How Inkpilot sends verification, password reset and invitation mail. Saved settings win over the server's environment and apply to
        the next mail, without a restart.
      </PageTitle>
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <Panel title="Configuration">
          {/* Remounted after a save, so the form starts again from the saved values and an empty token field. */}
          <SettingsForm key={settings.updatedAt ?? ""} settings={settings} actionData={actionData} />
        </Panel>
        <Panel title="Diagnostics">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm" data-testid="mail-diagnostics">
            <dt className="text-slate-500">Configured</dt>
            <dd>
              <YesNo value={settings.configured} />
            </dd>
            <dt className="text-slate-500">Token from</dt>
            <dd>{SOURCE_LABEL[settings.tokenSource]}</dd>
            <dt className="text-slate-500">From address</dt>
            <dd className="break-all">
              {settings.from} <span className="text-slate-500">({SOURCE_LABEL[settings.fromSource]})</span>
            </dd>
            <dt className="text-slate-500">Last delivery</dt>
            <dd>{formatUtc(diagnostics.lastDelivery)}</dd>
            <dt className="text-slate-500">Failures (24 h)</dt>
            <dd>{diagnostics.failuresLastDay}</dd>
            <dt className="text-slate-500">Waiting to send</dt>
            <dd>{diagnostics.queued}</dd>
            <dt className="text-slate-500">Last updated</dt>
            <dd>
              {formatUtc(settings.updatedAt)}
              {settings.updatedByEmail ? ` by ${settings.updatedByEmail}` : ""}
            </dd>
          </dl>
          {settings.savedTokenUnreadable ? (
            <p className="mt-3 text-sm text-amber-800">The saved token cannot be read with this server's encryption key; save it again.</p>
          ) : null}
          {diagnostics.lastFailure ? (
            <p className="mt-3 text-sm text-slate-700">
              Last failure {formatUtc(diagnostics.lastFailure.at)}: {diagnostics.lastFailure.error || "no reason recorded"}
            </p>
          ) : null}
          <p className="mt-3 text-sm">
            <Link to="/dashboard/admin/mailbox" className="font-medium text-brand-700 hover:underline">
              Open the outbox
            </Link>
          </p>
        </Panel>
      </div>
      <Panel title="Send a test email">
        <TestEmailForm actionData={actionData} defaultTo="" />
      </Panel>
    </div>
  );
}
