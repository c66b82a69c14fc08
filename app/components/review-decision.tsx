import { useId } from "react";
import { Form } from "react-router";
import { Button } from "#app/components/ui/button";

/**
 * The review page's decision: approve for the publishing time or now, or reject. When the article fails the
 * quality check (`missing`: the gate's reasons, e.g. far below its length), approving asks for an explicit
 * confirmation that names what is missing: a required box in the approve form, so it holds without JavaScript
 * too; the server refuses an approval without it (app/modules/autopilot/review.server.ts).
 */
export function ReviewDecision({ slotText, slotAhead, missing }: { slotText: string | null; slotAhead: boolean; missing: string[] }) {
  const listId = useId();
  const boxId = useId();
  return (
    <div className="flex flex-col gap-3">
      <Form method="post" className="flex flex-col gap-3">
        {missing.length ? (
          <div className="rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950" data-testid="approve-warning">
            <p className="font-semibold">It does not pass the quality check:</p>
            <ul id={listId} className="mt-1 list-disc pl-5">
              {missing.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
            <label htmlFor={boxId} className="mt-3 flex items-center gap-2 font-medium">
              <input id={boxId} type="checkbox" name="confirmed" value="yes" required aria-describedby={listId} />
              Publish it anyway, as it is
            </label>
          </div>
        ) : null}
        <div className="flex flex-wrap gap-3">
          {slotAhead ? (
            <Button type="submit" name="intent" value="approve">
              Approve for {slotText}
            </Button>
          ) : null}
          <Button type="submit" name="intent" value="approve-now" variant={slotAhead ? "secondary" : "primary"}>
            {slotAhead ? "Approve and publish now" : "Approve and publish"}
          </Button>
        </div>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value="reject" />
        <Button type="submit" variant="secondary">
          Reject
        </Button>
      </Form>
    </div>
  );
}
