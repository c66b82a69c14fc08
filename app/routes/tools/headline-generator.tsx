import { Field } from "#app/components/forms";
import { runHeadlines, toolFormMethod } from "#app/modules/tools/ai.server";
import type { Route } from "./+types/headline-generator";
import { toolAction, toolLoader } from "./tool-route.server";
import { CopyList, LengthBadge, REQUIRED, ToolForm, ToolPage, toolHandle, toolMeta } from "./tool-ui";

export const handle = toolHandle;
export const meta: Route.MetaFunction = (args) => toolMeta(args, "headline-generator");

export const loader = (args: Route.LoaderArgs) => toolLoader("headline-generator", args, toolFormMethod("text"), runHeadlines);
export const action = (args: Route.ActionArgs) => toolAction("headline-generator", args, toolFormMethod("text"), runHeadlines);

export default function HeadlineGenerator({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData ?? loaderData;
  const answer = state.answer;
  return (
    <ToolPage
      slug="headline-generator"
      ctaTopic={answer ? state.values.topic?.trim() : undefined}
      notice={answer?.notice}
      source={answer?.source}
      resultsHeading="Your headlines"
      form={
        <ToolForm method={state.method} submitLabel="Generate Headlines">
          <Field
            label="Topic"
            hint="What is your article about? Press Enter to generate."
            errors={state.errors?.topic ? [state.errors.topic] : undefined}
            inputProps={{ ...REQUIRED, name: "topic", defaultValue: state.values.topic, placeholder: "e.g. email marketing", maxLength: 120 }}
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
