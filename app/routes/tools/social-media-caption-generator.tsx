import { getInputProps, getSelectProps } from "@conform-to/react";
import { Field, SelectField } from "#app/components/forms";
import { runSocialCaptions, toolFormMethod } from "#app/modules/tools/ai.server";
import { PLATFORM_LIMITS, type Platform } from "#app/modules/tools/templates";
import { toolAction, toolLoader } from "./tool-route.server";
import { Badge, CopyList, REQUIRED, ToolForm, ToolPage, toolHandle, toolMeta, useToolForm } from "./tool-ui";
import type { Route } from "./+types/social-media-caption-generator";

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
  const [form, fields] = useToolForm(SLUG, state.reply);
  const answer = state.answer;
  const limit = PLATFORM_LIMITS[(fields.platform.initialValue as Platform | undefined) ?? "instagram"] ?? PLATFORM_LIMITS.instagram;
  return (
    <ToolPage
      slug={SLUG}
      ctaTopic={answer ? fields.topic.initialValue?.trim() : undefined}
      notice={answer?.notice}
      source={answer?.source}
      resultsHeading="Your captions"
      form={
        <ToolForm id={form.id} method={state.method} submitLabel="Generate Captions">
          <Field
            label="Topic"
            errors={fields.topic.errors}
            inputProps={{ ...getInputProps(fields.topic, { type: "text" }), ...REQUIRED, placeholder: "e.g. our new spring collection" }}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label="Platform"
              selectProps={getSelectProps(fields.platform)}
              options={PLATFORMS}
              errors={fields.platform.errors}
            />
            <SelectField label="Tone" selectProps={getSelectProps(fields.tone)} options={TONES} errors={fields.tone.errors} />
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
