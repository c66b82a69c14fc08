import { Form } from "react-router";
import { Field, FormMessage } from "#app/components/forms";
import { Toaster } from "#app/components/toaster";
import { StatusButton } from "#app/components/ui/button";
import { IMAGE_QUANTITY, IMAGE_SIZE, IMAGE_STYLES } from "#app/modules/generation/generator";
import type { GeneratorImage } from "#app/modules/generation/generator.server";
import { useIsPending } from "#app/utils/use-is-pending";
import { selectClass, type TabResult } from "./types";

const ACTION = "/dashboard/generator?tab=images";

/** Images tab: one image for a prompt in a style, stored like article images and shown with the prompt it was drawn from. */
export function ImagesTab({ result }: { result?: TabResult & { image?: GeneratorImage } }) {
  const pending = useIsPending({ formAction: ACTION });
  const image = result?.image;
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="images-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="images-heading" className="text-lg font-semibold">
          Image generation
        </h2>
        <Form method="post" action={ACTION} className="mt-4 grid gap-4 sm:grid-cols-[minmax(0,1fr)_14rem]" noValidate>
          <input type="hidden" name="intent" value="images" />
          <Field
            label="Image prompt"
            errors={result?.fieldErrors?.prompt}
            inputProps={{ name: "prompt", defaultValue: result?.values.prompt ?? "", maxLength: 1000, placeholder: "e.g. a barista pouring latte art" }}
          />
          <div className="flex flex-col gap-1">
            <label htmlFor="generator-image-style" className="text-sm font-medium text-slate-800">
              Style
            </label>
            <select id="generator-image-style" name="style" defaultValue={result?.values.style ?? "photorealistic"} className={selectClass}>
              {IMAGE_STYLES.map((s) => (
                <option key={s} value={s}>
                  {s.charAt(0).toUpperCase() + s.slice(1)}
                </option>
              ))}
            </select>
          </div>
          <p className="text-sm text-slate-600 sm:col-span-2">
            Size {IMAGE_SIZE}, {IMAGE_QUANTITY} image.
          </p>
          <div className="sm:col-span-2">
            <StatusButton type="submit" pending={pending} pendingLabel="Generating...">
              Generate Images
            </StatusButton>
          </div>
        </Form>
        {result?.formError ? (
          <div className="mt-4">
            <FormMessage title={result.formError.title} description={result.formError.description} />
          </div>
        ) : null}
      </section>
      {image ? (
        <section aria-labelledby="image-result-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="image-result-heading" className="text-lg font-semibold">
            Generated image
          </h2>
          <figure className="mt-4">
            <img src={image.url} alt={image.prompt} width={512} height={512} className="mx-auto h-auto w-full max-w-lg rounded-md border border-slate-100" />
            <figcaption className="mt-3 text-sm text-slate-700">
              <span className="font-medium">Revised prompt:</span> <span data-testid="revised-prompt">{image.revisedPrompt}</span>
            </figcaption>
          </figure>
          <p className="mt-3 text-sm">
            <a className="text-brand-700 underline" href={image.url} target="_blank" rel="noreferrer">
              Open the image
            </a>{" "}
            <span className="text-slate-500">({image.style}{image.provider === "offline" ? ", drawn by the built-in offline writer" : ""})</span>
          </p>
        </section>
      ) : null}
      <Toaster toast={result?.toast ?? null} />
    </div>
  );
}
