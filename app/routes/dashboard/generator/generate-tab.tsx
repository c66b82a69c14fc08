import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { useCallback } from "react";
import { Form, Link, useNavigate } from "react-router";
import { articleProse } from "#app/components/editor/prose";
import { Field, FormMessage, SelectField, useSchemaForm } from "#app/components/forms";
import { Button, StatusButton } from "#app/components/ui/button";
import { editUrl } from "#app/modules/articles/urls";
import { GENERATOR_MESSAGES as M, GENERATOR_TONES } from "#app/modules/generation/generator";
import { ARTICLE_LENGTH_LABELS, ARTICLE_LENGTHS, type ArticleLength } from "#app/modules/settings/content-options";
import type { GeneratedArticleView } from "#app/modules/generation/generator.server";
import type { FormReply } from "#app/utils/form-reply";
import { useHydrated } from "#app/utils/use-hydrated";
import { useIsPending } from "#app/utils/use-is-pending";
import {
  CancelGenerationForm,
  GenerationProgress,
  useGenerationEvents,
  type GenerationSnapshot,
} from "#app/components/generation-progress";
import { OfflineWriterNote } from "#app/components/generation-panel";
import { capitalisedOptions, GenerateSchema } from "./schemas";
import { GeneratorCard } from "./card";

const ACTION = "/dashboard/generator?tab=generate";

/** Generate tab: the article form, the running job's progress, or the finished article. */
export function GenerateTab({
  generation,
  article,
  topic,
  articleLength,
  reply,
}: {
  generation: GenerationSnapshot | null;
  article: GeneratedArticleView | null;
  topic: string;
  /** The site's content setting, the form's default. */
  articleLength: ArticleLength;
  reply?: FormReply;
}) {
  if (generation?.status === "running") return <RunningGeneration generation={generation} />;
  return (
    <div className="flex flex-col gap-6">
      {generation ? <GenerationFailure generation={generation} /> : null}
      {article ? <GeneratedArticle article={article} /> : null}
      <GenerateForm topic={topic} articleLength={articleLength} reply={reply} />
    </div>
  );
}

const LENGTH_OPTIONS = ARTICLE_LENGTHS.map((value) => ({ value, label: ARTICLE_LENGTH_LABELS[value] }));

function GenerateForm({ topic, articleLength, reply }: { topic: string; articleLength: ArticleLength; reply?: FormReply }) {
  const hydrated = useHydrated();
  const pending = useIsPending({ formAction: ACTION });
  const [form, fields] = useSchemaForm(GenerateSchema, {
    id: "generator-generate",
    lastResult: reply?.result,
    defaultValue: { topic, tone: "professional", articleLength },
  });
  return (
    <GeneratorCard id="generate-heading" title="Generate an article">
      <p className="mt-1 text-sm text-slate-600">
        The article is written in the background with your brand and content settings; it counts towards your monthly articles.
      </p>
      <Form method="post" action={ACTION} {...getFormProps(form)} className="mt-4 grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value="generate" />
        {hydrated ? <input type="hidden" name="js" value="1" /> : null}
        {reply?.notice ? (
          <div className="sm:col-span-2">
            <FormMessage {...reply.notice} />
          </div>
        ) : null}
        <Field
          className="sm:col-span-2"
          label="Topic"
          errors={fields.topic.errors}
          inputProps={{ ...getInputProps(fields.topic, { type: "text" }), maxLength: 200, placeholder: "e.g. cold brew coffee at home" }}
        />
        <Field
          className="sm:col-span-2"
          label="Keywords"
          hint="Comma-separated, e.g. cold brew ratio, cold brew concentrate"
          errors={fields.keywords.errors}
          inputProps={{ ...getInputProps(fields.keywords, { type: "text" }), maxLength: 500 }}
        />
        <SelectField
          label="Tone"
          selectProps={getSelectProps(fields.tone)}
          options={capitalisedOptions(GENERATOR_TONES)}
          errors={fields.tone.errors}
        />
        <SelectField
          label="Article length"
          hint="As in Settings → Content; this article only."
          selectProps={getSelectProps(fields.articleLength)}
          options={LENGTH_OPTIONS}
          errors={fields.articleLength.errors}
        />
        <div className="sm:col-span-2">
          <StatusButton type="submit" pending={pending} pendingLabel="Starting...">
            Generate Content
          </StatusButton>
        </div>
      </Form>
    </GeneratorCard>
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
    <GeneratorCard id="generating-heading" title="Generating your article">
      <p className="mt-1 text-sm text-slate-600">
        Adding backlinks and images... This may take 1-3 minutes; you can leave this page, the article keeps being written.
      </p>
      <div className="mt-4">
        <GenerationProgress generation={generation} />
      </div>
      <div className="mt-6">
        <CancelGenerationForm generationId={generation.id} />
      </div>
    </GeneratorCard>
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
      <div
        className={`mt-6 max-h-[32rem] overflow-y-auto rounded-md border border-slate-100 p-4 ${articleProse}`}
        data-testid="generated-content"
        dangerouslySetInnerHTML={{ __html: article.contentHtml }}
      />
    </section>
  );
}
