/** What the generator's forms get back from the action when they are shown again. */
export type TabResult = {
  values: Record<string, string>;
  fieldErrors?: Record<string, string[] | undefined>;
  formError?: { title: string; description?: string };
  toast?: { type: "success" | "error"; title: string };
};

export const selectClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30";
