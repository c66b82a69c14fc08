import { data } from "react-router";
import { z } from "zod";
import { articleProse } from "#app/components/editor/prose";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { getDb } from "#app/db/client.server";
import { contentToHtml, parseContentFormat } from "#app/modules/articles/markdown";
import { getArticle } from "#app/modules/articles/mutations.server";
import { sanitizeArticle } from "#app/modules/articles/analyse.server";
import { ARTICLE_TOO_LARGE_MESSAGE, isArticleTooLarge, isArticleTooLargeError } from "#app/modules/articles/sanitize.server";
import { WRITE_MESSAGES } from "#app/modules/articles/write-messages";
import { authContext, requireAuth } from "#app/modules/auth/guards.server";
import { parseSubmission } from "#app/utils/forms.server";
import { notFound } from "#app/utils/responses.server";
import type { Route } from "./+types/preview";

/** Body limit (server/request-body.ts): the whole article, previewed before saving. */
export const bodyLimit = "article";

/**
 * The article as readers will see it, in its own tab: GET ?id= for a saved
 * article of this site, POST for what is in the write form right now (also an
 * unsaved draft). Either way the HTML is sanitized before it is rendered.
 */

export const middleware: Route.MiddlewareFunction[] = [requireAuth];

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Preview: ${data?.title || "Untitled"} | Inkpilot` },
  { name: "robots", content: "noindex" },
];

export async function loader({ context, url }: Route.LoaderArgs) {
  const id = url.searchParams.get("id");
  if (!id) return { title: "", html: "", error: null };
  const article = await getArticle(getDb(), context.get(authContext).site.id, id);
  if (!article) notFound(WRITE_MESSAGES.loadFailed.title);
  return { title: article.title, html: article.content_html, error: null };
}

// The write form's fields, as its Preview button posts them; anything missing previews as empty.
const PreviewSchema = z.object({
  title: z.string().trim().default(""),
  content: z.string().default(""),
  contentFormat: z.string().optional(),
});

export async function action({ request }: Route.ActionArgs) {
  const { submission } = await parseSubmission(request, PreviewSchema);
  const { title, content, contentFormat } =
    submission.status === "success" ? submission.value : { title: "", content: "", contentFormat: undefined };
  // Checked on what was posted (before Markdown conversion) and again on the HTML by the sanitizer.
  if (isArticleTooLarge(content)) return data({ title, html: "", error: ARTICLE_TOO_LARGE_MESSAGE }, { status: 400 });
  try {
    return { title, html: await sanitizeArticle(contentToHtml(content, parseContentFormat(contentFormat))), error: null };
  } catch (error) {
    if (isArticleTooLargeError(error)) return data({ title, html: "", error: ARTICLE_TOO_LARGE_MESSAGE }, { status: 400 });
    throw error;
  }
}

export default function PreviewPage({ loaderData, actionData }: Route.ComponentProps) {
  const { title, html, error } = actionData ?? loaderData;
  return (
    <div className="min-h-screen bg-white">
      <p className="bg-amber-50 px-4 py-2 text-center text-sm text-amber-900" role="note">
        Preview — this is how the article reads. It is not published.
      </p>
      <main id="main" className="mx-auto max-w-3xl px-6 py-10">
        <article>
          <h1 className="mb-6 text-4xl font-bold tracking-tight text-slate-900">{title || "Untitled"}</h1>
          {error ? (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-red-800">
              {error}
            </p>
          ) : (
            <div className={articleProse} data-testid="preview-body" dangerouslySetInnerHTML={{ __html: html }} />
          )}
        </article>
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  const copy = { title: WRITE_MESSAGES.loadFailed.title, message: WRITE_MESSAGES.loadFailed.description };
  return (
    <GeneralErrorBoundary
      as="main"
      statusCopy={{ 404: copy }}
      unexpectedCopy={copy}
      back={{ to: "/dashboard/write", label: "Write a new article" }}
    />
  );
}
