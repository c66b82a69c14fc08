import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { useMemo } from "react";
import { Form } from "react-router";
import { Field, FormMessage, SelectField, useSchemaForm } from "#app/components/forms";
import { Button, StatusButton } from "#app/components/ui/button";
import { MAX_DAILY_TIMES, PublishingFormSchema, timeZoneOptions } from "#app/modules/settings/publishing-options";
import type { PublishingView } from "#app/modules/publishing/schedule.server";
import { replyFor } from "#app/utils/form-reply";
import { IntentInput, SettingsCard, usePendingIntent } from "#app/components/settings-ui";

/**
 * The Publishing tab (docs/decisions/048-publishing-schedule.md): the first day, the time and
 * time zone, extra daily times, the default destination, Save Publishing
 * Settings, and Apply to Existing Drafts. 'Add new daily time' and Remove are
 * Conform list buttons, so they work without JavaScript too (the server answers
 * with the changed list).
 */
export function PublishingTab({ view, actionData }: { view: PublishingView; actionData: unknown }) {
  const pending = usePendingIntent("publishing");
  const reply = replyFor(actionData, "publishing");
  const zones = useMemo(() => timeZoneOptions(), []);
  const [form, fields] = useSchemaForm(PublishingFormSchema, {
    id: "publishing",
    lastResult: reply?.result,
    defaultValue: {
      scheduledDate: view.scheduledDate ?? "",
      scheduledTime: view.scheduledTime,
      timeZone: view.timeZone,
      extraTimes: view.extraTimes,
      defaultConnectionId: view.defaultConnectionId ?? "",
    },
  });
  const extraTimes = fields.extraTimes.getFieldList();
  return (
    <div className="flex flex-col gap-6">
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-6" aria-label="Publishing settings">
        <IntentInput intent="publishing" />
        {reply?.notice ? <FormMessage {...reply.notice} /> : null}
        <SettingsCard
          title="Publishing schedule"
          description="When articles are published, in this site's time zone. Every date and time Inkpilot shows for this site uses it."
        >
          <div className="grid gap-4 sm:grid-cols-3">
            <Field
              label="Start date"
              inputProps={getInputProps(fields.scheduledDate, { type: "date" })}
              errors={fields.scheduledDate.errors}
            />
            <Field label="Time" inputProps={getInputProps(fields.scheduledTime, { type: "time" })} errors={fields.scheduledTime.errors} />
            <SelectField label="Time zone" selectProps={getSelectProps(fields.timeZone)} options={zones} errors={fields.timeZone.errors} />
          </div>
          <fieldset className="mt-5">
            <legend className="text-sm font-medium text-slate-900">More times each day</legend>
            <p className="mt-1 text-sm text-slate-600">
              Publish more than once a day, up to {MAX_DAILY_TIMES} times. AI-written articles still count against the plan's monthly
              articles.
            </p>
            <ul className="mt-3 flex flex-col gap-3">
              {extraTimes.map((time, index) => (
                <li key={time.key} className="flex items-end gap-2">
                  <Field
                    label={`Extra time ${index + 1}`}
                    inputProps={getInputProps(time, { type: "time" })}
                    errors={time.errors}
                    className="w-40"
                  />
                  <Button variant="ghost" {...form.remove.getButtonProps({ name: fields.extraTimes.name, index })}>
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
            {extraTimes.length < MAX_DAILY_TIMES - 1 ? (
              <Button
                variant="secondary"
                className="mt-3"
                {...form.insert.getButtonProps({ name: fields.extraTimes.name, defaultValue: "09:00" })}
              >
                Add new daily time
              </Button>
            ) : null}
          </fieldset>
        </SettingsCard>
        <SettingsCard title="Default destination" description="Where scheduled articles and auto-pilot publish.">
          {view.destinations.length ? (
            <SelectField
              label="Publish to"
              selectProps={getSelectProps(fields.defaultConnectionId)}
              options={view.destinations.map((d) => ({ value: d.id, label: d.name }))}
              errors={fields.defaultConnectionId.errors}
            />
          ) : (
            <p className="text-sm text-slate-700">No destination is connected. Connect one on the Integrations tab.</p>
          )}
        </SettingsCard>
        <div className="flex justify-end">
          <StatusButton type="submit" pending={pending} pendingLabel="Saving...">
            Save Publishing Settings
          </StatusButton>
        </div>
      </Form>
      <ApplyToDrafts view={view} actionData={actionData} />
    </div>
  );
}

function ApplyToDrafts({ view, actionData }: { view: PublishingView; actionData: unknown }) {
  const pending = usePendingIntent("apply-drafts");
  const notice = replyFor(actionData, "apply-drafts")?.notice;
  return (
    <SettingsCard
      title="Apply to Existing Drafts"
      description="Schedules the site's drafts, oldest first, on the next free publishing times, to the default destination."
    >
      {notice ? (
        <div className="mb-4">
          <FormMessage {...notice} />
        </div>
      ) : null}
      <p className="text-sm text-slate-700" data-testid="drafts-ready">
        {view.drafts === 1 ? "1 draft" : `${view.drafts} drafts`} with a title and text.
        {view.nextSlots.length ? ` Next free times: ${view.nextSlots.join(", ")} (${view.timeZone}).` : ""}
      </p>
      <Form method="post" className="mt-4" aria-label="Apply to Existing Drafts">
        <IntentInput intent="apply-drafts" />
        <StatusButton type="submit" variant="secondary" pending={pending} pendingLabel="Scheduling...">
          Apply to Existing Drafts
        </StatusButton>
      </Form>
    </SettingsCard>
  );
}
