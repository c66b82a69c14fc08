import { Form, Link } from "react-router";
import { DiffView } from "#app/components/editor/diff-view";
import { Button } from "#app/components/ui/button";
import { getDb } from "#app/db/client.server";
import { editUrl, WRITE_PATH } from "#app/modules/articles/urls";
import { authContext } from "#app/modules/auth/guards.server";
import { diffArticleHtmlOffThread } from "#app/modules/generation/edit-diff.server";
import { parseSubmission } from "#app/utils/forms.server";
import { notFound } from "#app/utils/responses.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { AiSchema, backTo, failure, propose } from "./ai.server";
import type { Route } from "./+types/ai-review";

/** Body limit (server/request-body.ts): the draft the AI edit starts from. */
export const bodyLimit = "article";

/**
 * The AI edit result page without JavaScript: the 'Edit with AI' and
 * 'Regenerate section' forms post here, the page shows what would change and
 * Accept posts the rewrite through the write form's save; Discard goes back
 * unchanged (docs/decisions/036-ai-edits-reviewed-before-applied.md).
 */

export const handle = { breadcrumb: "Review AI edit" };
export const meta: Route.MetaFunction = () => [{ title: "Review the AI edit | Inkpilot" }];

export async function action({ request, context }: Route.ActionArgs) {
  const auth = context.get(authContext);
  const { submission } = await parseSubmission(request, AiSchema);
  if (submission.status !== "success" || (submission.value.intent !== "edit" && submission.value.intent !== "regenerate-section")) {
    const fields = submission.status === "success" ? null : submission.error;
    const message = Object.values(fields ?? {}).flat()[0] ?? "Invalid request";
    const articleId = submission.payload.articleId;
    return redirectWithToast(backTo(typeof articleId === "string" ? articleId : undefined), {
      type: "error",
      title: "Error generating article",
      description: message,
    });
  }
  const input = submission.value;
  const tenant = { workspaceId: auth.workspace.id, siteId: auth.site.id, userId: auth.user.id };
  try {
    const proposal = await propose(getDb(), tenant, input);
    if (!proposal) notFound("Not found");
    if (proposal instanceof Response) return proposal;
    const label = input.intent === "edit" ? `Edit with AI: “${input.instruction}”` : `Regenerate section: “${input.heading}”`;
    return {
      label,
      article: proposal.article,
      after: proposal.after,
      diff: await diffArticleHtmlOffThread(proposal.before, proposal.after),
    };
  } catch (error) {
    return failure(input, error);
  }
}

export default function AiReview({ actionData }: Route.ComponentProps) {
  if (!actionData) {
    return (
      <section className="mx-auto max-w-3xl rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold tracking-tight">Nothing to review</h1>
        <p className="mt-2 text-sm text-slate-600">AI edits are reviewed right after you ask for them.</p>
        <Link className="mt-4 inline-block font-medium text-brand-600 hover:underline" to={WRITE_PATH}>
          Back to the editor
        </Link>
      </section>
    );
  }
  const { article, after, diff, label } = actionData;
  return (
    <section aria-labelledby="review-title" className="mx-auto max-w-3xl rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h1 id="review-title" className="text-2xl font-bold tracking-tight">
        Review the AI edit
      </h1>
      <p className="mt-1 text-sm text-slate-600">
        {label} on “{article.title}”. Nothing changes until you accept.
      </p>
      <div className="mt-4">
        <DiffView diff={diff} />
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        {/* Accept is the write form's own save, so the article is checked and stored the one way. */}
        <Form method="post" action={editUrl(article.id)}>
          <input type="hidden" name="intent" value="ai-accept" />
          <input type="hidden" name="articleId" value={article.id} />
          <input type="hidden" name="title" value={article.title} />
          <input type="hidden" name="targetKeyword" value={article.targetKeyword} />
          <input type="hidden" name="metaDescription" value={article.metaDescription} />
          <input type="hidden" name="contentFormat" value="html" />
          <input type="hidden" name="content" value={after} />
          <Button type="submit">Accept</Button>
        </Form>
        <Form method="get" action={WRITE_PATH}>
          <input type="hidden" name="edit" value={article.id} />
          <Button type="submit" variant="secondary">
            Discard
          </Button>
        </Form>
      </div>
    </section>
  );
}
