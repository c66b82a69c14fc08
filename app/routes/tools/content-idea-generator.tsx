import { Field } from "#app/components/forms";
import { runContentIdeas, toolFormMethod } from "#app/modules/tools/ai.server";
import type { Route } from "./+types/content-idea-generator";
import { toolAction, toolLoader } from "./tool-route.server";
import { CopyList, REQUIRED, SelectField, ToolForm, ToolPage, toolHandle, toolMeta } from "./tool-ui";

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
  const answer = state.answer;
  return (
    <ToolPage
      slug={SLUG}
      ctaTopic={answer ? state.values.niche?.trim() : undefined}
      notice={answer?.notice}
      source={answer?.source}
      resultsHeading="Your content ideas"
      form={
        <ToolForm method={state.method} submitLabel="Generate Ideas">
          <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
            <Field
              label="Niche"
              errors={state.errors?.niche ? [state.errors.niche] : undefined}
              inputProps={{ ...REQUIRED, name: "niche", defaultValue: state.values.niche, placeholder: "e.g. home coffee brewing", maxLength: 120 }}
            />
            <SelectField label="Content type" name="type" options={TYPES} defaultValue={state.values.type ?? "blog-post"} errors={state.errors?.type ? [state.errors.type] : undefined} />
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
