import { Form } from "react-router";
import { Field, SelectField } from "#app/components/forms";
import { Button } from "#app/components/ui/button";
import { useHydrated } from "#app/utils/use-hydrated";

/**
 * 'Regenerate with AI' for a saved article (props: articleId, and the H2
 * headings for regenerating one section), plus 'Edit with AI' with an
 * instruction. All are plain POST forms to /dashboard/write/ai, so they work
 * without JavaScript. For a selection, call editSelectionWithAi from the editor.
 */
export function RegenerateButton({ articleId, headings = [] }: { articleId: string; headings?: string[] }) {
  const hydrated = useHydrated();
  return (
    <div className="space-y-3">
      <Form method="post" action="/dashboard/write/ai">
        <input type="hidden" name="intent" value="regenerate" />
        <input type="hidden" name="articleId" value={articleId} />
        {hydrated ? <input type="hidden" name="js" value="1" /> : null}
        <Button type="submit" variant="secondary">
          Regenerate with AI
        </Button>
      </Form>
      {headings.length ? (
        <Form method="post" action="/dashboard/write/ai" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="regenerate-section" />
          <input type="hidden" name="articleId" value={articleId} />
          <SelectField label="Section" selectProps={{ name: "heading" }} options={headings.map((h) => ({ value: h, label: h }))} />
          <Button type="submit" variant="secondary" size="sm">
            Regenerate section
          </Button>
        </Form>
      ) : null}
      <Form method="post" action="/dashboard/write/ai" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="edit" />
        <input type="hidden" name="articleId" value={articleId} />
        <Field
          className="min-w-60 flex-1"
          label="Edit with AI"
          inputProps={{ name: "instruction", required: true, maxLength: 1000, placeholder: "e.g. Make it shorter" }}
        />
        <Button type="submit" variant="secondary" size="sm">
          Apply to the whole draft
        </Button>
      </Form>
    </div>
  );
}

/** Rewrites selected HTML with an instruction; resolves to sanitized HTML or rejects with the message to show. */
export async function editSelectionWithAi(input: { articleId?: string; keyword?: string; html: string; instruction: string }) {
  const body = new FormData();
  body.set("intent", "edit-selection");
  if (input.articleId) body.set("articleId", input.articleId);
  body.set("keyword", input.keyword ?? "");
  body.set("html", input.html);
  body.set("instruction", input.instruction);
  const response = await fetch("/dashboard/write/ai", { method: "POST", body });
  const result = (await response.json()) as { ok: boolean; error: string | null; html: string | null };
  if (!result.ok || result.html === null) throw new Error(result.error ?? "Failed to generate AI article. Please try again.");
  return result.html;
}
