import { getInputProps, getTextareaProps } from "@conform-to/react";
import { Field, TextareaField } from "#app/components/forms";
import { runMetaDescriptions, toolFormMethod } from "#app/modules/tools/ai.server";
import { META_DESCRIPTION_LIMIT } from "#app/modules/tools/templates";
import { toolAction, toolLoader } from "./tool-route.server";
import { Badge, CopyList, REQUIRED, ToolForm, ToolPage, toolHandle, toolMeta, useToolForm } from "./tool-ui";
import type { Route } from "./+types/meta-description-generator";

export const handle = toolHandle;
export const meta: Route.MetaFunction = (args) => toolMeta(args, "meta-description-generator");

const SLUG = "meta-description-generator";
export const loader = (args: Route.LoaderArgs) => toolLoader(SLUG, args, toolFormMethod("text"), runMetaDescriptions);
export const action = (args: Route.ActionArgs) => toolAction(SLUG, args, toolFormMethod("text"), runMetaDescriptions);

export default function MetaDescriptionGenerator({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData ?? loaderData;
  const [form, fields] = useToolForm(SLUG, state.reply);
  const answer = state.answer;
  return (
    <ToolPage
      slug={SLUG}
      ctaTopic={answer ? fields.topic.initialValue?.trim() : undefined}
      notice={answer?.notice}
      source={answer?.source}
      resultsHeading="Your meta descriptions"
      form={
        <ToolForm id={form.id} method={state.method} submitLabel="Generate Descriptions">
          <Field
            label="Topic"
            errors={fields.topic.errors}
            inputProps={{ ...getInputProps(fields.topic, { type: "text" }), ...REQUIRED, placeholder: "e.g. vegan meal prep" }}
          />
          <TextareaField
            label="Page summary (optional)"
            errors={fields.summary.errors}
            textareaProps={{ ...getTextareaProps(fields.summary), rows: 3, placeholder: "What does the page offer? One or two sentences." }}
          />
        </ToolForm>
      }
      results={
        answer ? (
          <>
            <p className="mb-3 text-sm text-slate-600">
              Search engines show about {META_DESCRIPTION_LIMIT} characters: green is within the limit, red is over it.
            </p>
            <CopyList
              itemLabel="description"
              items={answer.result.map((text) => ({
                text,
                extra:
                  text.length <= META_DESCRIPTION_LIMIT ? (
                    <Badge tone="good">
                      {text.length} / {META_DESCRIPTION_LIMIT} characters
                    </Badge>
                  ) : (
                    <Badge tone="bad">
                      {text.length} / {META_DESCRIPTION_LIMIT} characters: too long
                    </Badge>
                  ),
              }))}
            />
          </>
        ) : null
      }
    />
  );
}
