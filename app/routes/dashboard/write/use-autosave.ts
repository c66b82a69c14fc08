import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { useBlocker, useFetcher, useNavigation, useRevalidator, type Location } from "react-router";
import { editUrl, WRITE_PATH } from "#app/modules/articles/urls";
import { hasUnsavedChanges, initialSaveModel, saveReducer, saveStatus, type Draft } from "./save-state";

/**
 * The write form's save state, autosave and unsaved-changes guard (JavaScript
 * only; docs/decisions/036-ai-edits-reviewed-before-applied.md, "Autosave").
 * The state is the pure machine of ./save-state.ts. A few seconds after the
 * last change the form is posted through the same action as Save, with
 * intent=autosave: a fetcher, so no navigation, no toast, no scroll; once it
 * is stored the screen's data is fetched again (the editor keeps its text and
 * caret: the form is not started again). A new article is only autosaved once
 * it has a title and some text. Leaving with unsaved changes asks first:
 * in-app links through useBlocker, closing or reloading the tab through
 * beforeunload. Our own Save and Publish, and the publish dialog, are not leaving.
 */

const AUTOSAVE_DELAY_MS = 3000;

type AutosaveReply = { autosave?: { ok: true; articleId: string; savedAt: string } | { ok: false; error: string } };

const hasText = (html: string) => html.replace(/<[^>]*>/g, "").trim().length > 0;

/** Where the write screen goes without leaving it: itself (the publish dialog opens and closes by URL) and the publish form's post. */
function staysOnWriteScreen(current: Location, next: Location) {
  if (next.pathname === current.pathname) return true;
  return /^\/dashboard\/articles\/[^/]+\/publish$/.test(next.pathname);
}

export function useAutosave({
  formRef,
  initial,
  articleId: initialId,
  enabled,
  saveRefused,
}: {
  formRef: React.RefObject<HTMLFormElement | null>;
  /** The draft as loaded. */
  initial: Draft;
  articleId: string | null;
  enabled: boolean;
  /** The last Save came back with errors (the action's reply). */
  saveRefused: boolean;
}) {
  const fetcher = useFetcher<AutosaveReply>();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const [model, dispatch] = useReducer(saveReducer, initial, initialSaveModel);
  const [articleId, setArticleId] = useState(initialId);
  const submitting = useRef(false);
  const draft = model.draft;
  const unsaved = enabled && hasUnsavedChanges(model);
  const busy = fetcher.state !== "idle" || navigation.state !== "idle" || model.sending !== null;

  useEffect(() => {
    if (!unsaved || busy) return;
    if (!articleId && !(draft.title.trim() && hasText(draft.html))) return;
    const timer = window.setTimeout(() => {
      const form = formRef.current;
      if (!form) return;
      const data = new FormData(form);
      data.set("intent", "autosave");
      data.set("js", "1");
      if (articleId) data.set("articleId", articleId);
      dispatch({ type: "send", draft, by: "autosave" });
      void fetcher.submit(data, { method: "post", action: articleId ? editUrl(articleId) : WRITE_PATH });
    }, AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
    // fetcher.submit is stable enough; a new draft restarts the wait.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft, unsaved, busy, articleId]);

  // Each answer is taken once: fetcher.data stays after it was handled.
  const handled = useRef<AutosaveReply | undefined>(undefined);
  useEffect(() => {
    const reply = fetcher.data?.autosave;
    if (fetcher.state !== "idle" || !reply || fetcher.data === handled.current || model.sending?.by !== "autosave") return;
    handled.current = fetcher.data;
    if (reply.ok) {
      dispatch({ type: "stored", at: reply.savedAt, by: "autosave" });
      if (!articleId) {
        // The new article exists now: later saves update it, and a reload opens it. Not a navigation,
        // which would start the editor again under the writer's cursor.
        setArticleId(reply.articleId);
        window.history.replaceState(window.history.state, "", editUrl(reply.articleId));
      }
      // What the screen shows beside the form (publications, 'out of date') follows the stored article.
      if (articleId) void revalidator.revalidate();
    } else dispatch({ type: "refused", error: reply.error, by: "autosave" });
  }, [fetcher.state, fetcher.data, articleId, model.sending, revalidator]);

  // Our own Save/Publish submissions are not "leaving"; once one lands, what it sent is the saved version.
  useEffect(() => {
    if (navigation.state !== "idle" || !submitting.current) return;
    submitting.current = false;
    if (saveRefused) dispatch({ type: "refused", error: "Not saved: check the form and save again.", by: "form" });
    else dispatch({ type: "stored", at: new Date().toISOString(), by: "form" });
  }, [navigation.state, saveRefused]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => unsaved && !submitting.current && !staysOnWriteScreen(currentLocation, nextLocation),
  );

  useEffect(() => {
    if (!unsaved) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers only ask when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [unsaved]);

  return {
    articleId,
    draft,
    state: enabled ? saveStatus(model) : "saved",
    /** Shown as 'Saved' once something was stored in this visit. */
    savedOnce: model.savedAt !== null,
    error: model.error,
    blocker,
    edit: useCallback((patch: Partial<Draft>) => dispatch({ type: "edit", patch }), []),
    /** The editor's report of the document it started with (not a change). */
    seed: useCallback((html: string) => dispatch({ type: "seed", html }), []),
    /** Call from the form's onSubmit: a Save or Publish is not leaving. */
    markSubmitting: () => {
      submitting.current = true;
      dispatch({ type: "send", draft, by: "form" });
    },
  };
}
