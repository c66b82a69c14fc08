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
 */

export type PublishConnection = { id: string; platform: string; name: string; siteUrl: string; isDefault: boolean };

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
}: {
  articleId: string;
  connections: PublishConnection[];
  closeHref: string;
  timeZone: string;
  today: string;
}) {
  const action = `/dashboard/articles/${articleId}/publish`;
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formAction === action;
  const [when, setWhen] = useState<"now" | "schedule">("now");
  const preselected = connections.length === 1 ? connections[0]!.id : connections.find((c) => c.isDefault)?.id;
  const [selected, setSelected] = useState(preselected ?? "");
  // Without JavaScript the server answers 'Select a platform' instead; the button is never dead.
  const hydrated = useHydrated();
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
            <label className={radioCard}>
              <input type="radio" name="mode" value="draft" defaultChecked className="mt-0.5" />
              <span>
                <span className="font-medium">Draft for review</span>
                <span className="block text-slate-600">Arrives in your CMS as a draft; you publish it there.</span>
              </span>
            </label>
            <label className={radioCard}>
              <input type="radio" name="mode" value="live" className="mt-0.5" />
              <span>
                <span className="font-medium">Live</span>
                <span className="block text-slate-600">Public as soon as it is published.</span>
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
                  defaultValue={today}
                  className="rounded-md border border-slate-300 px-2 py-1"
                />
              </label>
              <label className="flex flex-col text-sm">
                Time
                <input type="time" name="scheduleTime" defaultValue="18:30" className="rounded-md border border-slate-300 px-2 py-1" />
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
