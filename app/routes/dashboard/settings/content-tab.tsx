import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { useState } from "react";
import { Form } from "react-router";
import { BuiltInWriterNotice } from "#app/components/built-in-writer-notice";
import { Field, FormMessage, SelectField, SwitchField, TextareaField, useSchemaForm } from "#app/components/forms";
import { StatusButton } from "#app/components/ui/button";
import {
  ARTICLE_LENGTH_LABELS,
  ARTICLE_LENGTHS,
  AUTO_GEN_TIMES,
  BRAND_MENTION_LABELS,
  BRAND_MENTIONS,
  IMAGE_STYLE_SUGGESTIONS,
  LINK_AMOUNT_LABELS,
  LINK_AMOUNTS,
  type ContentSettings,
} from "#app/modules/settings/content-options";
import { replyFor } from "#app/utils/form-reply";
import { IntentInput, SettingsCard, usePendingIntent } from "#app/components/settings-ui";
import { ContentFormSchema } from "#app/modules/settings/forms";
import { LANGUAGE_OPTIONS } from "./brand-tab";
import { CONTENT_INVALID } from "./notices";

/** The Content tab (docs/product.md "Settings"): every field of the content settings structure. */

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) => values.map((v) => ({ value: v, label: labels[v] }));

type ContentDefaults = Parameters<typeof useSchemaForm<typeof ContentFormSchema>>[1]["defaultValue"];

