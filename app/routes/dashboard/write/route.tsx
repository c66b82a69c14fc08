import { redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { UsageMeter } from "#app/components/usage-card";
import { requestContext } from "#app/context";
import { getDb } from "#app/db/client.server";
import { scoreArticle } from "#app/modules/articles/seo";
import { editUrl, historyUrl } from "#app/modules/articles/urls";
import { WRITE_MESSAGES } from "#app/modules/articles/write-messages";
import { authContext } from "#app/modules/auth/guards.server";
import { getActiveGeneration, getGeneration } from "#app/modules/generation/service.server";
import { hasAiProvider } from "#app/modules/ai/providers.server";
import { scheduleDefault } from "#app/modules/publishing/schedule.server";
import { notFound } from "#app/utils/responses.server";
import { zonedDate } from "#app/utils/time";
import { GenerationPanel, OfflineWriterNote, RunningGeneration } from "#app/components/generation-panel";
import { useHydrated } from "#app/utils/use-hydrated";
import { formatDateTime } from "#app/utils/time";
import { loadWriteScreen } from "./screen.server";
import { HistoryLink, HistoryPanel } from "./history-panel";
import { ProposalBanner, ProposalPanel } from "./proposal-panel";
import { LiveCheckPanel } from "./live-check-panel";
import { PerformancePanel } from "./performance-panel";
import { PublicationsPanel } from "./publications-panel";
import { PublishDialog } from "./publish-dialog";
import { SourcesPanel } from "./sources-panel";
import { WriteForm } from "./write-form";
import { writeAction } from "./write.server";
import { loadArticlePanels } from "./panels.server";
import type { Route } from "./+types/route";

/** Body limit (server/request-body.ts): the whole article (HTML) as the form and autosave post it. */
export const bodyLimit = "article";

export const handle = { breadcrumb: "Write" };

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.article ? "Edit Article" : "Write New Article"} | Inkpilot` }];

export async function loader({ context, url }: Route.LoaderArgs) {
  const auth = context.get(authContext);
  const db = getDb();
  // ?generation= names the one just started: it may already be over when this loads.
  const generationId = url.searchParams.get("generation");
  const [screen, activeGeneration] = await Promise.all([
    loadWriteScreen(
      db,
      { workspaceId: auth.workspace.id, siteId: auth.site.id },
      { editId: url.searchParams.get("edit"), publish: url.searchParams.get("publish") === "1" },
    ),
    generationId ? getGeneration(db, auth.site.id, generationId) : getActiveGeneration(db, auth.site.id),
  ]);
  if (!screen) notFound(WRITE_MESSAGES.loadFailed.title);
  // The status page toasts the finished article and opens it in the editor.
  if (activeGeneration?.status === "succeeded") return redirect(`/dashboard/generations/${activeGeneration.id}`);
  // A keyword carried from the free tools (through sign-up) pre-fills the AI panel.
  const keyword = (url.searchParams.get("keyword") ?? "").trim().slice(0, 120);
  // The open article's panels: live checks, approvals, sources, history, results, the waiting proposal.
  const panels = await loadArticlePanels(db, auth.site, screen.article, url);
  const current = screen.article?.revisionId;
  return {
    ...screen,
    // An out-of-date copy offers the diff from the revision it sent to the working copy.
    publications: screen.publications.map((p) => ({
      ...p,
      diffHref:
        screen.article && p.outOfDate && p.sentRevisionId && current
          ? historyUrl(screen.article.id, { from: p.sentRevisionId, to: current })
          : null,
    })),
    ...panels,
    aiProvider: hasAiProvider(),
    // A restore starts the editor again on the restored text.
    restored: url.searchParams.get("restored") ?? "",
    activeGeneration,
    keyword,
    timeZone: auth.site.timeZone,
    today: zonedDate(new Date(), auth.site.timeZone),
    // 'Schedule for…' in the publish dialog starts at the next free slot, never a time already past.
    scheduleSlot: screen.publishOpen ? await scheduleDefault(db, auth.site.id) : null,
  };
}

/**
 * An autosave does not reload the screen by itself: use-autosave.ts asks for
 * fresh data once the save is stored (the publications and 'out of date'
 * follow it), and the form keeps what is being typed.
 */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formData?.get("intent") === "autosave" ? false : defaultShouldRevalidate;
}

export async function action({ request, context, url }: Route.ActionArgs) {
  return writeAction(getDb(), context.get(authContext), request, url, context.get(requestContext).requestId);
}

export default function WritePage({ loaderData, actionData }: Route.ComponentProps) {
  const { article, usage, seoContext, connections, publications, publishOpen, activeGeneration, timeZone, today, scheduleSlot } =
    loaderData;
  const hydrated = useHydrated();
  const seo = loaderData.seo ?? scoreArticle({ ...seoContext, title: "", metaDescription: "", keyword: "", html: "" });
  const headings = article
    ? [...article.contentHtml.matchAll(/<h2\b[^>]*>([\s\S]*?)<\/h2>/gi)]
        .map((m) => (m[1] ?? "").replace(/<[^>]*>/g, "").trim())
        .filter(Boolean)
    : [];
  return (
    <div className="flex flex-col gap-4">
      <UsageMeter usage={usage} />
      {!article ? (
        <GenerationPanel active={activeGeneration} defaultKeyword={loaderData.keyword} aiProvider={loaderData.aiProvider} />
      ) : null}
      {article && activeGeneration?.articleId === article.id && activeGeneration.status === "running" ? (
        <RunningGeneration key={activeGeneration.id} generation={activeGeneration} hydrated={hydrated} />
      ) : null}
      <section aria-labelledby="write-title" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <div className="mb-5 flex flex-wrap items-baseline justify-between gap-2">
          <h1 id="write-title" className="text-2xl font-bold tracking-tight">
            {article ? "Edit Article" : "Write New Article"}
          </h1>
          {article ? <HistoryLink articleId={article.id} /> : null}
        </div>
        {article && loaderData.proposal ? <ProposalBanner articleId={article.id} proposal={loaderData.proposal} /> : null}
        {article?.source === "offline" ? (
          <OfflineWriterNote gaps={loaderData.writerGaps} research={loaderData.research?.status.sentence} />
        ) : null}
        {loaderData.approvals.map((a) => (
          <p key={a.at} className="mb-3 text-sm text-slate-700" data-testid="approval">
            {a.decision === "approved" ? "Approved" : "Rejected"} for publishing by {a.userName} on {formatDateTime(a.at, timeZone)}
            {a.decision === "approved" && a.editedSince ? " (edited since: the approved version is what auto-pilot publishes)" : ""}
          </p>
        ))}
        <WriteForm
          key={article ? `${article.id}:${loaderData.restored}` : "new"}
          article={article}
          seo={seo}
          seoContext={seoContext}
          reply={actionData && "result" in actionData ? actionData : undefined}
          headings={headings}
          aiTools={Boolean(article && (article.title || article.contentHtml))}
        />
      </section>
      {loaderData.research ? <SourcesPanel research={loaderData.research} timeZone={timeZone} /> : null}
      {article ? <PublicationsPanel articleId={article.id} rows={publications} timeZone={timeZone} /> : null}
      {loaderData.performance ? <PerformancePanel panel={loaderData.performance} /> : null}
      {loaderData.liveChecks.length ? <LiveCheckPanel summaries={loaderData.liveChecks} /> : null}
      {loaderData.proposal?.diff && article ? <ProposalPanel articleId={article.id} proposal={loaderData.proposal} /> : null}
      {loaderData.history && article ? <HistoryPanel articleId={article.id} history={loaderData.history} /> : null}
      {publishOpen && article && scheduleSlot ? (
        <PublishDialog
          articleId={article.id}
          connections={connections}
          closeHref={editUrl(article.id)}
          timeZone={timeZone}
          today={today}
          slot={scheduleSlot}
        />
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  const { title, description } = WRITE_MESSAGES.loadFailed;
  return (
    <GeneralErrorBoundary
      statusCopy={{ 404: { title, message: description } }}
      back={{ to: "/dashboard/write", label: "Write a new article" }}
    />
  );
}
