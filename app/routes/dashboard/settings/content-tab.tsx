import { Form } from "react-router";
import { Field, FormMessage, SwitchField, TextareaField } from "#app/components/forms";
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
import { LANGUAGE_OPTIONS } from "./brand-tab";
import { IntentInput, resultFor, SelectField, SettingsCard, usePendingIntent } from "./settings-ui";

/** The Content tab (docs/product.md "Settings"): every field of the content settings structure. */

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) => values.map((v) => ({ value: v, label: labels[v] }));

export function ContentTab({ content, actionData }: { content: ContentSettings; actionData: unknown }) {
  const pending = usePendingIntent("content");
  const result = resultFor(actionData, "content");
  const errors = result?.fieldErrors ?? {};
  // After a refused save, show what was sent (an unticked box sends nothing).
  const sent = result?.values;
  const value = (name: keyof ContentSettings, saved: string) => sent?.[name] ?? saved;
  const checked = (name: keyof ContentSettings, saved: boolean) => (sent ? sent[name] === "on" : saved);
  return (
    <Form method="post" className="flex flex-col gap-6" aria-label="Content settings" noValidate>
      <IntentInput intent="content" />
      <SettingsCard title="Article content" description="How articles are written for this site.">
        <div className="flex flex-col gap-4">
          <SwitchField
            name="useBrandInfo"
            label="Use brand information"
            description="Write with the brand name, description, audience and tone from the Brand tab."
            defaultChecked={checked("useBrandInfo", content.useBrandInfo)}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label="Article length"
              name="articleLength"
              defaultValue={value("articleLength", content.articleLength)}
              options={options(ARTICLE_LENGTHS, ARTICLE_LENGTH_LABELS)}
              errors={errors.articleLength}
            />
            <SelectField
              label="Brand mentions"
              name="brandMentions"
              defaultValue={value("brandMentions", content.brandMentions)}
              options={options(BRAND_MENTIONS, BRAND_MENTION_LABELS)}
              errors={errors.brandMentions}
            />
            <SelectField
              label="Internal links"
              name="internalLinksCount"
              defaultValue={value("internalLinksCount", content.internalLinksCount)}
              options={options(LINK_AMOUNTS, LINK_AMOUNT_LABELS)}
              errors={errors.internalLinksCount}
            />
            <SelectField
              label="External links"
              name="externalLinks"
              defaultValue={value("externalLinks", content.externalLinks)}
              options={options(LINK_AMOUNTS, LINK_AMOUNT_LABELS)}
              errors={errors.externalLinks}
            />
          </div>
          <SwitchField
            name="externalSearch"
            label="External search"
            description="Research the topic on the web and link to authoritative sources."
            defaultChecked={checked("externalSearch", content.externalSearch)}
          />
          <SelectField label="Article language" name="language" defaultValue={value("language", content.language)} options={LANGUAGE_OPTIONS} errors={errors.language} />
          <TextareaField
            label="Specific instructions"
            errors={errors.specificInstructions}
            textareaProps={{
              name: "specificInstructions",
              rows: 3,
              maxLength: 2000,
              defaultValue: value("specificInstructions", content.specificInstructions),
              placeholder: "e.g. Address the reader as 'you'. End with a short checklist.",
            }}
          />
          <TextareaField
            label="Exclusions"
            errors={errors.exclusions}
            textareaProps={{
              name: "exclusions",
              rows: 2,
              maxLength: 1000,
              defaultValue: value("exclusions", content.exclusions),
              placeholder: "Topics, words or competitors never to mention",
            }}
          />
          <Field
            label="Image style"
            errors={errors.imageStyle}
            hint="For example: photorealistic, illustration, minimalist or artistic."
            inputProps={{ name: "imageStyle", list: "image-style-suggestions", maxLength: 200, defaultValue: value("imageStyle", content.imageStyle) }}
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
            name="autoGeneration"
            label="Automatic generation"
            description="Write one article a day from your content plan."
            defaultChecked={checked("autoGeneration", content.autoGeneration)}
          />
          <SelectField
            label="Daily generation time"
            name="autoGenTime"
            defaultValue={value("autoGenTime", content.autoGenTime)}
            options={AUTO_GEN_TIMES.map((t) => ({ value: t, label: t }))}
            errors={errors.autoGenTime}
          />
          <SwitchField
            name="autoPublish"
            label="Publish automatically"
            description="Publish generated articles right away instead of saving them as drafts."
            defaultChecked={checked("autoPublish", content.autoPublish)}
          />
        </div>
      </SettingsCard>
      {result?.formError ? <FormMessage title={result.formError.title} description={result.formError.description} /> : null}
      <div>
        <StatusButton pending={pending} pendingLabel="Saving...">
          Save content settings
        </StatusButton>
      </div>
    </Form>
  );
}
