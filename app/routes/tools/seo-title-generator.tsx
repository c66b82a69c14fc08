import { getInputProps } from "@conform-to/react";
import { Field } from "#app/components/forms";
import { runSeoTitles, toolFormMethod } from "#app/modules/tools/ai.server";
import { SEO_TITLE_HARD_LIMIT, SEO_TITLE_LIMIT, SEO_TITLE_RULES, scoreTone } from "#app/modules/tools/seo-title";
import { toolAction, toolLoader } from "./tool-route.server";
import { Badge, CopyList, LengthBadge, REQUIRED, ToolForm, ToolPage, toolHandle, toolMeta, useToolForm } from "./tool-ui";
import type { Route } from "./+types/seo-title-generator";

export const handle = toolHandle;
export const meta: Route.MetaFunction = (args) => toolMeta(args, "seo-title-generator");

const SLUG = "seo-title-generator";
export const loader = (args: Route.LoaderArgs) => toolLoader(SLUG, args, toolFormMethod("text"), runSeoTitles);
export const action = (args: Route.ActionArgs) => toolAction(SLUG, args, toolFormMethod("text"), runSeoTitles);

export default function SeoTitleGenerator({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData ?? loaderData;
  const [form, fields] = useToolForm(SLUG, state.reply);
  const answer = state.answer;
  return (
    <ToolPage
      slug={SLUG}
      ctaTopic={answer ? fields.keyword.initialValue?.trim() : undefined}
      notice={answer?.notice}
      source={answer?.source}
      resultsHeading="Your SEO titles"
      form={
        <ToolForm id={form.id} method={state.method} submitLabel="Generate SEO Titles">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Keyword"
              errors={fields.keyword.errors}
              inputProps={{
                ...getInputProps(fields.keyword, { type: "text" }),
                ...REQUIRED,
                placeholder: "e.g. project management software",
              }}
            />
            <Field
              label="Brand (optional)"
              errors={fields.brand.errors}
              inputProps={{ ...getInputProps(fields.brand, { type: "text" }), placeholder: "e.g. Acme" }}
            />
          </div>
        </ToolForm>
      }
      results={
        answer ? (
          <CopyList
            itemLabel="title"
            items={answer.result.map((item) => ({
              text: item.title,
              extra: (
                <>
                  <Badge tone={scoreTone(item.score)}>Score {item.score}</Badge>
                  <LengthBadge length={item.length} />
                  {item.warning ? <span className="text-xs font-medium text-amber-900">{item.warning}</span> : null}
                  <details className="w-full text-sm text-slate-700">
                    <summary className="cursor-pointer text-xs font-medium text-slate-600">Why this score</summary>
                    <ul className="mt-2 flex flex-col gap-1">
                      {item.checks.map((check) => (
                        <li key={check.rule}>
                          {check.rule}: {check.points}/{check.max} ({check.detail})
                        </li>
                      ))}
                    </ul>
                  </details>
                </>
              ),
            }))}
          />
        ) : null
      }
      aside={
        <section aria-labelledby="rules-heading" className="mt-10 rounded-xl border border-slate-200 p-5 sm:p-6">
          <h2 id="rules-heading" className="text-lg font-semibold text-slate-900">
            How the score works
          </h2>
          <p className="mt-2 text-sm text-slate-600">
            Each title earns points by these rules; the score is the share of the points available (without a brand, the brand rule is left
            out).
          </p>
          <ul className="mt-3 flex flex-col gap-2 text-sm text-slate-700">
            {SEO_TITLE_RULES.map((rule) => (
              <li key={rule.rule}>
                <strong>{rule.rule}</strong> (up to {rule.max}): {rule.text}
              </li>
            ))}
          </ul>
          <p className="mt-3 text-sm text-slate-600">
            Length colours: green up to {SEO_TITLE_LIMIT} characters, yellow up to {SEO_TITLE_HARD_LIMIT}, red above. Score colours: green
            90+, yellow 80+, red below.
          </p>
        </section>
      }
    />
  );
}
