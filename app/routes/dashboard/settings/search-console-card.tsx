import { Form, Link } from "react-router";
import { CheckboxField, FormMessage } from "#app/components/forms";
import { IntentInput, SettingsCard, usePendingIntent } from "#app/components/settings-ui";
import { Button, StatusButton } from "#app/components/ui/button";
import { DialogCancel, UrlDialog } from "#app/components/url-dialog";
import { propertyLabel } from "#app/modules/search-console/property-match";
import { replyFor } from "#app/utils/form-reply";
import type { SearchConsoleData } from "./integrations-data.server";

/**
 * The site's Search Console card (docs/decisions/060-search-results.md): connect through Google (read-only, plus
 * the sitemap permission when ticked), the account, property, last import and last error, the property picker and
 * the disconnect dialog. The connect form is a plain document POST: the answer is a redirect to Google.
 */

const CLOSE_TO = "?tab=integrations#search-console";

function ConnectForm({ label, sitemap, chooseAccount = false }: { label: string; sitemap: boolean; chooseAccount?: boolean }) {
  const pending = usePendingIntent("search-console-connect");
  return (
    <Form method="post" action="?tab=integrations" reloadDocument className="flex flex-col gap-3">
      <IntentInput intent="search-console-connect" />
      {chooseAccount ? <input type="hidden" name="chooseAccount" value="1" /> : null}
      <CheckboxField
        label="Also submit my sitemap to Google"
        hint="Lets Inkpilot submit the hosted blog's sitemap when you publish. Without it Inkpilot only reads your results."
        inputProps={{ name: "sitemap", defaultChecked: sitemap, id: chooseAccount ? "sc-sitemap-other" : "sc-sitemap" }}
      />
      <div>
        <StatusButton size="sm" pending={pending} pendingLabel="Opening Google…">
          {label}
        </StatusButton>
      </div>
    </Form>
  );
}

function PropertyPicker({ data }: { data: SearchConsoleData }) {
  const choices = data.choices;
  const pending = usePendingIntent("search-console-property");
  if (!choices || !data.connection) return null;
  return (
    <UrlDialog title="Choose your Search Console property" closeTo={CLOSE_TO}>
      {choices.error ? <FormMessage title="Properties not listed" description={choices.error} /> : null}
      {!choices.error && !choices.anyMatch ? (
        <p className="text-sm text-slate-700">
          No property in this Google account matches {choices.domain ?? "this site"}. Pick one below, or use another Google account.
        </p>
      ) : null}
      {!choices.error && choices.anyMatch ? (
        <p className="text-sm text-slate-700">Several properties of {data.connection.email} cover this site. Pick the one to read.</p>
      ) : null}
      {choices.properties.length ? (
        <Form method="post" action="?tab=integrations" className="mt-4 flex flex-col gap-3">
          <IntentInput intent="search-console-property" />
          <fieldset className="flex flex-col gap-2">
            <legend className="text-sm font-medium text-slate-800">Properties of {data.connection.email}</legend>
            {choices.properties.map((property, index) => (
              <label key={property} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name="property"
                  value={property}
                  required
                  defaultChecked={property === data.connection?.property || (!data.connection?.property && index === 0)}
                  className="h-4 w-4 border-slate-300 text-brand-600"
                />
                {propertyLabel(property)}
              </label>
            ))}
          </fieldset>
          <div className="flex justify-end gap-2">
            <DialogCancel />
            <StatusButton pending={pending} pendingLabel="Saving…">
              Use this property
            </StatusButton>
          </div>
        </Form>
      ) : (
        <p className="mt-3 text-sm text-slate-700">This Google account has no Search Console property Inkpilot can read.</p>
      )}
      <div className="mt-6 border-t border-slate-200 pt-4">
        <h3 className="text-sm font-semibold text-slate-900">Use another Google account</h3>
        <div className="mt-2">
          <ConnectForm label="Choose another account" sitemap={data.connection.sitemapAllowed} chooseAccount />
        </div>
      </div>
    </UrlDialog>
  );
}

