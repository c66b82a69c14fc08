import type { Notice } from "#app/utils/form-reply";

/** The tabs' refusal notices, shown alike whether the browser or the server found the bad field. */
export const FIX_FIELDS = "Please correct the highlighted fields.";
export const BRAND_INVALID: Notice = { title: "Error saving settings", description: FIX_FIELDS };
export const CONTENT_INVALID: Notice = { title: "Error saving content settings", description: FIX_FIELDS };
export const LOOK_INVALID: Notice = { title: "Error saving colours and fonts", description: FIX_FIELDS };
