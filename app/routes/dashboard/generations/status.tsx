import { Link } from "react-router";
import { z } from "zod";
import { FormMessage } from "#app/components/forms";
import { getDb } from "#app/db/client.server";
import { editUrl, proposalUrl } from "#app/modules/articles/urls";
import { authContext } from "#app/modules/auth/guards.server";
import { cancelGeneration, getGeneration } from "#app/modules/generation/service.server";
import { getProposal } from "#app/modules/generation/proposals.server";
import { notFound, badRequest } from "#app/utils/responses.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { CancelGenerationForm, GenerationProgress, useGenerationEvents } from "#app/components/generation-progress";
import { parseSubmission } from "#app/utils/forms.server";
import type { Route } from "./+types/status";

/**
 * A generation's status page: the no-JavaScript fallback of the progress
 * dialog. It refreshes itself every 2 s while running and opens the article in
 * the editor when done; with JavaScript it follows the event stream instead.
 */

export const handle = { breadcrumb: "Generating" };

export function meta({ data: loaderData }: Route.MetaArgs) {
  const running = loaderData?.generation.status === "running";
  return [{ title: "Generating your article | Inkpilot" }, ...(running ? [{ httpEquiv: "refresh", content: "2" }] : [])];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const auth = context.get(authContext);
  const db = getDb();
  const generation = await getGeneration(db, auth.site.id, params.id);
  if (!generation) notFound("Not found");
  // A regeneration of an article with text proposes (decision 066): open its review rather than the editor.
  const proposal = generation.status === "succeeded" ? await getProposal(db, auth.site.id, generation.articleId) : null;
  if (proposal?.generation_id === generation.id) {
    return redirectWithToast(proposalUrl(generation.articleId), {
      title: "A new version is ready",
      description: "Review it: your working copy stays as it is until you accept it.",
    });
  }
  if (generation.status === "succeeded") {
    return redirectWithToast(editUrl(generation.articleId), {
      title: "AI Article Generated!",
      description: "Your article is ready to review.",
    });
  }
  return { generation };
}

const CancelSchema = z.object({ intent: z.literal("cancel") });

export async function action({ params, context, request }: Route.ActionArgs) {
  const auth = context.get(authContext);
  // The page's one form: Cancel.
  const { submission } = await parseSubmission(request, CancelSchema);
  if (submission.status !== "success") badRequest("Bad request");
  const db = getDb();
  const generation = await getGeneration(db, auth.site.id, params.id);
  if (!generation) notFound("Not found");
  await cancelGeneration(db, auth.site.id, params.id);
  return redirectWithToast(editUrl(generation.articleId), {
    type: "info",
    title: "Generation cancelled",
    description: "Whatever was already written is kept as a draft.",
  });
}

export default function GenerationStatus({ loaderData }: Route.ComponentProps) {
  const generation = useGenerationEvents(loaderData.generation);
  return (
    <section className="mx-auto max-w-xl rounded-xl border bg-white p-6">
      <h1 className="text-xl font-semibold">Generating your article</h1>
      <p className="mt-1 text-sm text-slate-600">Adding backlinks and images...</p>
      {generation.status === "running" ? (
        <>
          <p className="mt-2 text-sm text-slate-600">
            This may take 1-3 minutes. You may leave this page; the article keeps being written and will be waiting in your articles.
          </p>
          <div className="mt-4">
            <GenerationProgress generation={generation} />
          </div>
          <div className="mt-6 flex gap-3">
            <CancelGenerationForm generationId={generation.id} />
          </div>
        </>
      ) : (
        <div className="mt-4 space-y-4">
          <FormMessage
            title={generation.status === "cancelled" ? "Generation cancelled" : "Error generating article"}
            description={
              generation.error ??
              (generation.status === "cancelled"
                ? "Whatever was already written is kept as a draft."
                : "Failed to generate AI article. Please try again.")
            }
          />
          <Link className="text-blue-700 underline" to={editUrl(generation.articleId)}>
            Open the draft
          </Link>
        </div>
      )}
    </section>
  );
}
