import { data, isRouteErrorResponse, Link, useNavigate } from "react-router";
import type { z } from "zod";
import { FormMessage } from "#app/components/forms";
import { Button } from "#app/components/ui/button";
import { Dialog, DialogClose } from "#app/components/ui/dialog";
import { getDb } from "#app/db/client.server";
import { authContext } from "#app/modules/auth/guards.server";
import { TopicFormSchema, topicFormValues } from "#app/modules/topics/schema";
import { createTopic, deleteTopic, getTopic, listTopics, updateTopic } from "#app/modules/topics/topics.server";
import { logger } from "#app/utils/logger.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { useHydrated } from "#app/utils/use-hydrated";
import { CancelLink, DeleteTopicForm, DeleteTopicText, TopicCard, TopicForm, type TopicActionData } from "./topics-ui";
import type { Route } from "./+types/topics";

/**
 * Content topics (docs/product.md "Topics"). The create, edit and delete dialogs live in
 * the URL (?new=1, ?edit={id}, ?delete={id}): with JavaScript they open as
 * dialogs, without it the same form renders on the page. Forms post here with
 * an intent; only the viewer's site's topics can be seen or changed.
 */

export const handle = { breadcrumb: "Topics" };

export const meta: Route.MetaFunction = () => [{ title: "Topics | Inkpilot" }];

const PAGE = "/dashboard/topics";
const LOAD_ERROR = { title: "Error loading topics", description: "Failed to load your topics. Please try again." };
const SAVE_ERROR = "Error saving topic";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { site } = context.get(authContext);
  const db = getDb();
  const params = new URL(request.url).searchParams;
  const editId = params.get("edit");
  const deleteId = params.get("delete");
  const topics = await listTopics(db, site.id);
  const find = (id: string) => {
    const topic = topics.find((t) => t.id === id);
    if (!topic) throw new Response("Topic not found", { status: 404 });
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

function fieldErrorsOf(error: z.ZodError) {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) (errors[String(issue.path[0] ?? "form")] ??= []).push(issue.message);
  return errors;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { site, user } = context.get(authContext);
  const db = getDb();
  const form = await request.formData();
  const intent = form.get("intent");
  const id = String(form.get("id") ?? "");

  if (intent === "delete") {
    if (!(await getTopic(db, site.id, id))) throw new Response("Topic not found", { status: 404 });
    try {
      await deleteTopic(db, site.id, id);
    } catch (error) {
      logger.error({ err: error, topicId: id, userId: user.id }, "topic delete failed");
      return redirectWithToast(PAGE, { type: "error", title: "Error deleting topic", description: "Failed to delete the topic. Please try again." });
    }
    return redirectWithToast(PAGE, { title: "Topic deleted!" });
  }

  if (intent !== "create" && intent !== "update") throw new Response("Unknown action", { status: 400 });
  if (intent === "update" && !(await getTopic(db, site.id, id))) throw new Response("Topic not found", { status: 404 });

  const values = topicFormValues(form);
  const parsed = TopicFormSchema.safeParse(values);
  if (!parsed.success) {
    return data<TopicActionData>(
      { intent, fieldErrors: fieldErrorsOf(parsed.error), formError: { title: SAVE_ERROR, description: "Please correct the highlighted fields." }, values },
      { status: 400 },
    );
  }
  try {
    if (intent === "create") await createTopic(db, site.id, parsed.data);
    else await updateTopic(db, site.id, id, parsed.data);
  } catch (error) {
    logger.error({ err: error, topicId: id || null, userId: user.id }, "topic save failed");
    return data<TopicActionData>(
      { intent, fieldErrors: {}, formError: { title: SAVE_ERROR, description: "Failed to save the topic. Please try again." }, values },
      { status: 500 },
    );
  }
  return redirectWithToast(PAGE, { title: intent === "create" ? "Topic created!" : "Topic updated!" });
}

type Dialog = Route.ComponentProps["loaderData"]["dialog"];

function dialogTitle(dialog: NonNullable<Dialog>) {
  return dialog.kind === "new" ? "Create New Topic" : dialog.kind === "edit" ? "Edit Topic" : "Delete Topic";
}

/** The open dialog's content; `cancel` is a dialog close button or a link back to the list. */
function DialogBody({ dialog, actionData, cancel }: { dialog: NonNullable<Dialog>; actionData?: TopicActionData; cancel: React.ReactNode }) {
  if (dialog.kind === "delete") return <DeleteTopicForm topic={dialog.topic} cancel={cancel} />;
  return <TopicForm key={dialog.kind === "edit" ? dialog.topic.id : "new"} topic={dialog.kind === "edit" ? dialog.topic : null} actionData={actionData} cancel={cancel} />;
}

export default function TopicsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { topics, dialog } = loaderData;
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const result = actionData as TopicActionData | undefined;

  return (
    <div className="mx-auto max-w-6xl">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight">Content Topics</h1>
        <Button asChild>
          <Link to="?new=1" preventScrollReset>
            Add Topic
          </Link>
        </Button>
      </div>

      {dialog && !hydrated ? (
        <section aria-labelledby="topic-dialog-title" className="mt-6 max-w-lg rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="topic-dialog-title" className="text-lg font-semibold">
            {dialogTitle(dialog)}
          </h2>
          {dialog.kind === "delete" ? (
            <p className="mt-2 text-sm text-slate-600">
              <DeleteTopicText name={dialog.topic.name} />
            </p>
          ) : null}
          <div className="mt-4">
            <DialogBody dialog={dialog} actionData={result} cancel={<CancelLink />} />
          </div>
        </section>
      ) : null}
      {dialog && hydrated ? (
        <Dialog
          open
          onOpenChange={(open) => {
            if (!open) void navigate(PAGE, { preventScrollReset: true });
          }}
          title={dialogTitle(dialog)}
          description={dialog.kind === "delete" ? <DeleteTopicText name={dialog.topic.name} /> : undefined}
        >
          <DialogBody
            dialog={dialog}
            actionData={result}
            cancel={
              <DialogClose asChild>
                <Button type="button" variant="secondary">
                  Cancel
                </Button>
              </DialogClose>
            }
          />
        </Dialog>
      ) : null}

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

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4 py-12">
      <h1 className="text-2xl font-bold">{notFound ? "Topic not found" : "Content Topics"}</h1>
      {notFound ? (
        <p className="text-slate-600">This topic does not exist or belongs to another account.</p>
      ) : (
        <FormMessage title={LOAD_ERROR.title} description={LOAD_ERROR.description} />
      )}
      <Link to={PAGE} className="text-brand-700 underline">
        Back to topics
      </Link>
    </div>
  );
}
