import { getFormProps } from "@conform-to/react";
import { useState } from "react";
import { Form } from "react-router";
import { ColorField, FormMessage, useSchemaForm } from "#app/components/forms";
import { IntentInput, SettingsCard, usePendingIntent } from "#app/components/settings-ui";
import { StatusButton } from "#app/components/ui/button";
import { FONT_STACKS } from "#app/modules/hosted-blog/fonts";
import { accentCheck, BrandLookFormSchema, DEFAULT_ACCENT, FONT_PAIRINGS } from "#app/modules/settings/brand-look";
import type { BrandSettings } from "#app/modules/settings/brand.server";
import { replyFor } from "#app/utils/form-reply";

/**
 * The Brand tab's 'Blog colours and fonts' (docs/decisions/077-blog-themes.md): the accent every blog theme uses and
 * a pairing of system fonts. The accent is checked as it is typed (and, without JavaScript, as saved): a colour too
 * light for text on white is kept, and the card says which darker shade the blog shows links and buttons in.
 */

const HEX = /^#[0-9a-f]{6}$/i;

function Swatch({ color, label }: { color: string; label: string }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <span aria-hidden="true" className="h-4 w-4 rounded border border-slate-300" style={{ backgroundColor: color }} />
      <span className="font-mono text-xs">{label}</span>
    </span>
  );
}

/** What the blog does with this accent on white. */
function AccentNote({ color }: { color: string }) {
  if (!HEX.test(color)) return null;
  const check = accentCheck(color);
  if (check.passes)
    return (
      <p role="status" className="text-sm text-emerald-800" data-testid="accent-check">
        <span aria-hidden="true">✓ </span>
        Readable as links and buttons on white ({check.ratio}:1; text needs 4.5:1).
      </p>
    );
  return (
    <div role="status" className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950" data-testid="accent-check">
      <p className="font-semibold">Your blog shows links and buttons in a darker shade</p>
      <p className="mt-1">
        {color.toUpperCase()} reaches {check.ratio}:1 against white, and text needs 4.5:1 to be easy to read, so your blog uses {check.used}
        , the nearest shade that does. In dark mode it uses a lighter one the same way.
      </p>
      <p className="mt-2 flex flex-wrap items-center gap-2">
        <Swatch color={color} label={`Yours ${color.toUpperCase()}`} />
        <span aria-hidden="true">→</span>
        <Swatch color={check.used} label={`Links ${check.used}`} />
        <span className="underline" style={{ color: check.used }}>
          A link looks like this
        </span>
      </p>
    </div>
  );
}

function FontChoice({ pairing, checked }: { pairing: (typeof FONT_PAIRINGS)[number]; checked: boolean }) {
  const stacks = FONT_STACKS[pairing.id];
  return (
    <label className="flex cursor-pointer flex-col gap-1.5 rounded-lg border border-slate-200 p-4 has-[:checked]:border-brand-600 has-[:checked]:ring-2 has-[:checked]:ring-brand-600/30 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600">
      <span className="flex items-center gap-2">
        <input type="radio" name="fontPairing" value={pairing.id} defaultChecked={checked} className="h-4 w-4 accent-brand-600" />
        <span className="text-sm font-medium text-slate-900">{pairing.label}</span>
      </span>
      <span aria-hidden="true" className="text-2xl leading-tight font-bold text-slate-900" style={{ fontFamily: stacks.heading }}>
        Brewed slowly
      </span>
      <span aria-hidden="true" className="text-sm text-slate-700" style={{ fontFamily: stacks.body }}>
        Good text sets a calm pace for the reader.
      </span>
      <span className="text-xs text-slate-600">{pairing.description}</span>
    </label>
  );
}

export function BrandLookCard({ brand, actionData }: { brand: BrandSettings; actionData: unknown }) {
  const pending = usePendingIntent("brand-look");
  const reply = replyFor(actionData, "brand-look");
  const initial = brand.accentColor ?? DEFAULT_ACCENT;
  const [form, fields] = useSchemaForm(BrandLookFormSchema, {
    id: "brand-look",
    lastResult: reply?.result,
    defaultValue: { accentColor: initial, fontPairing: brand.fontPairing },
  });
  const [accent, setAccent] = useState(initial);
  return (
    <SettingsCard title="Blog colours and fonts" description="How your hosted blog wears your brand, in every theme.">
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-5" aria-label="Blog colours and fonts" noValidate>
        <IntentInput intent="brand-look" />
        <div className="flex flex-col gap-3">
          <ColorField
            name={fields.accentColor.name}
            label="Accent colour"
            hint="Links, buttons and highlights on your blog."
            initial={initial}
            placeholder={DEFAULT_ACCENT}
            errors={fields.accentColor.errors}
            onColorChange={setAccent}
          />
          <AccentNote color={accent} />
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-medium text-slate-800">Fonts</legend>
          <p className="text-xs text-slate-600">Fonts every device already has, so your posts show at once with nothing to download.</p>
          <div className="mt-1 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {FONT_PAIRINGS.map((pairing) => (
              <FontChoice key={pairing.id} pairing={pairing} checked={pairing.id === brand.fontPairing} />
            ))}
          </div>
          {fields.fontPairing.errors?.length ? <p className="text-sm text-red-700">{fields.fontPairing.errors[0]}</p> : null}
        </fieldset>
        {reply?.notice ? <FormMessage {...reply.notice} /> : null}
        <div>
          <StatusButton pending={pending} pendingLabel="Saving...">
            Save colours and fonts
          </StatusButton>
        </div>
      </Form>
    </SettingsCard>
  );
}
