import { Form, Link } from "react-router";
import { FormMessage } from "#app/components/forms";
import { Button, StatusButton } from "#app/components/ui/button";
import { DialogCancel, UrlDialog } from "#app/components/url-dialog";
import type { IntegrationsView } from "#app/modules/publishing/integrations-view.server";
import { platformName } from "#app/modules/publishing/platforms";
import { replyFor } from "#app/utils/form-reply";
import { IntentInput, SettingsCard, usePendingIntent } from "#app/components/settings-ui";
import { ConnectDialog, ShopifyConnectDialog } from "./connect-dialog";
import { ConnectionCard } from "./connection-card";
import { DeveloperApiSection } from "./developer-api-section";
import { EventWebhooksSection } from "./event-webhooks-section";
import { SearchConsoleCard } from "./search-console-card";
import type { DeveloperApiData, EventWebhooksData, SearchConsoleData } from "./integrations-data.server";

/**
 * The Integrations tab (docs/product.md "Publishing"): the site's destinations
 * with their status and checks, then a card for every platform saying, before
 * connecting, what it cannot do and how Inkpilot handles it.
 */

type Props = {
  view: IntegrationsView & {
    blogUrl: string | null;
    disconnectId: string | null;
    developerApi: DeveloperApiData;
    eventWebhooks: EventWebhooksData;
    searchConsole: SearchConsoleData;
  };
  actionData: unknown;
};

function PlatformCards({ view }: Pick<Props, "view">) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {view.cards.map((card) => (
        <li key={card.id} className="flex flex-col rounded-lg border border-slate-200 p-4">
          <div className="flex items-center justify-between gap-2">
            <h3 className="font-semibold text-slate-900">{card.name}</h3>
            <span
              className={
                card.live
                  ? "rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800"
                  : "rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700"
              }
            >
              {card.live ? "Live" : "Coming soon"}
            </span>
          </div>
          <p className="mt-1 text-sm text-slate-600">{card.description}</p>
          {card.limitations.length ? (
            <ul className="mt-2 list-disc pl-5 text-sm text-slate-600">
              {card.limitations.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : null}
          <div className="mt-auto pt-3">
            {card.live && card.connectKind === "form" && view.canManage && card.servedBy ? (
              <Button asChild size="sm">
                <Link to={`?tab=integrations&connect=${card.servedBy}`} aria-label={`Connect ${card.name}`}>
                  Connect
                </Link>
              </Button>
            ) : card.live && card.connectKind === "oauth" && !card.configured ? (
              <p className="text-sm text-slate-600">Not configured on this server yet: an operator adds the app's credentials.</p>
            ) : card.live && card.connectKind === "oauth" && view.canManage && card.servedBy === "shopify" ? (
              <Button asChild size="sm">
                <Link to="?tab=integrations&connect=shopify" aria-label={`Connect ${card.name}`}>
                  Connect
                </Link>
              </Button>
            ) : card.live && card.connectKind === "oauth" && view.canManage && card.servedBy ? (
              // The whole tab goes to the platform and comes back: a popup would lose its opener to our
              // Cross-Origin-Opener-Policy on the way through the platform's origin (docs/decisions/033).
              <Button asChild size="sm">
                <a href={`/integrations/${card.servedBy}/start`} aria-label={`Connect ${card.name}`}>
                  Connect
                </a>
              </Button>
            ) : card.connectKind === "builtin" ? (
              <p className="text-sm text-slate-600">Always available.</p>
            ) : (
              <Button size="sm" disabled aria-label={`Connect ${card.name} (coming soon)`}>
                Connect
              </Button>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

function DisconnectDialog({ view }: Pick<Props, "view">) {
  const connection = view.connections.find((c) => c.id === view.disconnectId);
  const pending = usePendingIntent("disconnect");
  if (!connection || !view.canManage) return null;
  const hosted = connection.platform === "hosted";
  const name = platformName(connection.platform);
  return (
    <UrlDialog title={hosted ? "Turn off the hosted blog?" : `Disconnect ${name}?`} closeTo="?tab=integrations">
      <p className="text-sm text-slate-700">
        {hosted
          ? "Its posts stop being public until you turn it on again. Nothing is deleted."
          : "Inkpilot forgets the credentials and revokes its access where the platform allows. Posts already published stay on your site; publishing there again after reconnecting updates them."}
      </p>
      <Form method="post" action="?tab=integrations" className="mt-4 flex justify-end gap-2">
        <IntentInput intent="disconnect" />
        <input type="hidden" name="connectionId" value={connection.id} />
        <DialogCancel />
        <StatusButton variant="destructive" pending={pending} pendingLabel={hosted ? "Turning off…" : "Disconnecting…"}>
          {hosted ? "Turn off" : "Disconnect"}
        </StatusButton>
      </Form>
    </UrlDialog>
  );
}

export function IntegrationsTab({ view, actionData }: Props) {
  const notice = (replyFor(actionData, "check") ?? replyFor(actionData, "default") ?? replyFor(actionData, "disconnect"))?.notice;
  const connectCard = view.cards.find((c) => c.servedBy === view.connectPlatform);
  return (
    <div className="flex flex-col gap-6">
      {notice ? <FormMessage {...notice} /> : null}
      <SettingsCard
        title="Your destinations"
        description="Where this site's articles are published. The default is chosen first in the publish dialog."
      >
        <ul className="flex flex-col gap-3">
          {view.connections.map((connection) => (
            <ConnectionCard key={connection.id} connection={connection} canManage={view.canManage} blogUrl={view.blogUrl} />
          ))}
        </ul>
        {!view.canManage ? <p className="mt-3 text-sm text-slate-600">Only workspace owners and admins can change integrations.</p> : null}
      </SettingsCard>
      <SettingsCard title="Add a destination" description="Articles arrive as drafts for review unless you choose to publish them live.">
        <PlatformCards view={view} />
      </SettingsCard>
      {view.connectPlatform === "shopify" && view.canManage ? <ShopifyConnectDialog limitations={connectCard?.limitations ?? []} /> : null}
      {view.connectPlatform && view.connectPlatform !== "shopify" && view.canManage ? (
        <ConnectDialog platform={view.connectPlatform} limitations={connectCard?.limitations ?? []} actionData={actionData} />
      ) : null}
      <DisconnectDialog view={view} />
      <SearchConsoleCard data={view.searchConsole} actionData={actionData} />
      <DeveloperApiSection data={view.developerApi} actionData={actionData} />
      <EventWebhooksSection data={view.eventWebhooks} actionData={actionData} />
    </div>
  );
}
