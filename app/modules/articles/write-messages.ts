/** The write screen's texts (docs/product.md "Texts that stay verbatim"), shared by its server module and its error boundary. */
export const WRITE_MESSAGES = {
  titleRequired: { title: "Title required", description: "Please enter a title for your article." },
  saveFailed: { title: "Error saving draft", description: "Failed to save your article. Please try again." },
  loadFailed: { title: "Error loading article", description: "Failed to load the article for editing." },
  saved: "Draft saved!",
  updated: "Article updated!",
  autosaveFailed: "Not saved: check the form and save again.",
  /** A notice, not an error: the writer cannot do what was asked, and nothing changed. */
  writerLimit: "The built-in writer can't do that",
} as const;
