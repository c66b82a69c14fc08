import { useEffect, useState } from "react";
import { Form, useNavigate } from "react-router";
import { Button } from "#app/components/ui/button";
import type { GenerationView } from "#app/modules/generation/service.server";
import { cn } from "#app/utils/cn";

/** What the page needs to show a generation; the server's GenerationView fits. */
export type GenerationSnapshot = Pick<
  GenerationView,
  "id" | "articleId" | "status" | "step" | "progress" | "error" | "steps" | "articleSource"
>;

export const OFFLINE_NOTE =
  "Written by the built-in offline writer in English, only from the research and your own pages: it states no fact they do not hold. Configure an AI provider for fuller articles, other languages and your specific instructions.";

/** Progress bar and step list; server-rendered on the status page, live in the dialog. */
export function GenerationProgress({ generation }: { generation: GenerationSnapshot }) {
  return (
    <div>
      <div className="flex items-center justify-between text-sm">
        <span>{generation.step}</span>
        <span aria-hidden="true">{generation.progress}%</span>
      </div>
      <div
        role="progressbar"
        aria-label="Generation progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={generation.progress}
        className="mt-2 h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-blue-600 transition-all" style={{ width: `${generation.progress}%` }} />
      </div>
      <ol className="mt-4 space-y-1 text-sm" aria-label="Steps">
        {generation.steps.map((s) => (
          <li
            key={s.key}
            className={cn("flex items-center gap-2", s.status === "pending" && "text-slate-400", s.status === "active" && "font-medium")}
          >
            <span aria-hidden="true">{s.status === "done" ? "✓" : s.status === "active" ? "…" : "○"}</span>
            <span>{s.label}</span>
            <span className="sr-only">{s.status === "done" ? "(done)" : s.status === "active" ? "(in progress)" : "(pending)"}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

export function CancelGenerationForm({ generationId }: { generationId: string }) {
  return (
    <Form method="post" action={`/dashboard/generations/${generationId}`}>
      <input type="hidden" name="intent" value="cancel" />
      <Button type="submit" variant="secondary">
        Cancel
      </Button>
    </Form>
  );
}

/** After the server refused a stream (too many open), the page tries again this much later. */
const REFUSED_RETRY_MS = 30_000;

/**
 * Follows a running generation over Server-Sent Events and opens the article
 * in the editor when it is done. `onDone` overrides where to go.
 */
export function useGenerationEvents(initial: GenerationSnapshot, onDone?: (articleId: string) => void) {
  const [generation, setGeneration] = useState(initial);
  const navigate = useNavigate();
  useEffect(() => {
    if (initial.status !== "running") return;
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      const current = new EventSource(`/dashboard/generations/${initial.id}/events`);
      source = current;
      current.addEventListener("progress", (e) => setGeneration(JSON.parse((e as MessageEvent<string>).data) as GenerationSnapshot));
      current.addEventListener("done", (e) => {
        current.close();
        const { articleId } = JSON.parse((e as MessageEvent<string>).data) as { articleId: string };
        if (onDone) onDone(articleId);
        else void navigate(`/dashboard/generations/${initial.id}`);
      });
      current.addEventListener("error", (e) => {
        const raw = (e as MessageEvent<string>).data;
        if (!raw) {
          // A dropped connection reconnects on its own; a refused one (429: too many streams) is closed for good, so come back later.
          if (current.readyState === EventSource.CLOSED) retry = setTimeout(connect, REFUSED_RETRY_MS);
          return;
        }
        current.close();
        const { message, status } = JSON.parse(raw) as { message: string; status: GenerationSnapshot["status"] };
        setGeneration((g) => ({ ...g, status, error: message }));
      });
    };
    connect();
    return () => {
      clearTimeout(retry);
      source?.close();
    };
  }, [initial.id, initial.status, navigate, onDone]);
  return generation;
}