export function ContentTab({ content, actionData, aiProvider }: { content: ContentSettings; actionData: unknown; aiProvider: boolean }) {
  const pending = usePendingIntent("content");
  const reply = replyFor(actionData, "content");
  // Checked in the browser and on the server by one schema; after a refused save the form shows what was sent (an unticked box sends nothing).
  const [form, fields] = useSchemaForm(ContentFormSchema, {
    id: "content",
    lastResult: reply?.result,
    // Typed as the form sends it; Conform serialises the saved booleans to "on" or nothing, as a checkbox does.
    defaultValue: content as unknown as ContentDefaults,
  });
  const notice = reply?.notice ?? (form.status === "error" ? CONTENT_INVALID : null);
  // The language flag follows the choice as it is made (with JavaScript) and the saved value (without).
  const [language, setLanguage] = useState(content.language);
  const switchProps = (
    name:
      "useBrandInfo" | "externalSearch" | "autoGeneration" | "autoPublish" | "reviewMode" | "strictLinks" | "aiDisclosure" | "showSources",
  ) => ({
    name,
    defaultChecked: fields[name].initialValue === "on",
    errors: fields[name].errors,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-6" aria-label="Content settings" noValidate>
      <IntentInput intent="content" />
      <SettingsCard title="Article content" description="How articles are written for this site.">
        <div className="flex flex-col gap-4">
          <SwitchField
            {...switchProps("useBrandInfo")}
            label="Use brand information"
            description="Write with the brand name, description, audience and tone from the Brand tab."
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label="Article length"
              selectProps={getSelectProps(fields.articleLength)}
              options={options(ARTICLE_LENGTHS, ARTICLE_LENGTH_LABELS)}
              errors={fields.articleLength.errors}
            />
            <SelectField
              label="Brand mentions"
              selectProps={getSelectProps(fields.brandMentions)}
              options={options(BRAND_MENTIONS, BRAND_MENTION_LABELS)}
              errors={fields.brandMentions.errors}
            />
            <SelectField
              label="Internal links"
              selectProps={getSelectProps(fields.internalLinksCount)}
              options={options(LINK_AMOUNTS, LINK_AMOUNT_LABELS)}
              errors={fields.internalLinksCount.errors}
            />
            <SelectField
              label="External links"
              selectProps={getSelectProps(fields.externalLinks)}
              options={options(LINK_AMOUNTS, LINK_AMOUNT_LABELS)}
              errors={fields.externalLinks.errors}
            />
          </div>
          <SwitchField
            {...switchProps("externalSearch")}
            label="External search"
            description="Research the topic on the web and link to authoritative sources."
          />
          <SelectField
            label="Article language"
            selectProps={{ ...getSelectProps(fields.language), onChange: (event) => setLanguage(event.target.value) }}
            options={LANGUAGE_OPTIONS}
            errors={fields.language.errors}
          />
          {aiProvider ? null : <BuiltInWriterNotice language={language} />}
          <TextareaField
            label="Specific instructions"
            errors={fields.specificInstructions.errors}
            textareaProps={{
              ...getTextareaProps(fields.specificInstructions),
              rows: 3,
              maxLength: 2000,
              placeholder: "e.g. Address the reader as 'you'. End with a short checklist.",
            }}
          />
          <TextareaField
            label="Exclusions"
            errors={fields.exclusions.errors}
            textareaProps={{
              ...getTextareaProps(fields.exclusions),
              rows: 2,
              maxLength: 1000,
              placeholder: "Topics, words or competitors never to mention",
            }}
          />
          <Field
            label="Image style"
            errors={fields.imageStyle.errors}
            hint="For example: photorealistic, illustration, minimalist or artistic. Styles need an image model; without one, articles get title cards (the heading on a coloured background)."
            inputProps={{ ...getInputProps(fields.imageStyle, { type: "text" }), list: "image-style-suggestions", maxLength: 200 }}
          />
          <datalist id="image-style-suggestions">
            {IMAGE_STYLE_SUGGESTIONS.map((s) => (
              <option key={s} value={s} />
            ))}
          </datalist>
        </div>
      </SettingsCard>
      <SettingsCard title="Automation" description="Auto-pilot writes at most one article per day at the chosen time.">
        <div className="flex flex-col gap-4">
          <SwitchField
            {...switchProps("autoGeneration")}
            label="Automatic generation"
            description="Write one article a day from your content plan."
          />
          <SelectField
            label="Daily generation time"
            selectProps={getSelectProps(fields.autoGenTime)}
            options={AUTO_GEN_TIMES.map((t) => ({ value: t, label: t }))}
            errors={fields.autoGenTime.errors}
          />
          <SwitchField
            {...switchProps("autoPublish")}
            label="Publish automatically"
            description="Publish each day's article at the publishing time once it passes the quality check (SEO score, length, no placeholder text); otherwise it waits as a draft and you get a mail. Articles of the built-in offline writer always wait for you."
          />
          <SwitchField
            {...switchProps("reviewMode")}
            label="Review mode"
            description="Every auto-pilot article waits for your approval: you get a mail with a link to approve or reject it. Each decision records who made it and when."
          />
          <SwitchField
            {...switchProps("strictLinks")}
            label="Strict links"
            description="Hold an article whose links to other websites the link checker has not found working (Backlinks → Links in your articles)."
          />
          <SwitchField
            {...switchProps("aiDisclosure")}
            label="AI-assisted disclosure"
            description="End each published article the AI engine wrote with “This article was written with AI assistance”, naming who reviewed it when someone approved it, in the content language (English where Inkpilot has no wording in it)."
          />
          <SwitchField
            {...switchProps("showSources")}
            label="Show sources on published posts"
            description="End each published article written from research with a “Sources” section: the pages its facts and links come from, as listed under Sources in the editor."
          />
          <Field
            label="Minimum SEO score to publish automatically"
            inputProps={{ ...getInputProps(fields.autopilotMinScore, { type: "number" }), min: 0, max: 100, step: 1 }}
            errors={fields.autopilotMinScore.errors}
            className="max-w-xs"
          />
        </div>
      </SettingsCard>
      {notice ? <FormMessage title={notice.title} description={notice.description} /> : null}
      <div>
        <StatusButton pending={pending} pendingLabel="Saving...">
          Save content settings
        </StatusButton>
      </div>
    </Form>
  );
}
