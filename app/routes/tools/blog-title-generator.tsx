import { getInputProps, getSelectProps } from "@conform-to/react";
import { Field, SelectField } from "#app/components/forms";
import { runBlogTitles, toolFormMethod } from "#app/modules/tools/ai.server";
import { toolAction, toolLoader } from "./tool-route.server";
import { CopyList, LengthBadge, REQUIRED, ToolForm, ToolPage, toolHandle, toolMeta, useToolForm } from "./tool-ui";
import type { Route } from "./+types/blog-title-generator";

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
  const [form, fields] = useToolForm(SLUG, state.reply);
  const answer = state.answer;
  return (
    <ToolPage
      slug={SLUG}
      ctaTopic={answer ? fields.topic.initialValue?.trim() : undefined}
      notice={answer?.notice}
      source={answer?.source}
      resultsHeading="Your blog titles"
      form={
        <ToolForm id={form.id} method={state.method} submitLabel="Generate Titles">
          <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
            <Field
              label="Topic"
              errors={fields.topic.errors}
              inputProps={{ ...getInputProps(fields.topic, { type: "text" }), ...REQUIRED, placeholder: "e.g. remote team management" }}
            />
            <SelectField label="Style" selectProps={getSelectProps(fields.style)} options={STYLES} errors={fields.style.errors} />
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
