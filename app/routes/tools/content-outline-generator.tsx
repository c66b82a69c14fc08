import { getInputProps, getSelectProps } from "@conform-to/react";
import { Field, SelectField } from "#app/components/forms";
import { runContentOutline, toolFormMethod } from "#app/modules/tools/ai.server";
import { outlineText } from "#app/modules/tools/outline-templates";
import { toolAction, toolLoader } from "./tool-route.server";
import { CopyButton, REQUIRED, ToolForm, ToolPage, toolHandle, toolMeta, useToolForm } from "./tool-ui";
import type { Route } from "./+types/content-outline-generator";

export const handle = toolHandle;
export const meta: Route.MetaFunction = (args) => toolMeta(args, "content-outline-generator");

const SLUG = "content-outline-generator";
export const loader = (args: Route.LoaderArgs) => toolLoader(SLUG, args, toolFormMethod("text"), runContentOutline);
export const action = (args: Route.ActionArgs) => toolAction(SLUG, args, toolFormMethod("text"), runContentOutline);

const TYPES = [
  { value: "blog-post", label: "Blog post" },
  { value: "video", label: "Video" },
  { value: "course", label: "Course" },
] as const;

export default function ContentOutlineGenerator({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData ?? loaderData;
  const [form, fields] = useToolForm(SLUG, state.reply);
  const answer = state.answer;
  return (
    <ToolPage
      slug={SLUG}
      ctaTopic={answer ? fields.topic.initialValue?.trim() : undefined}
      notice={answer?.notice}
      source={answer?.source}
      resultsHeading="Your outline"
      form={
        <ToolForm id={form.id} method={state.method} submitLabel="Generate Outline">
          <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
            <Field
              label="Topic"
              errors={fields.topic.errors}
              inputProps={{ ...getInputProps(fields.topic, { type: "text" }), ...REQUIRED, placeholder: "e.g. sourdough baking" }}
            />
            <SelectField label="Content type" selectProps={getSelectProps(fields.type)} options={TYPES} errors={fields.type.errors} />
          </div>
        </ToolForm>
      }
      results={
        answer ? (
          <div className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
            <div className="flex justify-end">
              <CopyButton text={outlineText(answer.result)} label="Copy Outline" />
            </div>
            <ol className="mt-2 flex flex-col gap-5" data-testid="results">
              {answer.result.map((section, i) => (
                <li
                  key={`${i}-${section.heading}`}
                  data-copy={`${section.heading}\n${section.points.map((p) => `- ${p}`).join("\n")}`}
                  className="cursor-pointer"
                >
                  <h3 className="font-semibold text-slate-900">
                    {i + 1}. {section.heading}
                  </h3>
                  <ul className="mt-2 list-disc space-y-1 pl-6 text-slate-700">
                    {section.points.map((point) => (
                      <li key={point}>{point}</li>
                    ))}
                  </ul>
                </li>
              ))}
            </ol>
          </div>
        ) : null
      }
    />
  );
}