function DisconnectDialog() {
  const pending = usePendingIntent("search-console-disconnect");
  return (
    <UrlDialog title="Disconnect Search Console?" closeTo={CLOSE_TO}>
      <p className="text-sm text-slate-700">
        Inkpilot revokes its access at Google and deletes this site&apos;s stored search figures: clicks, impressions, positions and
        queries. Your property in Search Console is not changed; connecting again imports the figures anew.
      </p>
      <Form method="post" action="?tab=integrations" className="mt-4 flex justify-end gap-2">
        <IntentInput intent="search-console-disconnect" />
        <DialogCancel />
        <StatusButton variant="destructive" pending={pending} pendingLabel="Disconnecting…">
          Disconnect and delete figures
        </StatusButton>
      </Form>
    </UrlDialog>
  );
}

function Status({ data }: { data: SearchConsoleData }) {
  const c = data.connection!;
  const rows: Array<[string, React.ReactNode]> = [
    ["Connected as", c.email],
    ["Property", c.propertyText ?? "Not chosen yet"],
    ["Status", c.statusText],
    ["Last import", c.lastImportText ?? "Not yet"],
    ["Sitemaps", c.sitemapAllowed ? "Submitted to Google when you publish" : "Not submitted (read-only access)"],
  ];
  if (c.lastError) rows.push(["Last error", `${c.lastError}${c.lastErrorText ? ` (${c.lastErrorText})` : ""}`]);
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium text-slate-700">{term}</dt>
          <dd className="break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function SearchConsoleCard({ data, actionData }: { data: SearchConsoleData; actionData: unknown }) {
  const notice = ["search-console-connect", "search-console-property", "search-console-disconnect"]
    .map((intent) => replyFor(actionData, intent)?.notice)
    .find(Boolean);
  const c = data.connection;
  return (
    <div id="search-console" className="scroll-mt-4">
      <SettingsCard
        title="Search Console"
        description="What each article earns in Google search (clicks, impressions, position), read from your own Google Search Console."
      >
        {notice ? <FormMessage {...notice} /> : null}
        {!data.configured ? (
          <p className="text-sm text-slate-600">Connecting Google is not set up on this server yet: an operator adds the Google client.</p>
        ) : c ? (
          <div className="flex flex-col gap-4">
            {c.status === "needs_reconnect" ? (
              <FormMessage
                title="Google no longer accepts Inkpilot's access"
                description="Imports are paused until you reconnect (the access was revoked or expired)."
              />
            ) : null}
            <Status data={data} />
            {data.canManage ? (
              <div className="flex flex-wrap items-start gap-2">
                {c.status === "needs_reconnect" ? <ConnectForm label="Reconnect" sitemap={c.sitemapAllowed} /> : null}
                <Button asChild size="sm" variant="secondary">
                  <Link to="?tab=integrations&searchConsole=pick#search-console" preventScrollReset>
                    {c.property ? "Change property" : "Choose the property"}
                  </Link>
                </Button>
                <Button asChild size="sm" variant="secondary">
                  <Link to="?tab=integrations&searchConsole=disconnect#search-console" preventScrollReset>
                    Disconnect
                  </Link>
                </Button>
              </div>
            ) : (
              <p className="text-sm text-slate-600">Only owners and admins can connect or disconnect Search Console.</p>
            )}
          </div>
        ) : data.canManage ? (
          <ConnectForm label="Connect Google Search Console" sitemap={false} />
        ) : (
          <p className="text-sm text-slate-600">
            Not connected. Only owners and admins can connect Search Console; ask one of them to connect it.
          </p>
        )}
      </SettingsCard>
      {data.dialog === "pick" ? <PropertyPicker data={data} /> : null}
      {data.dialog === "disconnect" ? <DisconnectDialog /> : null}
    </div>
  );
}
