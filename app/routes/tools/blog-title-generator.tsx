import { Field } from "#app/components/forms";
import { runBlogTitles, toolFormMethod } from "#app/modules/tools/ai.server";
import type { Route } from "./+types/blog-title-generator";
import { toolAction, toolLoader } from "./tool-route.server";
import { CopyList, LengthBadge, REQUIRED, SelectField, ToolForm, ToolPage, toolHandle, toolMeta } from "./tool-ui";

export const handle = toolHandle;
export const meta: Route.MetaFunction = (args) => toolMeta(args, "blog-title-generator");

const SLUG = "blog-title-generator";
export const loader = (args: Route.LoaderArgs) => toolLoader(SLUG, args, toolFormMethod("text"), runBlogTitles);
export const action = (args: Route.ActionArgs) => toolAction(SLUG, args, toolFormMethod("text"), runBlogTitles);

const STYLES = [
  { value: "listicle", label: "Listicle" },
  { value: "how-to", label: "How-to" },
  { value: "question", label: "Question" },
  { value: "ultimate", label: "Ultimate guide" },
] as const;

export default function BlogTitleGenerator({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData ?? loaderData;
  const answer = state.answer;
  return (
    <ToolPage
      slug={SLUG}
      ctaTopic={answer ? state.values.topic?.trim() : undefined}
      notice={answer?.notice}
      source={answer?.source}
      resultsHeading="Your blog titles"
      form={
        <ToolForm method={state.method} submitLabel="Generate Titles">
          <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
            <Field
              label="Topic"
              errors={state.errors?.topic ? [state.errors.topic] : undefined}
              inputProps={{ ...REQUIRED, name: "topic", defaultValue: state.values.topic, placeholder: "e.g. remote team management", maxLength: 120 }}
            />
            <SelectField label="Style" name="style" options={STYLES} defaultValue={state.values.style ?? "listicle"} errors={state.errors?.style ? [state.errors.style] : undefined} />
          </div>
        </ToolForm>
      }
      results={
        answer ? (
          <CopyList itemLabel="title" items={answer.result.map((text) => ({ text, extra: <LengthBadge length={text.length} /> }))} />
        ) : null
      }
    />
  );
}
