import { useCallback, useRef, useState } from "react";
import { Form, Link, useFetcher, useNavigate, useSubmit } from "react-router";
import { Field } from "#app/components/forms";
import { Button } from "#app/components/ui/button";
import { ChoiceDialog } from "#app/components/confirm-dialog";
import { Dialog } from "#app/components/ui/dialog";
import { useHydrated } from "#app/utils/use-hydrated";
import {
  CancelGenerationForm,
  GenerationProgress,
  OFFLINE_NOTE,
  useGenerationEvents,
  type GenerationSnapshot,
} from "./generation-progress";

/** Agrees with the progress page (../generations/status.tsx): the job runs on the server, so leaving is fine. */
const GENERATION_QUESTION =
  "Writing takes 1-3 minutes and counts as one article. You may leave this page; the article keeps being written and will be waiting in your articles.";
/** Without an AI provider: the built-in writer's outlook for the keyword (../routes/dashboard/generations/outlook.ts) comes first. */
const OFFLINE_QUESTION = "You may leave this page; the draft will be waiting in your articles.";
const NO_PROVIDER_NOTE =
  "No AI provider is set up: the built-in writer drafts from research and your pages only, and its drafts do not count against your plan.";

/**
 * The write screen's 'Get AI-Powered Article Ideas' panel. Props:
 * - active: the site's running generation (getActiveGeneration(db, siteId) in the loader), or null;
 * - defaultKeyword: prefills the keyword field.
 * Without JavaScript the button posts straight away and the status page shows
 * progress; with it, the 'Generate an article?' dialog asks first (in the words
 * of the progress page: it runs on the server, you may leave) and the
 * 'Generating your article' dialog follows the job live. 'More options' leads
 * to the generator page (length, tone, images).
 */
export function GenerationPanel({
  active,
  defaultKeyword = "",
  aiProvider,
}: {
  active: GenerationSnapshot | null;
  defaultKeyword?: string;
  /** False on the embedded default: the dialog says what the built-in writer can do for the keyword first. */
  aiProvider: boolean;
}) {
  const hydrated = useHydrated();
  const [confirming, setConfirming] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  const outlook = useFetcher<{ sentence: string | null }>();

  return (
    <section aria-labelledby="ai-ideas-heading" className="rounded-xl border border-blue-100 bg-blue-50 p-4">
      <h2 id="ai-ideas-heading" className="font-semibold">
        Get AI-Powered Article Ideas
      </h2>
      <Form
        ref={formRef}
        method="post"
        action="/dashboard/generations/start"
        className="mt-3 flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          const keyword = String(new FormData(event.currentTarget).get("keyword") ?? "").trim();
          if (!aiProvider && keyword) void outlook.load(`/dashboard/generations/outlook?keyword=${encodeURIComponent(keyword)}`);
          setConfirming(true);
        }}
      >
        <Field
          className="min-w-60 flex-1"
          label="Target keyword"
          inputProps={{
            id: "generation-keyword",
            name: "keyword",
            required: true,
            maxLength: 200,
            defaultValue: defaultKeyword,
            placeholder: "e.g. cold brew coffee",
          }}
        />
        {hydrated ? <input type="hidden" name="returnTo" value="/dashboard/write" /> : null}
        <Button type="submit">Generate AI Article</Button>
      </Form>
      {aiProvider ? null : <p className="mt-2 text-sm text-slate-600">{NO_PROVIDER_NOTE}</p>}
      <p className="mt-2 flex flex-wrap justify-between gap-2 text-sm text-slate-600">
        <span>Or start writing manually below</span>
        <Link className="font-medium text-blue-700 underline" to="/dashboard/generator">
          More options
        </Link>
      </p>

      <ChoiceDialog
        open={confirming}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          if (formRef.current) void submit(formRef.current);
        }}
        title="Generate an article?"
        description={
          aiProvider ? (
            GENERATION_QUESTION
          ) : (
            <span data-testid="offline-outlook">
              {outlook.state !== "idle" || !outlook.data?.sentence
                ? "Checking what the built-in writer can do for this keyword…"
                : outlook.data.sentence}{" "}
              {OFFLINE_QUESTION}
            </span>
          )
        }
        cancelLabel="Cancel"
        confirmLabel="Start Generation"
      />

      {active ? <RunningGeneration key={active.id} generation={active} hydrated={hydrated} /> : null}
    </section>
  );
}

/**
 * A running generation: a status line linking to the status page, and with JavaScript the live progress dialog,
 * which opens the status page when done (it opens the article, or the review of a regenerated version). The write
 * screen shows it for a regeneration of the open article too.
 */
export function RunningGeneration({ generation: initial, hydrated }: { generation: GenerationSnapshot; hydrated: boolean }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(true);
  const onDone = useCallback(
    (articleId: string) => void navigate(`/dashboard/generations/${initial.id}?article=${articleId}`),
    [initial.id, navigate],
  );
  const generation = useGenerationEvents(initial, onDone);
  return (
    <>
      {/* Without JavaScript the dialog cannot open; this line links to the self-refreshing status page. */}
      <p className="mt-3 text-sm" role="status">
        A generation is running: {generation.step} ({generation.progress}%).{" "}
        <Link className="text-blue-700 underline" to={`/dashboard/generations/${generation.id}`}>
          View progress
        </Link>
      </p>
      {hydrated ? (
        <Dialog open={open} onOpenChange={setOpen} title="Generating your article" description="Adding backlinks and images...">
          {generation.status === "running" ? (
            <>
              <p className="mb-4 text-sm text-slate-600">
                You may leave this page; the article keeps being written and will be waiting in your articles.
              </p>
              <GenerationProgress generation={generation} />
              <div className="mt-6 flex justify-end">
                <CancelGenerationForm generationId={generation.id} />
              </div>
            </>
          ) : (
            <p role="alert" className="text-sm text-red-700">
              {generation.error ?? "Failed to generate AI article. Please try again."}
            </p>
          )}
        </Dialog>
      ) : null}
    </>
  );
}

/**
 * The visible label on an article the offline writer wrote (articles.source === 'offline'), with what it could not
 * do for this article without a model (offlineGapsOfArticle) when the page knows.
 */
export function OfflineWriterNote({ gaps = [], research }: { gaps?: string[]; research?: string }) {
  return (
    <div role="note" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <p>{OFFLINE_NOTE}</p>
      {/* The same record the Sources panel reads (app/modules/research/status.ts). */}
      {research ? <p className="mt-2">{research}</p> : null}
      {gaps.length ? (
        <>
          <p className="mt-2 font-medium">What it could not do for this article:</p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {gaps.map((gap) => (
              <li key={gap}>{gap}</li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
