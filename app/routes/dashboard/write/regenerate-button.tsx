import { Form } from "react-router";
import { Field, SelectField } from "#app/components/forms";
import { Button } from "#app/components/ui/button";
import { useHydrated } from "#app/utils/use-hydrated";
import type { WholeEdit } from "./ai-edit";

/**
 * 'Regenerate with AI' for a saved article (props: articleId, and the H2
 * headings for regenerating one section), plus 'Edit with AI' with an
 * instruction. Plain POST forms, so they work without JavaScript: the edits
 * post to the review page (./ai-review.tsx), which shows the diff with Accept
 * and Discard. With JavaScript `onEdit` takes them instead (./ai-edit.tsx).
 */
export function RegenerateButton({
  articleId,
  headings = [],
  onEdit,
  busy = false,
}: {
  articleId: string;
  headings?: string[];
  onEdit?: (edit: WholeEdit) => void;
  busy?: boolean;
}) {
  const hydrated = useHydrated();
  const intercept = (read: (data: FormData) => WholeEdit | null) => (event: React.FormEvent<HTMLFormElement>) => {
    if (!onEdit) return;
    event.preventDefault();
    const edit = read(new FormData(event.currentTarget));
    if (edit) onEdit(edit);
  };
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
        <Form
          method="post"
          action="/dashboard/write/ai/review"
          className="flex flex-wrap items-end gap-2"
          onSubmit={intercept((data) => {
            const heading = String(data.get("heading") ?? "");
            return heading ? { intent: "regenerate-section", heading } : null;
          })}
        >
          <input type="hidden" name="intent" value="regenerate-section" />
          <input type="hidden" name="articleId" value={articleId} />
          <SelectField label="Section" selectProps={{ name: "heading" }} options={headings.map((h) => ({ value: h, label: h }))} />
          <Button type="submit" variant="secondary" size="sm" disabled={busy}>
            Regenerate section
          </Button>
        </Form>
      ) : null}
      <Form
        method="post"
        action="/dashboard/write/ai/review"
        className="flex flex-wrap items-end gap-2"
        onSubmit={intercept((data) => {
          const instruction = String(data.get("instruction") ?? "").trim();
          return instruction ? { intent: "edit", instruction } : null;
        })}
      >
        <input type="hidden" name="intent" value="edit" />
        <input type="hidden" name="articleId" value={articleId} />
        <Field
          className="min-w-60 flex-1"
          label="Edit with AI"
          inputProps={{ name: "instruction", required: true, maxLength: 1000, placeholder: "e.g. Make it shorter" }}
        />
        <Button type="submit" variant="secondary" size="sm" disabled={busy}>
          Apply to the whole draft
        </Button>
      </Form>
    </div>
  );
}
