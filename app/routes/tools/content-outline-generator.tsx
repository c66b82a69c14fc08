import { Field } from "#app/components/forms";
import { runContentOutline, toolFormMethod } from "#app/modules/tools/ai.server";
import { outlineText } from "#app/modules/tools/templates";
import type { Route } from "./+types/content-outline-generator";
import { toolAction, toolLoader } from "./tool-route.server";
import { CopyButton, REQUIRED, SelectField, ToolForm, ToolPage, toolHandle, toolMeta } from "./tool-ui";

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
  const answer = state.answer;
  return (
    <ToolPage
      slug={SLUG}
      ctaTopic={answer ? state.values.topic?.trim() : undefined}
      notice={answer?.notice}
      source={answer?.source}
      resultsHeading="Your outline"
      form={
        <ToolForm method={state.method} submitLabel="Generate Outline">
          <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
            <Field
              label="Topic"
              errors={state.errors?.topic ? [state.errors.topic] : undefined}
              inputProps={{ ...REQUIRED, name: "topic", defaultValue: state.values.topic, placeholder: "e.g. sourdough baking", maxLength: 120 }}
            />
            <SelectField label="Content type" name="type" options={TYPES} defaultValue={state.values.type ?? "blog-post"} errors={state.errors?.type ? [state.errors.type] : undefined} />
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
                <li key={`${i}-${section.heading}`} data-copy={`${section.heading}\n${section.points.map((p) => `- ${p}`).join("\n")}`} className="cursor-pointer">
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
