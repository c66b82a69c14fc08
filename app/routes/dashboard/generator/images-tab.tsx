import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { Form } from "react-router";
import { Field, SelectField, useSchemaForm } from "#app/components/forms";
import { StatusButton } from "#app/components/ui/button";
import { IMAGE_QUANTITY, IMAGE_SIZE, IMAGE_STYLES } from "#app/modules/generation/generator";
import type { GeneratorImage } from "#app/modules/generation/generator.server";
import type { FormReply } from "#app/utils/form-reply";
import { useIsPending } from "#app/utils/use-is-pending";
import { capitalisedOptions, ImagesSchema } from "./schemas";
import { GeneratorCard } from "./card";

const ACTION = "/dashboard/generator?tab=images";

/** Images tab: one image for a prompt in a style, stored like article images and shown with the prompt it was drawn from. */
export function ImagesTab({ reply }: { reply?: FormReply & { image?: GeneratorImage } }) {
  const pending = useIsPending({ formAction: ACTION });
  const image = reply?.image;
  const [form, fields] = useSchemaForm(ImagesSchema, {
    id: "generator-images",
    lastResult: reply?.result,
    defaultValue: { style: "photorealistic" },
  });
  return (
    <div className="flex flex-col gap-6">
      <GeneratorCard id="images-heading" notice={reply?.notice} title="Image generation">
        <Form method="post" action={ACTION} {...getFormProps(form)} className="mt-4 grid gap-4 sm:grid-cols-[minmax(0,1fr)_14rem]">
          <input type="hidden" name="intent" value="images" />
          <Field
            label="Image prompt"
            errors={fields.prompt.errors}
            inputProps={{
              ...getInputProps(fields.prompt, { type: "text" }),
              maxLength: 1000,
              placeholder: "e.g. a barista pouring latte art",
            }}
          />
          <SelectField
            label="Style"
            selectProps={getSelectProps(fields.style)}
            options={capitalisedOptions(IMAGE_STYLES)}
            errors={fields.style.errors}
          />
          <p className="text-sm text-slate-600 sm:col-span-2">
            Size {IMAGE_SIZE}, {IMAGE_QUANTITY} image. Styles need an image model; without one, the image is a title card (your text on a
            coloured background).
          </p>
          <div className="sm:col-span-2">
            <StatusButton type="submit" pending={pending} pendingLabel="Generating...">
              Generate Images
            </StatusButton>
          </div>
        </Form>
      </GeneratorCard>
      {image ? (
        <GeneratorCard id="image-result-heading" title="Generated image">
          <figure className="mt-4">
            <img
              src={image.url}
              alt={image.prompt}
              width={512}
              height={512}
              className="mx-auto h-auto w-full max-w-lg rounded-md border border-slate-100"
            />
            <figcaption className="mt-3 text-sm text-slate-700">
              <span className="font-medium">Revised prompt:</span> <span data-testid="revised-prompt">{image.revisedPrompt}</span>
            </figcaption>
          </figure>
          <p className="mt-3 text-sm">
            <a className="text-brand-700 underline" href={image.url} target="_blank" rel="noreferrer">
              Open the image
            </a>{" "}
            <span className="text-slate-500">
              ({image.style}
              {image.provider === "offline" ? ", a title card from the built-in offline writer" : ""})
            </span>
          </p>
        </GeneratorCard>
      ) : null}
    </div>
  );
}
