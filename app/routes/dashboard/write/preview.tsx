import { data } from "react-router";
import { articleProse } from "#app/components/editor/prose";
import { getDb } from "#app/db/client.server";
import { contentToHtml, parseContentFormat } from "#app/modules/articles/markdown";
import { getArticle } from "#app/modules/articles/mutations.server";
import { sanitizeArticle } from "#app/modules/articles/analyse.server";
import { ARTICLE_TOO_LARGE_MESSAGE, isArticleTooLarge, isArticleTooLargeError } from "#app/modules/articles/sanitize.server";
import { authContext, requireAuth } from "#app/modules/auth/guards.server";
import type { Route } from "./+types/preview";

/**
 * The article as readers will see it, in its own tab: GET ?id= for a saved
 * article of this site, POST for what is in the write form right now (also an
 * unsaved draft). Either way the HTML is sanitized before it is rendered.
 */

export const middleware: Route.MiddlewareFunction[] = [requireAuth];

export const meta: Route.MetaFunction = ({ data }) => [{ title: `Preview: ${data?.title || "Untitled"} | Inkpilot` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const id = new URL(request.url).searchParams.get("id");
  if (!id) return { title: "", html: "", error: null };
  const article = await getArticle(getDb(), context.get(authContext).site.id, id);
  if (!article) throw data({ title: "Error loading article", description: "Failed to load the article for editing." }, { status: 404 });
  return { title: article.title, html: article.content_html, error: null };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const title = text("title").trim();
  const content = text("content");
  // Checked on what was posted (before Markdown conversion) and again on the HTML by the sanitizer.
  if (isArticleTooLarge(content)) return data({ title, html: "", error: ARTICLE_TOO_LARGE_MESSAGE }, { status: 400 });
  try {
    return { title, html: await sanitizeArticle(contentToHtml(content, parseContentFormat(text("contentFormat")))), error: null };
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
  return (
    <main id="main" className="mx-auto max-w-xl px-6 py-24 text-center">
      <h1 className="text-2xl font-bold">Error loading article</h1>
      <p className="mt-4 text-slate-600">Failed to load the article for editing.</p>
    </main>
  );
}
