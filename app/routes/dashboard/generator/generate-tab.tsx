import { useCallback } from "react";
import { Form, Link, useNavigate } from "react-router";
import { articleProse } from "#app/components/editor/prose";
import { Field, FormMessage } from "#app/components/forms";
import { Button, StatusButton } from "#app/components/ui/button";
import { editUrl } from "#app/modules/articles/urls";
import { DEFAULT_WORD_COUNT, GENERATOR_MESSAGES as M, GENERATOR_TONES, GENERATOR_WORD_COUNTS } from "#app/modules/generation/generator";
import type { GeneratedArticleView } from "#app/modules/generation/generator.server";
import { useHydrated } from "#app/utils/use-hydrated";
import { useIsPending } from "#app/utils/use-is-pending";
import { CancelGenerationForm, GenerationProgress, useGenerationEvents, type GenerationSnapshot } from "../generations/progress";
import { OfflineWriterNote } from "../write/generation-panel";
import { selectClass, type TabResult } from "./types";

const ACTION = "/dashboard/generator?tab=generate";

/** Generate tab: the article form, the running job's progress, or the finished article. */
export function GenerateTab({
  generation,
  article,
  topic,
  result,
}: {
  generation: GenerationSnapshot | null;
  article: GeneratedArticleView | null;
  topic: string;
  result?: TabResult;
}) {
  if (generation?.status === "running") return <RunningGeneration generation={generation} />;
  return (
    <div className="flex flex-col gap-6">
      {generation ? <GenerationFailure generation={generation} /> : null}
      {article ? <GeneratedArticle article={article} /> : null}
      <GenerateForm topic={topic} result={result} />
    </div>
  );
}

function GenerateForm({ topic, result }: { topic: string; result?: TabResult }) {
  const hydrated = useHydrated();
  const pending = useIsPending({ formAction: ACTION });
  const values = result?.values ?? {};
  return (
    <section aria-labelledby="generate-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="generate-heading" className="text-lg font-semibold">
        Generate an article
      </h2>
      <p className="mt-1 text-sm text-slate-600">The article is written in the background with your brand and content settings; it counts towards your monthly articles.</p>
      <Form method="post" action={ACTION} className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
        <input type="hidden" name="intent" value="generate" />
        {hydrated ? <input type="hidden" name="js" value="1" /> : null}
        {result?.formError ? (
          <div className="sm:col-span-2">
            <FormMessage title={result.formError.title} description={result.formError.description} />
          </div>
        ) : null}
        <Field
          className="sm:col-span-2"
          label="Topic"
          errors={result?.fieldErrors?.topic}
          inputProps={{ name: "topic", defaultValue: values.topic ?? topic, maxLength: 200, placeholder: "e.g. cold brew coffee at home" }}
        />
        <Field
          className="sm:col-span-2"
          label="Keywords"
          hint="Comma-separated, e.g. cold brew ratio, cold brew concentrate"
          errors={result?.fieldErrors?.keywords}
          inputProps={{ name: "keywords", defaultValue: values.keywords ?? "", maxLength: 500 }}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor="generator-tone" className="text-sm font-medium text-slate-800">
            Tone
          </label>
          <select id="generator-tone" name="tone" defaultValue={values.tone ?? "professional"} className={selectClass}>
            {GENERATOR_TONES.map((t) => (
              <option key={t} value={t}>
                {t.charAt(0).toUpperCase() + t.slice(1)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="generator-word-count" className="text-sm font-medium text-slate-800">
            Word count
          </label>
          <select id="generator-word-count" name="wordCount" defaultValue={values.wordCount ?? String(DEFAULT_WORD_COUNT)} className={selectClass}>
            {GENERATOR_WORD_COUNTS.map((n) => (
              <option key={n} value={n}>
                {n.toLocaleString("en-US")} words
              </option>
            ))}
          </select>
        </div>
        <div className="sm:col-span-2">
          <StatusButton type="submit" pending={pending} pendingLabel="Starting...">
            Generate Content
          </StatusButton>
        </div>
      </Form>
    </section>
  );
}

function RunningGeneration({ generation: initial }: { generation: GenerationSnapshot }) {
  const navigate = useNavigate();
  // The loader turns a finished generation into the result and the success toast.
  const onDone = useCallback(
    () => void navigate(`/dashboard/generator?tab=generate&generation=${encodeURIComponent(initial.id)}`, { replace: true }),
    [initial.id, navigate],
  );
  const generation = useGenerationEvents(initial, onDone);
  if (generation.status !== "running") return <GenerationFailure generation={generation} />;
  return (
    <section aria-labelledby="generating-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="generating-heading" className="text-lg font-semibold">
        Generating your article
      </h2>
      <p className="mt-1 text-sm text-slate-600">Adding backlinks and images... This may take 1-3 minutes; you can leave this page, the article keeps being written.</p>
      <div className="mt-4">
        <GenerationProgress generation={generation} />
      </div>
      <div className="mt-6">
        <CancelGenerationForm generationId={generation.id} />
      </div>
    </section>
  );
}

function GenerationFailure({ generation }: { generation: GenerationSnapshot }) {
  const cancelled = generation.status === "cancelled";
  return (
    <div className="flex flex-col gap-2">
      <FormMessage
        title={cancelled ? "Generation cancelled" : M.generateFailed(generation.error ?? "Please try again.")}
        description={cancelled ? "Whatever was already written is kept as a draft." : undefined}
      />
      <Link className="text-sm text-brand-700 underline" to={editUrl(generation.articleId)}>
        Open the draft
      </Link>
    </div>
  );
}

function GeneratedArticle({ article }: { article: GeneratedArticleView }) {
  return (
    <section aria-labelledby="generated-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <p className="text-sm font-medium text-emerald-700">Generated article · {article.wordCount.toLocaleString("en-US")} words</p>
      <h2 id="generated-heading" className="mt-1 text-xl font-semibold">
        {article.title || "Untitled"}
      </h2>
      {article.metaDescription ? <p className="mt-1 text-sm text-slate-600">{article.metaDescription}</p> : null}
      {article.source === "offline" ? (
        <div className="mt-3">
          <OfflineWriterNote />
        </div>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-3">
        <Button asChild>
          <Link to={editUrl(article.id)}>Open in Editor</Link>
        </Button>
        <Button asChild variant="secondary">
          <Link to={`/dashboard/generator?tab=publish&article=${encodeURIComponent(article.id)}`}>Publish</Link>
        </Button>
      </div>
      {/* Stored content is sanitized on save, like the preview renders it. */}
      <div className={`mt-6 max-h-[32rem] overflow-y-auto rounded-md border border-slate-100 p-4 ${articleProse}`} data-testid="generated-content" dangerouslySetInnerHTML={{ __html: article.contentHtml }} />
    </section>
  );
}
