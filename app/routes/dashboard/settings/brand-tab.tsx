import { Form } from "react-router";
import { Field, FormMessage, TextareaField } from "#app/components/forms";
import { Button, StatusButton } from "#app/components/ui/button";
import type { BrandSettings } from "#app/modules/settings/brand.server";
import { LANGUAGES } from "#app/modules/settings/languages";
import { IntentInput, resultFor, SelectField, SettingsCard, usePendingIntent } from "./settings-ui";

/** The Brand tab (docs/product.md "Settings"): the logo, and the brand fields the writing engine uses. */

export const LANGUAGE_OPTIONS = LANGUAGES.map((l) => ({ value: l.tag, label: `${l.name} (${l.tag})` }));

type Props = { brand: BrandSettings; actionData: unknown };

function LogoForm({ brand, actionData }: Props) {
  const uploading = usePendingIntent("brand-logo");
  const removing = usePendingIntent("brand-logo-remove");
  const result = resultFor(actionData, "brand-logo");
  return (
    <SettingsCard title="Logo" description="PNG, JPEG, GIF or WebP, up to 2 MB.">
      <div className="flex flex-wrap items-center gap-6">
        {brand.logoUrl ? (
          <img src={brand.logoUrl} alt="Your brand logo" className="h-16 w-16 rounded-lg border border-slate-200 object-contain" data-testid="logo-image" />
        ) : (
          <span aria-hidden="true" className="flex h-16 w-16 items-center justify-center rounded-lg border border-dashed border-slate-300 text-xs text-slate-500">
            No logo
          </span>
        )}
        <Form method="post" encType="multipart/form-data" className="flex flex-1 flex-wrap items-end gap-3" aria-label="Logo">
          <IntentInput intent="brand-logo" />
          <Field
            label="Upload a logo"
            className="min-w-56 flex-1"
            inputProps={{ type: "file", name: "logo", accept: "image/png,image/jpeg,image/gif,image/webp", required: true }}
          />
          <StatusButton pending={uploading} pendingLabel="Uploading...">
            Upload logo
          </StatusButton>
        </Form>
        {brand.logoUrl ? (
          <Form method="post">
            <IntentInput intent="brand-logo-remove" />
            <Button type="submit" variant="ghost" disabled={removing}>
              Remove logo
            </Button>
          </Form>
        ) : null}
      </div>
      {result?.formError ? (
        <div className="mt-4">
          <FormMessage title={result.formError.title} description={result.formError.description} />
        </div>
      ) : null}
    </SettingsCard>
  );
}

function BrandForm({ brand, actionData }: Props) {
  const pending = usePendingIntent("brand");
  const result = resultFor(actionData, "brand");
  const errors = result?.fieldErrors ?? {};
  const value = (name: string, saved: string) => result?.values?.[name] ?? saved;
  return (
    <SettingsCard title="Brand information" description="Used to write articles in your brand's voice for your audience.">
      <Form method="post" className="flex flex-col gap-4" aria-label="Brand information" noValidate>
        <IntentInput intent="brand" />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Brand name" errors={errors.brandName} inputProps={{ name: "brandName", defaultValue: value("brandName", brand.brandName), maxLength: 100 }} />
          <Field
            label="Industry"
            errors={errors.industry}
            inputProps={{ name: "industry", defaultValue: value("industry", brand.industry), maxLength: 100, placeholder: "e.g. Outdoor gear retail" }}
          />
        </div>
        <TextareaField
          label="Description"
          errors={errors.description}
          textareaProps={{ name: "description", rows: 4, defaultValue: value("description", brand.description), maxLength: 2000 }}
        />
        <TextareaField
          label="Target audience"
          errors={errors.targetAudience}
          textareaProps={{ name: "targetAudience", rows: 2, defaultValue: value("targetAudience", brand.targetAudience), maxLength: 500 }}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Default language" name="language" defaultValue={value("language", brand.language)} options={LANGUAGE_OPTIONS} errors={errors.language} />
          <Field
            label="Tone of voice"
            errors={errors.toneOfVoice}
            inputProps={{ name: "toneOfVoice", defaultValue: value("toneOfVoice", brand.toneOfVoice), maxLength: 100, placeholder: "e.g. Friendly and expert" }}
          />
        </div>
        <Field
          label="Tags"
          hint="Separate tags with commas."
          errors={errors.tags}
          inputProps={{ name: "tags", defaultValue: value("tags", brand.tags.join(", ")), placeholder: "hiking, camping, trail running" }}
        />
        <TextareaField
          label="Internal links (one per line)"
          errors={errors.internalLinks}
          textareaProps={{
            name: "internalLinks",
            rows: 4,
            defaultValue: value("internalLinks", brand.internalLinks.join("\n")),
            placeholder: "https://example.com/products\nhttps://example.com/about",
          }}
        />
        {result?.formError ? <FormMessage title={result.formError.title} description={result.formError.description} /> : null}
        <div>
          <StatusButton pending={pending} pendingLabel="Saving...">
            Save brand settings
          </StatusButton>
        </div>
      </Form>
    </SettingsCard>
  );
}

export function BrandTab(props: Props) {
  return (
    <div className="flex flex-col gap-6">
      <LogoForm {...props} />
      <BrandForm {...props} />
    </div>
  );
}
