import { getInputProps, getSelectProps } from "@conform-to/react";
import { Field, SelectField } from "#app/components/forms";
import { runContentIdeas, toolFormMethod } from "#app/modules/tools/ai.server";
import { toolAction, toolLoader } from "./tool-route.server";
import { CopyList, REQUIRED, ToolForm, ToolPage, toolHandle, toolMeta, useToolForm } from "./tool-ui";
import type { Route } from "./+types/content-idea-generator";

export const handle = toolHandle;
export const meta: Route.MetaFunction = (args) => toolMeta(args, "content-idea-generator");

const SLUG = "content-idea-generator";
export const loader = (args: Route.LoaderArgs) => toolLoader(SLUG, args, toolFormMethod("text"), runContentIdeas);
export const action = (args: Route.ActionArgs) => toolAction(SLUG, args, toolFormMethod("text"), runContentIdeas);

const TYPES = [
  { value: "blog-post", label: "Blog post" },
  { value: "video", label: "Video" },
  { value: "social-media", label: "Social media" },
] as const;

export default function ContentIdeaGenerator({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData ?? loaderData;
  const [form, fields] = useToolForm(SLUG, state.reply);
  const answer = state.answer;
  return (
    <ToolPage
      slug={SLUG}
      ctaTopic={answer ? fields.niche.initialValue?.trim() : undefined}
      notice={answer?.notice}
      source={answer?.source}
      resultsHeading="Your content ideas"
      form={
        <ToolForm id={form.id} method={state.method} submitLabel="Generate Ideas">
          <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
            <Field
              label="Niche"
              errors={fields.niche.errors}
              inputProps={{ ...getInputProps(fields.niche, { type: "text" }), ...REQUIRED, placeholder: "e.g. home coffee brewing" }}
            />
            <SelectField label="Content type" selectProps={getSelectProps(fields.type)} options={TYPES} errors={fields.type.errors} />
          </div>
        </ToolForm>
      }
      results={
        answer ? (
          <CopyList
            itemLabel="idea"
            items={answer.result.map((idea) => ({
              text: idea.title,
              body: (
                <>
                  <p className="font-medium text-slate-900">{idea.title}</p>
                  <p className="mt-1 text-sm text-slate-600">{idea.description}</p>
                </>
              ),
            }))}
          />
        ) : null
      }
    />
  );
}
