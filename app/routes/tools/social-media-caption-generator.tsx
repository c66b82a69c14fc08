import { Field } from "#app/components/forms";
import { runSocialCaptions, toolFormMethod } from "#app/modules/tools/ai.server";
import { PLATFORM_LIMITS, type Platform } from "#app/modules/tools/templates";
import type { Route } from "./+types/social-media-caption-generator";
import { toolAction, toolLoader } from "./tool-route.server";
import { Badge, CopyList, REQUIRED, SelectField, ToolForm, ToolPage, toolHandle, toolMeta } from "./tool-ui";

export const handle = toolHandle;
export const meta: Route.MetaFunction = (args) => toolMeta(args, "social-media-caption-generator");

const SLUG = "social-media-caption-generator";
export const loader = (args: Route.LoaderArgs) => toolLoader(SLUG, args, toolFormMethod("text"), runSocialCaptions);
export const action = (args: Route.ActionArgs) => toolAction(SLUG, args, toolFormMethod("text"), runSocialCaptions);

const PLATFORMS = [
  { value: "instagram", label: "Instagram" },
  { value: "twitter", label: "Twitter / X" },
  { value: "linkedin", label: "LinkedIn" },
] as const;
const TONES = [
  { value: "professional", label: "Professional" },
  { value: "casual", label: "Casual" },
  { value: "funny", label: "Funny" },
] as const;

export default function SocialCaptionGenerator({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData ?? loaderData;
  const answer = state.answer;
  const limit = PLATFORM_LIMITS[(state.values.platform as Platform) ?? "instagram"] ?? PLATFORM_LIMITS.instagram;
  return (
    <ToolPage
      slug={SLUG}
      ctaTopic={answer ? state.values.topic?.trim() : undefined}
      notice={answer?.notice}
      source={answer?.source}
      resultsHeading="Your captions"
      form={
        <ToolForm method={state.method} submitLabel="Generate Captions">
          <Field
            label="Topic"
            errors={state.errors?.topic ? [state.errors.topic] : undefined}
            inputProps={{ ...REQUIRED, name: "topic", defaultValue: state.values.topic, placeholder: "e.g. our new spring collection", maxLength: 120 }}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField label="Platform" name="platform" options={PLATFORMS} defaultValue={state.values.platform ?? "instagram"} errors={state.errors?.platform ? [state.errors.platform] : undefined} />
            <SelectField label="Tone" name="tone" options={TONES} defaultValue={state.values.tone ?? "professional"} errors={state.errors?.tone ? [state.errors.tone] : undefined} />
          </div>
        </ToolForm>
      }
      results={
        answer ? (
          <CopyList
            itemLabel="caption"
            items={answer.result.map((text) => ({
              text,
              extra: (
                <Badge tone={text.length <= limit ? "good" : "bad"}>
                  {text.length} / {limit} characters
                </Badge>
              ),
            }))}
          />
        ) : null
      }
    />
  );
}
