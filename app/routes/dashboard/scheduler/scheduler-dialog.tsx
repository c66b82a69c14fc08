import { Form } from "react-router";
import { DialogCancel, UrlDialog } from "#app/components/url-dialog";

/**
 * The 'Choose a topic' dialog (docs/product.md "Scheduler"; decision 028). Opened by ?choose=YYYY-MM-DD, so
 * without JavaScript it renders as a plain form in the page; with JavaScript
 * it is the Radix dialog. Each choice is its own submit button.
 */

type Choice = { topicId: string | null; name: string };
export type ChooseState = {
  date: string;
  dateText: string;
  source: "topics" | "tags" | "fallback";
  choices: Choice[];
};

export function ChooseTopicDialog({ choose, closeTo }: { choose: ChooseState; closeTo: string }) {
  return (
    <UrlDialog title="Choose a topic" description={`For ${choose.dateText}`} closeTo={closeTo}>
      <div className="flex flex-col gap-4">
        {choose.source !== "topics" ? (
          <p className="text-sm text-slate-700">No topics found. Add tags in Settings → Brand to see topics here.</p>
        ) : null}
        <Form method="post" preventScrollReset aria-label="Choose a topic">
          <input type="hidden" name="intent" value="choose" />
          <input type="hidden" name="date" value={choose.date} />
          <ul className="flex max-h-80 flex-col gap-2 overflow-y-auto">
            {choose.choices.map((c) => (
              <li key={c.topicId ?? `name:${c.name}`}>
                <button
                  type="submit"
                  name={c.topicId ? "topicId" : "topic"}
                  value={c.topicId ?? c.name}
                  className="w-full rounded-md border border-slate-200 px-3 py-2 text-left text-sm font-medium text-slate-900 hover:border-brand-500 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  {c.name}
                </button>
              </li>
            ))}
          </ul>
        </Form>
        <div className="flex justify-end">
          <DialogCancel />
        </div>
      </div>
    </UrlDialog>
  );
}
