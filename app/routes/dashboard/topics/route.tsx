import { Link } from "react-router";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Button } from "#app/components/ui/button";
import { UrlDialog } from "#app/components/url-dialog";
import { getDb } from "#app/db/client.server";
import { authContext } from "#app/modules/auth/guards.server";
import { listTopics } from "#app/modules/topics/topics.server";
import { replyFor } from "#app/utils/form-reply";
import { notFound } from "#app/utils/responses.server";
import { topicsAction } from "./actions.server";
import { DeleteTopicForm, DeleteTopicText, TopicCard, TopicForm } from "./topics-ui";
import type { Route } from "./+types/route";

/**
 * Content topics (docs/product.md "Topics"). The create, edit and delete dialogs live in
 * the URL (?new=1, ?edit={id}, ?delete={id}): with JavaScript they open as
 * dialogs, without it the same form renders on the page. Forms post here with
 * an intent; only the viewer's site's topics can be seen or changed.
 */

export const handle = { breadcrumb: "Topics" };

export const meta: Route.MetaFunction = () => [{ title: "Topics | Inkpilot" }];

const PAGE = "/dashboard/topics";
const LOAD_ERROR = { title: "Error loading topics", message: "Failed to load your topics. Please try again." };

export async function loader({ context, url }: Route.LoaderArgs) {
  const { site } = context.get(authContext);
  const db = getDb();
  const params = url.searchParams;
  const editId = params.get("edit");
  const deleteId = params.get("delete");
  const topics = await listTopics(db, site.id);
  const find = (id: string) => {
    const topic = topics.find((t) => t.id === id);
    if (!topic) notFound("Topic not found");
    return topic;
  };
  const dialog = editId
    ? ({ kind: "edit", topic: find(editId) } as const)
    : deleteId
      ? ({ kind: "delete", topic: find(deleteId) } as const)
      : params.has("new")
        ? ({ kind: "new" } as const)
        : null;
  return { topics, dialog };
}

export async function action({ request, context }: Route.ActionArgs) {
  return topicsAction(getDb(), context.get(authContext), await request.formData());
}

type Dialog = NonNullable<Route.ComponentProps["loaderData"]["dialog"]>;

const DIALOG_TITLE = { new: "Create New Topic", edit: "Edit Topic", delete: "Delete Topic" } as const;

function TopicDialog({ dialog, actionData }: { dialog: Dialog; actionData: unknown }) {
  return (
    <UrlDialog
      title={DIALOG_TITLE[dialog.kind]}
      description={dialog.kind === "delete" ? <DeleteTopicText name={dialog.topic.name} /> : undefined}
      closeTo={PAGE}
    >
      {dialog.kind === "delete" ? (
        <DeleteTopicForm topic={dialog.topic} />
      ) : dialog.kind === "edit" ? (
        <TopicForm key={dialog.topic.id} topic={dialog.topic} reply={replyFor(actionData, "update")} />
      ) : (
        <TopicForm key="new" topic={null} reply={replyFor(actionData, "create")} />
      )}
    </UrlDialog>
  );
}

export default function TopicsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { topics, dialog } = loaderData;
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight">Content Topics</h1>
        <Button asChild>
          <Link to="?new=1" preventScrollReset>
            Add Topic
          </Link>
        </Button>
      </div>

      {dialog ? <TopicDialog dialog={dialog} actionData={actionData} /> : null}

      {topics.length === 0 ? (
        <div className="mt-10 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
          <h2 className="text-lg font-semibold text-slate-900">No topics yet</h2>
          <p className="mt-2 text-sm text-slate-600">Create your first topic to organize your content better.</p>
        </div>
      ) : (
        <ul aria-label="Topics" className="mt-6 grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3">
          {topics.map((topic) => (
            <TopicCard key={topic.id} topic={topic} />
          ))}
        </ul>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusCopy={{ 404: { title: "Topic not found", message: "This topic does not exist or belongs to another account." } }}
      unexpectedCopy={LOAD_ERROR}
      back={{ to: PAGE, label: "Back to topics" }}
    />
  );
}
