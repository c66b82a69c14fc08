import { isRouteErrorResponse, Link, redirect } from "react-router";
import { FormMessage } from "#app/components/forms";
import { TrialBanner } from "#app/components/trial-banner";
import { UsageCard } from "#app/components/usage-card";
import { requestContext } from "#app/context";
import { getDb } from "#app/db/client.server";
import { scoreArticle } from "#app/modules/articles/seo";
import { editUrl } from "#app/modules/articles/urls";
import { WRITE_MESSAGES } from "#app/modules/articles/write-messages";
import { handleWriteAction, loadWriteScreen } from "#app/modules/articles/write.server";
import { authContext } from "#app/modules/auth/guards.server";
import { getActiveGeneration, getGeneration } from "#app/modules/generation/service.server";
import type { Route } from "./+types/index";
import { GenerationPanel, OfflineWriterNote } from "./generation-panel";
import { PublishDialog } from "./publish-dialog";
import { RegenerateButton } from "./regenerate-button";
import { WriteForm } from "./write-form";

export const handle = { breadcrumb: "Write" };

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.article ? "Edit Article" : "Write New Article"} | Inkpilot` }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const auth = context.get(authContext);
  const db = getDb();
  const url = new URL(request.url);
  // ?generation= names the one just started: it may already be over when this loads.
  const generationId = url.searchParams.get("generation");
  const [screen, activeGeneration] = await Promise.all([
    loadWriteScreen(db, auth, url),
    generationId ? getGeneration(db, auth.site.id, generationId) : getActiveGeneration(db, auth.site.id),
  ]);
  // The status page toasts the finished article and opens it in the editor.
  if (activeGeneration?.status === "succeeded") throw redirect(`/dashboard/generations/${activeGeneration.id}`);
  // A keyword carried from the free tools (through sign-up) pre-fills the AI panel.
  const keyword = (url.searchParams.get("keyword") ?? "").trim().slice(0, 120);
  return { ...screen, activeGeneration, keyword };
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleWriteAction(getDb(), context.get(authContext), request, context.get(requestContext).requestId);
}

export default function WritePage({ loaderData, actionData }: Route.ComponentProps) {
  const { article, usage, seoContext, connections, publishOpen, activeGeneration } = loaderData;
  const values = actionData?.values ?? {
    title: article?.title ?? "",
    targetKeyword: article?.targetKeyword ?? "",
    metaDescription: article?.metaDescription ?? "",
    content: article?.contentHtml ?? "",
    contentFormat: "html" as const,
  };
  const seo = loaderData.seo ?? scoreArticle({ ...seoContext, title: "", metaDescription: "", keyword: "", html: "" });
  const headings = article ? [...article.contentHtml.matchAll(/<h2\b[^>]*>([\s\S]*?)<\/h2>/gi)].map((m) => (m[1] ?? "").replace(/<[^>]*>/g, "").trim()).filter(Boolean) : [];
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-4">
      <TrialBanner usage={usage} />
      <UsageCard monthly={usage.monthly} />
      {!article ? <GenerationPanel active={activeGeneration} defaultKeyword={loaderData.keyword} /> : null}
      <section aria-labelledby="write-title" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 id="write-title" className="mb-5 text-2xl font-bold tracking-tight">
          {article ? "Edit Article" : "Write New Article"}
        </h1>
        {article?.source === "offline" ? <OfflineWriterNote /> : null}
        <WriteForm
          key={article?.id ?? "new"}
          articleId={article?.id ?? null}
          values={values}
          initialHtml={article?.contentHtml ?? ""}
          seo={seo}
          seoContext={seoContext}
          fieldErrors={actionData?.fieldErrors ?? {}}
          formError={actionData?.formError}
        />
      </section>
      {article && (article.title || article.contentHtml) ? (
        <section aria-label="AI tools" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <RegenerateButton articleId={article.id} headings={headings} />
        </section>
      ) : null}
      {publishOpen && article ? <PublishDialog connections={connections} closeHref={editUrl(article.id)} /> : null}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const message = notFound ? WRITE_MESSAGES.loadFailed : { title: "Something went wrong", description: "An unexpected error occurred. Please try again." };
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4 py-12">
      <h1 className="text-2xl font-bold">{notFound ? "Article not found" : "Write"}</h1>
      <FormMessage title={message.title} description={message.description} />
      <Link to="/dashboard/write" className="text-brand-700 underline">
        Write a new article
      </Link>
    </div>
  );
}
