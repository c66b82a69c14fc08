import { useId } from "react";
import { Form, Link, useNavigate } from "react-router";
import { Button } from "#app/components/ui/button";
import { Dialog } from "#app/components/ui/dialog";
import { useHydrated } from "#app/utils/use-hydrated";

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

function Body({ choose, closeHref }: { choose: ChooseState; closeHref: string }) {
  return (
    <div className="flex flex-col gap-4">
      {choose.source !== "topics" ? <p className="text-sm text-slate-700">No topics found. Add tags in Settings → Brand to see topics here.</p> : null}
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
        <Button asChild variant="secondary">
          <Link to={closeHref} preventScrollReset>
            Cancel
          </Link>
        </Button>
      </div>
    </div>
  );
}

export function ChooseTopicDialog({ choose, closeHref }: { choose: ChooseState; closeHref: string }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const titleId = useId();
  const description = `For ${choose.dateText}`;
  if (!hydrated) {
    return (
      <>
        <div className="fixed inset-0 z-40 bg-slate-900/50" aria-hidden="true" />
        <section
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl"
        >
          <h2 id={titleId} className="text-lg font-semibold">
            Choose a topic
          </h2>
          <p className="mt-1 text-sm text-slate-600">{description}</p>
          <div className="mt-4">
            <Body choose={choose} closeHref={closeHref} />
          </div>
        </section>
      </>
    );
  }
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : void navigate(closeHref, { replace: true, preventScrollReset: true }))}
      title="Choose a topic"
      description={description}
    >
      <Body choose={choose} closeHref={closeHref} />
    </Dialog>
  );
}
