import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { Form } from "react-router";
import { useState } from "react";
import { Field, FormMessage, SelectField, TextareaField, useSchemaForm } from "#app/components/forms";
import { ImageUpload } from "#app/components/image-upload";
import { Button, StatusButton } from "#app/components/ui/button";
import type { SitePagesSummary } from "#app/modules/onboarding/site-pages-job.server";
import type { BrandSettings } from "#app/modules/settings/brand.server";
import { BrandFormSchema } from "#app/modules/settings/forms";
import { LANGUAGES } from "#app/modules/settings/languages";
import { replyFor } from "#app/utils/form-reply";
import { IntentInput, SettingsCard, usePendingIntent } from "#app/components/settings-ui";
import { BuiltInWriterNotice } from "#app/components/built-in-writer-notice";
import { blogHasOwnWords } from "#app/modules/hosted-blog/furniture";
import { BRAND_INVALID } from "./notices";
import { BrandLookCard } from "./brand-look-card";
import { ReplanOffer } from "./replan-offer";

/**
 * The Brand tab (docs/product.md "Settings"): the logo, the brand fields the writing engine uses, and the blog's
 * colours and fonts (brand-look-card.tsx).
 */

export const LANGUAGE_OPTIONS = LANGUAGES.map((l) => ({ value: l.tag, label: `${l.name} (${l.tag})` }));

type Props = { brand: BrandSettings; actionData: unknown; aiProvider: boolean };
type SitePages = SitePagesSummary & { readAtText: string | null };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What the site-page reader found on the site, and a way to read it again (a plain POST form). */
function SitePagesCard({ sitePages: s, actionData }: { sitePages: SitePages; actionData: unknown }) {
  const pending = usePendingIntent("site-pages");
  const notice = replyFor(actionData, "site-pages")?.notice;
  const found = s.products + s.categories + s.faqs + s.pages;
  return (
    <SettingsCard
      title="Your site's pages"
      description="Your products, categories and FAQs are research: the content plan and the writer use what they say."
    >
      <Form method="post" className="flex flex-col gap-3" aria-label="Your site's pages">
        <IntentInput intent="site-pages" />
        <p className="text-sm text-slate-800" data-testid="site-pages-summary">
          {found === 0
            ? "No pages of your site have been read yet."
            : `${plural(s.products, "product", "products")}, ${plural(s.categories, "category", "categories")}, ${plural(s.faqs, "FAQ page", "FAQ pages")} and ${plural(s.pages, "other page", "other pages")}, read ${s.readAtText}.`}
          {s.reading ? " Reading them again now." : ""}
        </p>
        {notice ? <FormMessage title={notice.title} description={notice.description} /> : null}
        <div>
          <StatusButton pending={pending} pendingLabel="Queuing..." variant="secondary">
            Read my site's pages again
          </StatusButton>
        </div>
      </Form>
    </SettingsCard>
  );
}

function LogoForm({ brand, actionData }: Props) {
  const removing = usePendingIntent("brand-logo-remove");
  return (
    <SettingsCard title="Logo" description="Shown on your hosted blog beside your brand name.">
      <div className="flex flex-col gap-3">
        <ImageUpload
          formLabel="Logo"
          intent="brand-logo"
          name="logo"
          label="Upload a logo"
          hint="PNG, JPEG, GIF or WebP, up to 2 MB."
          submitLabel="Upload logo"
          accept="image/png,image/jpeg,image/gif,image/webp"
          current={brand.logoUrl ? { url: brand.logoUrl, alt: "Your brand logo", testId: "logo-image" } : null}
          placeholder={
            <span
              aria-hidden="true"
              className="flex h-16 w-16 shrink-0 items-center justify-center rounded-lg border border-dashed border-slate-300 text-xs text-slate-600"
            >
              No logo
            </span>
          }
          actionData={actionData}
        />
        {brand.logoUrl ? (
          <Form method="post">
            <IntentInput intent="brand-logo-remove" />
            <Button type="submit" variant="ghost" size="sm" disabled={removing}>
              Remove logo
            </Button>
          </Form>
        ) : null}
      </div>
    </SettingsCard>
  );
}

