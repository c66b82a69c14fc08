import { describe, expect, it } from "vitest";
import { hasUnsavedChanges, initialSaveModel, saveReducer, saveStatus, type Draft, type SaveEvent, type SaveModel } from "./save-state";

/** Every transition of the write screen's save state: typing, autosave, Save, Publish, an accepted AI edit, the editor's own reports. */

const LOADED: Draft = { title: "Cold brew", metaDescription: "", keyword: "cold brew", html: "<p>It is smooth.</p>" };
const AT = "2026-11-27T05:00:00.000Z";

const run = (events: SaveEvent[], from: SaveModel = initialSaveModel(LOADED)) => events.reduce(saveReducer, from);
const typed = (html: string): SaveEvent => ({ type: "edit", patch: { html } });

describe("save state", () => {
  it("starts saved, with nothing to ask on leaving", () => {
    const model = initialSaveModel(LOADED);
    expect(saveStatus(model)).toBe("saved");
    expect(hasUnsavedChanges(model)).toBe(false);
    expect(model.savedAt).toBeNull();
  });

  it("saved → unsaved on typing, and back to saved when the text is as stored again", () => {
    const edited = run([typed("<p>It is smoother.</p>")]);
    expect(saveStatus(edited)).toBe("unsaved");
    expect(hasUnsavedChanges(edited)).toBe(true);
    expect(saveStatus(run([typed(LOADED.html)], edited))).toBe("saved");
  });

  it("the editor's report of the document it started with is not a change (its HTML becomes the saved version)", () => {
    const seeded = run([{ type: "seed", html: '<p dir="ltr"><span style="white-space: pre-wrap;">It is smooth.</span></p>' }]);
    expect(saveStatus(seeded)).toBe("saved");
    expect(hasUnsavedChanges(seeded)).toBe(false);
  });

  it("a report of the editor's document while there are unsaved edits keeps them unsaved", () => {
    const model = run([
      { type: "edit", patch: { title: "Cold brew at home" } },
      { type: "seed", html: "<p>Other</p>" },
    ]);
    expect(saveStatus(model)).toBe("unsaved");
    expect(model.saved.html).toBe(LOADED.html);
  });

  it("unsaved → saving → saved on an autosave", () => {
    const edited = run([typed("<p>Two.</p>")]);
    const sending = run([{ type: "send", draft: edited.draft, by: "autosave" }], edited);
    expect(saveStatus(sending)).toBe("saving");
    const stored = run([{ type: "stored", at: AT, by: "autosave" }], sending);
    expect(saveStatus(stored)).toBe("saved");
    expect(stored.savedAt).toBe(AT);
    expect(hasUnsavedChanges(stored)).toBe(false);
  });

  it("typing while an autosave is on its way stays unsaved after it is stored", () => {
    const edited = run([typed("<p>Two.</p>")]);
    const model = run([{ type: "send", draft: edited.draft, by: "autosave" }, typed("<p>Two. Three.</p>")], edited);
    expect(saveStatus(model)).toBe("saving");
    const stored = run([{ type: "stored", at: AT, by: "autosave" }], model);
    expect(saveStatus(stored)).toBe("unsaved");
    expect(stored.saved.html).toBe("<p>Two.</p>");
  });

  it("saving → failed when the autosave is refused, and failed → saved by the next save", () => {
    const edited = run([typed("<p>Two.</p>")]);
    const failed = run(
      [
        { type: "send", draft: edited.draft, by: "autosave" },
        { type: "refused", error: "Not saved: check the form and save again.", by: "autosave" },
      ],
      edited,
    );
    expect(saveStatus(failed)).toBe("failed");
    expect(failed.error).toBe("Not saved: check the form and save again.");
    expect(hasUnsavedChanges(failed)).toBe(true);
    // Still failed while typing on: the words are not stored.
    expect(saveStatus(run([typed("<p>Two!</p>")], failed))).toBe("failed");
    const saved = run(
      [
        { type: "send", draft: failed.draft, by: "form" },
        { type: "stored", at: AT, by: "form" },
      ],
      failed,
    );
    expect(saveStatus(saved)).toBe("saved");
    expect(saved.error).toBeNull();
  });

  it("Save and Publish from the bar: saving, then saved with nothing to ask, even with no edit at all", () => {
    const published = run([
      { type: "send", draft: LOADED, by: "form" },
      { type: "stored", at: AT, by: "form" },
    ]);
    expect(saveStatus(published)).toBe("saved");
    expect(hasUnsavedChanges(published)).toBe(false);
    const edited = run([typed("<p>New.</p>")]);
    const saved = run(
      [
        { type: "send", draft: edited.draft, by: "form" },
        { type: "stored", at: AT, by: "form" },
      ],
      edited,
    );
    expect(saveStatus(saved)).toBe("saved");
    expect(hasUnsavedChanges(saved)).toBe(false);
  });

  it("a refused Save (form errors) is failed", () => {
    const model = run([typed("<p>New.</p>"), { type: "send", draft: { ...LOADED, title: "" }, by: "form" }]);
    const refused = run([{ type: "refused", error: "Not saved: check the form and save again.", by: "form" }], model);
    expect(saveStatus(refused)).toBe("failed");
  });

  it("an answer for another save than the one on its way changes nothing", () => {
    const edited = run([typed("<p>New.</p>"), { type: "send", draft: LOADED, by: "form" }]);
    expect(run([{ type: "stored", at: AT, by: "autosave" }], edited)).toBe(edited);
    expect(run([{ type: "refused", error: "x", by: "autosave" }], edited)).toBe(edited);
  });

  it("an accepted AI edit is an unsaved change, saved like any other", () => {
    const accepted = run([typed("<p>It is smooth and sweet.</p>")]);
    expect(saveStatus(accepted)).toBe("unsaved");
    const stored = run(
      [
        { type: "send", draft: accepted.draft, by: "autosave" },
        { type: "stored", at: AT, by: "autosave" },
      ],
      accepted,
    );
    expect(saveStatus(stored)).toBe("saved");
  });

  it("an edit that changes nothing keeps the same state object", () => {
    const model = initialSaveModel(LOADED);
    expect(saveReducer(model, typed(LOADED.html))).toBe(model);
  });
});
