/**
 * The write screen's save state as a pure state machine: saved, unsaved,
 * saving or failed, derived from what the form holds (the draft), what the
 * server last stored (saved) and what is on its way (sending). One reducer
 * for autosave, Save, Publish and an accepted AI edit, so the bar's words and
 * the prompt to leave always agree (docs/decisions/036-ai-edits-reviewed-before-applied.md, "Autosave").
 */

export type Draft = { title: string; metaDescription: string; keyword: string; html: string };

export type SaveStatus = "saved" | "unsaved" | "saving" | "failed";

/** Who saves: the autosave fetcher, or the form's own Save and Publish (a navigation). */
type SaveSource = "autosave" | "form";

export type SaveModel = {
  draft: Draft;
  /** The draft as the server last stored it (or as it was loaded). */
  saved: Draft;
  /** The draft sent by an autosave, or by the form's Save or Publish, that has not answered yet. */
  sending: { draft: Draft; by: SaveSource } | null;
  /** Why the last save was not stored; cleared by the next one that is. */
  error: string | null;
  /** When the last save of this visit was stored; null until one is. */
  savedAt: string | null;
};

export type SaveEvent =
  /** Typing in a field, the editor's own change, or an accepted AI edit. */
  | { type: "edit"; patch: Partial<Draft> }
  /**
   * The editor reporting the document it was (re)started with: the stored
   * content in the editor's own HTML, not a change. When nothing is unsaved it
   * becomes the saved version too.
   */
  | { type: "seed"; html: string }
  /** A save, autosave or publish left with this draft. */
  | { type: "send"; draft: Draft; by: SaveSource }
  /** Its answer; an answer for a save that is no longer the one on its way is ignored. */
  | { type: "stored"; at: string; by: SaveSource }
  | { type: "refused"; error: string; by: SaveSource };

const sameDraft = (a: Draft, b: Draft) =>
  a.title === b.title && a.metaDescription === b.metaDescription && a.keyword === b.keyword && a.html === b.html;

export function initialSaveModel(draft: Draft): SaveModel {
  return { draft, saved: draft, sending: null, error: null, savedAt: null };
}

export function saveReducer(model: SaveModel, event: SaveEvent): SaveModel {
  switch (event.type) {
    case "edit": {
      const draft = { ...model.draft, ...event.patch };
      return sameDraft(draft, model.draft) ? model : { ...model, draft };
    }
    case "seed": {
      const clean = sameDraft(model.draft, model.saved);
      const draft = { ...model.draft, html: event.html };
      return { ...model, draft, saved: clean ? { ...model.saved, html: event.html } : model.saved };
    }
    case "send":
      return { ...model, sending: { draft: event.draft, by: event.by } };
    case "stored":
      // What was sent is stored; typing that went on meanwhile stays unsaved.
      if (model.sending?.by !== event.by) return model;
      return { ...model, saved: model.sending.draft, sending: null, error: null, savedAt: event.at };
    case "refused":
      if (model.sending?.by !== event.by) return model;
      return { ...model, sending: null, error: event.error };
  }
}

export function saveStatus(model: SaveModel): SaveStatus {
  if (model.sending) return "saving";
  if (sameDraft(model.draft, model.saved)) return "saved";
  return model.error ? "failed" : "unsaved";
}

/** Whether leaving now would lose something: asked only then. */
export const hasUnsavedChanges = (model: SaveModel) => !sameDraft(model.draft, model.saved);
