import { getInputProps } from "@conform-to/react";
import { Field } from "#app/components/forms";
import { runHeadlines, toolFormMethod } from "#app/modules/tools/ai.server";
import { toolAction, toolLoader } from "./tool-route.server";
import { CopyList, LengthBadge, REQUIRED, ToolForm, ToolPage, toolHandle, toolMeta, useToolForm } from "./tool-ui";
import type { Route } from "./+types/headline-generator";

export const handle = toolHandle;
export const meta: Route.MetaFunction = (args) => toolMeta(args, "headline-generator");

export const loader = (args: Route.LoaderArgs) => toolLoader("headline-generator", args, toolFormMethod("text"), runHeadlines);
export const action = (args: Route.ActionArgs) => toolAction("headline-generator", args, toolFormMethod("text"), runHeadlines);

export default function HeadlineGenerator({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData ?? loaderData;
  const [form, fields] = useToolForm("headline-generator", state.reply);
  const answer = state.answer;
  return (
    <ToolPage
      slug="headline-generator"
      ctaTopic={answer ? fields.topic.initialValue?.trim() : undefined}
      notice={answer?.notice}
      source={answer?.source}
      resultsHeading="Your headlines"
      form={
        <ToolForm id={form.id} method={state.method} submitLabel="Generate Headlines">
          <Field
            label="Topic"
            hint="What is your article about? Press Enter to generate."
            errors={fields.topic.errors}
            inputProps={{ ...getInputProps(fields.topic, { type: "text" }), ...REQUIRED, placeholder: "e.g. email marketing" }}
          />
        </ToolForm>
      }
      results={
        answer ? (
          <CopyList
            itemLabel="headline"
            items={answer.result.map((text) => ({
              text,
              extra: <LengthBadge length={text.length} />,
            }))}
          />
        ) : null
      }
    />
  );
}
