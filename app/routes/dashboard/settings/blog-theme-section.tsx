import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { FormMessage, useSchemaForm } from "#app/components/forms";
import { IntentInput, SettingsCard, usePendingIntent } from "#app/components/settings-ui";
import { StatusButton } from "#app/components/ui/button";
import { BLOG_THEMES } from "#app/modules/hosted-blog/themes";
import { replyFor } from "#app/utils/form-reply";
import { BlogThemeSchema } from "./blog-schema";
import { ThemeSketch } from "./blog-theme-sketches";
import type { BlogTabData } from "./blog-data.server";

/**
 * The Blog tab's 'Theme' (docs/decisions/077-blog-themes.md): the three themes side by side, each with a sketch in
 * the brand's accent and a Preview link that opens the blog's index in it (?theme=, changing nothing), and one
 * form to choose. Radio buttons and a plain post, so it works without JavaScript.
 */

const TAB = "?tab=blog";

export function ThemeSection({ theme, actionData }: { theme: BlogTabData["theme"]; actionData: unknown }) {
  const reply = replyFor(actionData, "blog-theme");
  const pending = usePendingIntent("blog-theme");
  const [form, fields] = useSchemaForm(BlogThemeSchema, {
    id: "blog-theme",
    lastResult: reply?.result,
    defaultValue: { theme: theme.current },
  });
  return (
    <SettingsCard
      title="Theme"
      description="How your hosted blog looks. Every theme uses your logo, brand name, accent colour and fonts from the Brand tab."
    >
      <Form method="post" action={TAB} {...getFormProps(form)} aria-label="Theme" className="flex flex-col gap-4" noValidate>
        <IntentInput intent="blog-theme" />
        <fieldset>
          <legend className="sr-only">Theme</legend>
          <div className="grid gap-4 md:grid-cols-3">
            {BLOG_THEMES.map((option) => (
              <div
                key={option.id}
                className="flex flex-col rounded-xl border border-slate-200 has-[:checked]:border-brand-600 has-[:checked]:ring-2 has-[:checked]:ring-brand-600/30"
              >
                <label className="flex flex-1 cursor-pointer flex-col gap-3 p-4">
                  <ThemeSketch theme={option.id} accent={theme.accent} />
                  <span className="flex flex-wrap items-center gap-2">
                    <input
                      type="radio"
                      name={fields.theme.name}
                      value={option.id}
                      defaultChecked={option.id === theme.current}
                      className="h-4 w-4 accent-brand-600"
                    />
                    <span className="font-medium text-slate-900">{option.name}</span>
                    {option.id === theme.current ? (
                      <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-emerald-200">
                        Current
                      </span>
                    ) : null}
                  </span>
                  <span className="text-sm text-slate-600">{option.description}</span>
                </label>
                {theme.previewPath ? (
                  <p className="border-t border-slate-200 px-4 py-2 text-sm">
                    <a
                      href={`${theme.previewPath}?theme=${option.id}`}
                      target="_blank"
                      rel="noopener"
                      className="inline-block py-1.5 font-medium text-brand-700 hover:underline"
                    >
                      Preview {option.name}
                      <span className="sr-only"> (opens in a new tab)</span>
                    </a>
                  </p>
                ) : null}
              </div>
            ))}
          </div>
        </fieldset>
        {fields.theme.errors?.length ? <FormMessage title="Theme not changed" description={fields.theme.errors[0]} /> : null}
        {reply?.notice ? <FormMessage {...reply.notice} /> : null}
        <div>
          <StatusButton pending={pending} pendingLabel="Saving…">
            Use this theme
          </StatusButton>
        </div>
      </Form>
    </SettingsCard>
  );
}
