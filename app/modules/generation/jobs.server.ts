import { z } from "zod";
import type { DB } from "#app/db/client.server";
import { isPermanentAiError } from "#app/modules/ai/client.server";
import { getGenerationAi, type GenerationAi } from "#app/modules/ai/providers.server";
import { WriterLimitError } from "#app/modules/ai/types";
import { PermanentJobError } from "#app/modules/jobs/queue.server";
import type { JobDefinition } from "#app/modules/jobs/runner.server";
import { logger } from "#app/utils/logger.server";
import { isoNow } from "#app/utils/time";
import { GenerationCancelled, runPipeline, settleUnfinished } from "./pipeline.server";
import { emitGenerationProgress } from "./progress-events.server";
import { GENERATION_ERROR } from "./service.server";
import type { ResearchDeps } from "./grounding.server";

/**
 * The 'generate-article' job. A cancel flag set by the user is polled while
 * the pipeline runs and aborts its model calls; an error leaves the saved
 * state for the next attempt, and the last attempt settles the article.
 */

const Payload = z.object({ generationId: z.string().min(1), siteId: z.string().min(1) });

// What enqueue() accepts for these jobs (app/modules/jobs/queue.server.ts).
declare module "#app/modules/jobs/queue.server" {
  interface JobPayloads {
    "generate-article": z.input<typeof Payload>;
  }
}
const CANCEL_POLL_MS = 500;

/** Errors no retry can fix: a bad request, key or model, or something the writer cannot do. */
function isPermanent(error: unknown) {
  return error instanceof WriterLimitError || error instanceof PermanentJobError || isPermanentAiError(error);
}

export async function runGeneration(
  db: DB,
  { generationId, siteId }: z.output<typeof Payload>,
  { signal, lastAttempt, ai, research }: { signal: AbortSignal; lastAttempt: boolean; ai?: GenerationAi; research?: ResearchDeps },
) {
  const current = await db.selectFrom("generations").select("status").where("id", "=", generationId).executeTakeFirst();
  if (!current || current.status !== "running") return;
  const cancel = new AbortController();
  const poll = setInterval(() => {
    void db
      .selectFrom("generations")
      .select("status")
      .where("id", "=", generationId)
      .executeTakeFirst()
      .then((row) => {
        if (row?.status === "cancelled") cancel.abort(new GenerationCancelled("Generation cancelled"));
      });
  }, CANCEL_POLL_MS);
  try {
    await runPipeline(db, siteId, generationId, {
      ...(ai ?? (await getGenerationAi())),
      research,
      signal: AbortSignal.any([signal, cancel.signal]),
    });
  } catch (error) {
    if (cancel.signal.aborted) {
      await settleUnfinished(db, siteId, generationId, "cancelled", null);
      return;
    }
    const permanent = isPermanent(error);
    logger.warn({ err: error, generationId, permanent, lastAttempt }, "generation attempt failed");
    if (permanent || lastAttempt) {
      await settleUnfinished(db, siteId, generationId, "failed", GENERATION_ERROR);
      throw new PermanentJobError(error instanceof Error ? error.message : String(error));
    }
    await db
      .updateTable("generations")
      .set({ step: "Retrying after an error...", updated_at: isoNow() })
      .where("id", "=", generationId)
      .execute();
    emitGenerationProgress(generationId);
    throw error;
  } finally {
    clearInterval(poll);
  }
}

export const generateArticleJob: JobDefinition<typeof Payload> = {
  payload: Payload,
  run: (payload, { db, job, signal }) => runGeneration(db, payload, { signal, lastAttempt: job.attempts >= job.max_attempts }),
};
