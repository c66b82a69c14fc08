import { Form, Link } from "react-router";
import { z } from "zod";
import { StatusButton } from "#app/components/ui/button";
import { getDb } from "#app/db/client.server";
import { deleteArticle, getArticle } from "#app/modules/articles/mutations.server";
import { authContext, safeRedirectPath } from "#app/modules/auth/guards.server";
import { logger } from "#app/utils/logger.server";
import { notFound } from "#app/utils/responses.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { useIsPending } from "#app/utils/use-is-pending";
import { parseSubmission } from "#app/utils/forms.server";
import type { Route } from "./+types/delete";

/**
 * Deleting an article: the list's confirmation dialog posts here, and without
 * JavaScript the row menu links here for the same confirmation as a page. Only
 * an article of the viewer's site can be seen or deleted; any other id is a 404.
 */

export const handle = { breadcrumb: "Delete Article" };

export const meta: Route.MetaFunction = () => [{ title: "Delete Article | Inkpilot" }];

/** Back to the list the user came from (same-site dashboard paths only). */
function backTo(value: FormDataEntryValue | string | null) {
  const path = safeRedirectPath(value, "/dashboard");
  return path === "/dashboard" || path.startsWith("/dashboard?") || path.startsWith("/dashboard/articles") ? path : "/dashboard";
}

export async function loader({ params, context, url }: Route.LoaderArgs) {
  const { site } = context.get(authContext);
  const article = await getArticle(getDb(), site.id, params.articleId);
  if (!article) notFound("Article not found");
  return { article: { id: article.id, title: article.title }, back: backTo(url.searchParams.get("back")) };
}

/** The confirmation's one field: the list page (with its filters) to go back to. */
const DeleteSchema = z.object({ redirectTo: z.string().optional() });

export async function action({ request, params, context }: Route.ActionArgs) {
  const { site, user } = context.get(authContext);
  const db = getDb();
  const { submission } = await parseSubmission(request, DeleteSchema);
  const back = backTo(submission.status === "success" ? (submission.value.redirectTo ?? null) : null);
  const article = await getArticle(db, site.id, params.articleId);
  if (!article) notFound("Article not found");
  try {
    await deleteArticle(db, site.id, article.id);
  } catch (error) {
    logger.error({ err: error, articleId: article.id, userId: user.id }, "article delete failed");
    return redirectWithToast(back, {
      type: "error",
      title: "Error deleting article",
      description: "Failed to delete the article. Please try again.",
    });
  }
  return redirectWithToast(back, { title: "Article deleted" });
}

export default function DeleteArticlePage({ loaderData }: Route.ComponentProps) {
  const { article, back } = loaderData;
  const pending = useIsPending();
  return (
    <div className="mx-auto max-w-lg">
      <section aria-labelledby="delete-title" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 id="delete-title" className="text-lg font-semibold">
          Delete Article
        </h1>
        <p className="mt-2 text-sm text-slate-600">
          Are you sure you want to delete the article titled{" "}
          <strong className="font-semibold text-slate-900">&ldquo;{article.title || "Untitled"}&rdquo;</strong>? This action cannot be
          undone.
        </p>
        <Form method="post" className="mt-6 flex justify-end gap-3">
          <input type="hidden" name="redirectTo" value={back} />
          <Link
            to={back}
            className="inline-flex h-10 items-center rounded-md border border-slate-300 bg-white px-4 text-sm font-medium hover:bg-slate-50"
          >
            Cancel
          </Link>
          <StatusButton variant="destructive" pending={pending} pendingLabel="Deleting...">
            Delete
          </StatusButton>
        </Form>
      </section>
    </div>
  );
}
