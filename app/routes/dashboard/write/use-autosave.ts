import { useEffect, useRef, useState } from "react";
import { useBlocker, useFetcher, useNavigation } from "react-router";
import { editUrl, WRITE_PATH } from "#app/modules/articles/urls";

/**
 * Autosave and the unsaved-changes guard of the write form (JavaScript only;
 * docs/decisions/036-ai-edits-reviewed-before-applied.md, "Autosave").
 * A few seconds after the last change the form is posted, through the same
 * action as Save, with intent=autosave: a fetcher, so no navigation, no toast,
 * no scroll. A new article is only autosaved once it has a title and some
 * text. Leaving with unsaved changes asks first: in-app links through
 * useBlocker, closing or reloading the tab through beforeunload.
 */

const AUTOSAVE_DELAY_MS = 3000;

export type Draft = { title: string; metaDescription: string; keyword: string; html: string };
type AutosaveReply = { autosave?: { ok: true; articleId: string; savedAt: string } | { ok: false; error: string } };

const same = (a: Draft, b: Draft) =>
  a.title === b.title && a.metaDescription === b.metaDescription && a.keyword === b.keyword && a.html === b.html;
const hasText = (html: string) => html.replace(/<[^>]*>/g, "").trim().length > 0;

export type SaveState = "idle" | "unsaved" | "saving" | "saved" | "failed";

export function useAutosave({
  formRef,
  draft,
  baseline,
  setBaseline,
  articleId: initialId,
  enabled,
  saveRefused,
}: {
  formRef: React.RefObject<HTMLFormElement | null>;
  draft: Draft;
  /** The draft as last saved (or loaded). */
  baseline: Draft;
  setBaseline: (draft: Draft) => void;
  articleId: string | null;
  enabled: boolean;
  /** The last Save came back with errors (the action's reply). */
  saveRefused: boolean;
}) {
  const fetcher = useFetcher<AutosaveReply>();
  const navigation = useNavigation();
  const [articleId, setArticleId] = useState(initialId);
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const sent = useRef<Draft | null>(null);
  const submitting = useRef<Draft | null>(null);
  const unsaved = enabled && !same(draft, baseline);
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    if (!unsaved || busy || navigation.state !== "idle") return;
    if (!articleId && !(draft.title.trim() && hasText(draft.html))) return;
    const timer = window.setTimeout(() => {
      const form = formRef.current;
      if (!form) return;
      const data = new FormData(form);
      data.set("intent", "autosave");
      data.set("js", "1");
      if (articleId) data.set("articleId", articleId);
      sent.current = draft;
      void fetcher.submit(data, { method: "post", action: articleId ? editUrl(articleId) : WRITE_PATH });
    }, AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
    // fetcher.submit is stable enough; a new draft restarts the wait.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft, unsaved, busy, navigation.state, articleId]);

  useEffect(() => {
    const reply = fetcher.data?.autosave;
    if (fetcher.state !== "idle" || !reply || !sent.current) return;
    if (reply.ok) {
      setBaseline(sent.current);
      setSavedAt(reply.savedAt);
      setError(null);
      if (!articleId) {
        // The new article exists now: later saves update it, and a reload opens it. Not a navigation,
        // which would start the editor again under the writer's cursor.
        setArticleId(reply.articleId);
        window.history.replaceState(window.history.state, "", editUrl(reply.articleId));
      }
    } else setError(reply.error);
    sent.current = null;
  }, [fetcher.state, fetcher.data, articleId, setBaseline]);

  // Our own Save/Publish submissions are not "leaving"; once one lands, what it sent is the saved version.
  useEffect(() => {
    if (navigation.state !== "idle" || !submitting.current) return;
    if (!saveRefused) {
      setBaseline(submitting.current);
      setError(null);
    }
    submitting.current = null;
  }, [navigation.state, saveRefused, setBaseline]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved &&
      !submitting.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
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

  const state: SaveState = busy ? "saving" : error && unsaved ? "failed" : unsaved ? "unsaved" : savedAt ? "saved" : "idle";
  return {
    articleId,
    state,
    error,
    blocker,
    /** Call from the form's onSubmit: a Save or Publish is not leaving. */
    markSubmitting: () => {
      submitting.current = draft;
    },
  };
}
