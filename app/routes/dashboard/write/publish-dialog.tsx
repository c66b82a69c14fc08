import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button, StatusButton } from "#app/components/ui/button";
import { DialogCancel, UrlDialog } from "#app/components/url-dialog";
import { platformName } from "#app/modules/publishing/platforms";
import { useHydrated } from "#app/utils/use-hydrated";

/**
 * The 'Publish article' dialog (docs/product.md "Publishing"), opened by
 * ?publish=1 so it works without JavaScript: the site's destinations (the
 * default selected, or the only one), draft for review or live, now or at a
 * time in the site's time zone. It posts to /dashboard/articles/:id/publish.
 * The hosted blog has no drafts of its own: chosen, it goes live and the draft
 * choice is not offered (without JavaScript the draft choice says it is for the
 * other platforms). A scheduled time starts at the next free slot, never a past one.
 */

export type PublishConnection = { id: string; platform: string; name: string; siteUrl: string; isDefault: boolean };
/** The day ('YYYY-MM-DD') and time ('HH:MM') in the site's time zone that 'Schedule for…' starts at. */
export type ScheduleSlot = { date: string; time: string };

const radioCard =
  "flex items-start gap-2 rounded-md border border-slate-200 p-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50";

function NoPlatforms() {
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">
        No platforms connected. Connect WordPress, Shopify, Webflow and more in Settings → Integrations.
      </p>
      <div className="flex justify-end gap-2">
        <DialogCancel />
        <Button asChild>
          <Link to="/dashboard/settings?tab=integrations">Open Settings</Link>
        </Button>
      </div>
    </div>
  );
}

/** The address a customer recognises; a webhook's stored address carries a fingerprint after '#'. */
function addressOf(c: PublishConnection) {
  return c.platform === "hosted" ? "" : c.siteUrl.replace(/#.*$/, "");
}

export function PublishDialog({
  articleId,
  connections,
  closeHref,
  timeZone,
  today,
  slot,
}: {
  articleId: string;
  connections: PublishConnection[];
  closeHref: string;
  timeZone: string;
  today: string;
  slot: ScheduleSlot;
}) {
  const action = `/dashboard/articles/${articleId}/publish`;
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formAction === action;
  const [when, setWhen] = useState<"now" | "schedule">("now");
  const preselected = connections.length === 1 ? connections[0]!.id : connections.find((c) => c.isDefault)?.id;
  const [selected, setSelected] = useState(preselected ?? "");
  // Without JavaScript the server answers 'Select a platform' instead; the button is never dead.
  const hydrated = useHydrated();
  const platformOf = (id: string | undefined) => connections.find((c) => c.id === id)?.platform;
  const cmsNames = [...new Set(connections.filter((c) => c.platform !== "hosted").map((c) => platformName(c.platform)))];
  // With JavaScript the choice follows the platform picked; without, it is what the server rendered.
  const hostedChosen = platformOf(hydrated ? selected : preselected) === "hosted";
  const draftOffered = cmsNames.length > 0 && !(hydrated && hostedChosen);
  const draftWhere = hydrated && selected ? platformName(platformOf(selected) ?? "") : cmsNames.length === 1 ? cmsNames[0]! : "your CMS";
  const defaultMode = hostedChosen || !cmsNames.length ? "live" : "draft";
  return (
    <UrlDialog title="Publish article" closeTo={closeHref}>
      {connections.length === 0 ? (
        <NoPlatforms />
      ) : (
        <Form method="post" action={action} className="flex flex-col gap-4">
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium text-slate-800">Platform</legend>
            {connections.map((c) => (
              <label key={c.id} className={radioCard}>
                <input
                  type="radio"
                  name="connectionId"
                  value={c.id}
                  defaultChecked={c.id === preselected}
                  onChange={() => setSelected(c.id)}
                  className="mt-0.5"
                />
                <span>
                  <span className="font-medium">{platformName(c.platform)}</span>
                  {c.name && c.name !== platformName(c.platform) ? <span className="text-slate-700"> · {c.name}</span> : null}
                  {addressOf(c) ? <span className="block text-slate-600">{addressOf(c)}</span> : null}
                </span>
              </label>
            ))}
          </fieldset>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium text-slate-800">Publish as</legend>
            {draftOffered ? (
              <label className={radioCard}>
                <input
                  key={`draft-${defaultMode}`}
                  type="radio"
                  name="mode"
                  value="draft"
                  defaultChecked={defaultMode === "draft"}
                  className="mt-0.5"
                />
                <span>
                  <span className="font-medium">Draft for review</span>
                  <span className="block text-slate-600">
                    Arrives in {draftWhere} as a draft; you publish it there.
                    {!hydrated && connections.some((c) => c.platform === "hosted") ? " Not for the hosted blog, which has no drafts." : ""}
                  </span>
                </span>
              </label>
            ) : null}
            <label className={radioCard}>
              <input
                key={`live-${defaultMode}`}
                type="radio"
                name="mode"
                value="live"
                defaultChecked={defaultMode === "live"}
                className="mt-0.5"
              />
              <span>
                <span className="font-medium">Live</span>
                <span className="block text-slate-600">
                  {hostedChosen ? "Public on your hosted blog as soon as it is published." : "Public as soon as it is published."}
                </span>
              </span>
            </label>
          </fieldset>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium text-slate-800">When</legend>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name="when" value="now" defaultChecked onChange={() => setWhen("now")} />
              Now
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name="when" value="schedule" onChange={() => setWhen("schedule")} />
              Schedule for…
            </label>
            <div className="flex flex-wrap items-end gap-2 pl-6">
              <label className="flex flex-col text-sm">
                Day
                <input
                  type="date"
                  name="scheduleDate"
                  min={today}
                  defaultValue={slot.date}
                  className="rounded-md border border-slate-300 px-2 py-1"
                />
              </label>
              <label className="flex flex-col text-sm">
                Time
                <input type="time" name="scheduleTime" defaultValue={slot.time} className="rounded-md border border-slate-300 px-2 py-1" />
              </label>
              <span className="pb-1 text-xs text-slate-600">{timeZone}</span>
            </div>
          </fieldset>
          <div className="flex justify-end gap-2">
            <DialogCancel />
            <StatusButton pending={pending} pendingLabel="Publishing…" disabled={hydrated && !selected}>
              {when === "schedule" ? "Schedule" : "Publish now"}
            </StatusButton>
          </div>
        </Form>
      )}
    </UrlDialog>
  );
}