function BrandForm({ brand, actionData, aiProvider }: Props) {
  const pending = usePendingIntent("brand");
  const reply = replyFor(actionData, "brand");
  // A refused save, in the browser or on the server, shows the tab's notice above the button.
  const [form, fields] = useSchemaForm(BrandFormSchema, {
    id: "brand",
    lastResult: reply?.result,
    defaultValue: { ...brand, tags: brand.tags.join(", "), internalLinks: brand.internalLinks.join("\n") },
  });
  const notice = reply?.notice ?? (form.status === "error" ? BRAND_INVALID : null);
  const [language, setLanguage] = useState(brand.language);
  const text = (field: (typeof fields)["brandName"]) => getInputProps(field, { type: "text" });
  return (
    <SettingsCard title="Brand information" description="Used to write articles in your brand's voice for your audience.">
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4" aria-label="Brand information" noValidate>
        <IntentInput intent="brand" />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Brand name" errors={fields.brandName.errors} inputProps={{ ...text(fields.brandName), maxLength: 100 }} />
          <Field
            label="Industry"
            errors={fields.industry.errors}
            inputProps={{ ...text(fields.industry), maxLength: 100, placeholder: "e.g. Outdoor gear retail" }}
          />
        </div>
        <TextareaField
          label="Description"
          errors={fields.description.errors}
          textareaProps={{ ...getTextareaProps(fields.description), rows: 4, maxLength: 2000 }}
        />
        <TextareaField
          label="Target audience"
          errors={fields.targetAudience.errors}
          textareaProps={{ ...getTextareaProps(fields.targetAudience), rows: 2, maxLength: 500 }}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Default language"
            selectProps={{ ...getSelectProps(fields.language), onChange: (event) => setLanguage(event.target.value) }}
            options={LANGUAGE_OPTIONS}
            errors={fields.language.errors}
          />
          <Field
            label="Tone of voice"
            errors={fields.toneOfVoice.errors}
            inputProps={{ ...text(fields.toneOfVoice), maxLength: 100, placeholder: "e.g. Friendly and expert" }}
          />
        </div>
        {aiProvider ? null : <BuiltInWriterNotice language={language} reach={false} />}
        {blogHasOwnWords(language) ? null : (
          <p className="text-sm text-slate-600" data-testid="blog-words-note">
            Your hosted blog shows its own words, such as dates, “Keep reading” and the page links, in English for this language. Articles
            are written in it.
          </p>
        )}
        <Field
          label="Tags"
          hint="Separate tags with commas."
          errors={fields.tags.errors}
          inputProps={{ ...text(fields.tags), placeholder: "hiking, camping, trail running" }}
        />
        <TextareaField
          label="Internal links (one per line)"
          errors={fields.internalLinks.errors}
          textareaProps={{
            ...getTextareaProps(fields.internalLinks),
            rows: 4,
            placeholder: "https://example.com/products\nhttps://example.com/about",
          }}
        />
        {notice ? <FormMessage title={notice.title} description={notice.description} /> : null}
        <div>
          <StatusButton pending={pending} pendingLabel="Saving...">
            Save brand settings
          </StatusButton>
        </div>
      </Form>
    </SettingsCard>
  );
}

export function BrandTab({ sitePages, replanDays, ...props }: Props & { sitePages: SitePages; replanDays: number }) {
  return (
    <div className="flex flex-col gap-6">
      {replanDays > 0 ? <ReplanOffer days={replanDays} /> : null}
      <LogoForm {...props} />
      <BrandForm {...props} />
      <BrandLookCard brand={props.brand} actionData={props.actionData} />
      <SitePagesCard sitePages={sitePages} actionData={props.actionData} />
    </div>
  );
}
