import { Link } from "react-router";
import { Button } from "#app/components/ui/button";
import { DialogCancel, UrlDialog } from "#app/components/url-dialog";

/**
 * The 'Publish article' dialog (docs/product.md "Publishing"). Publishing to platforms arrives with
 * the integrations; until a platform is connected this shows the product's
 * no-platforms state. Opened by ?publish=1, so it works without JavaScript.
 */

type Connection = { id: string; platform: string; siteUrl: string };

const PLATFORM_NAMES: Record<string, string> = {
  wordpress: "WordPress",
  shopify: "Shopify",
  wix: "Wix",
  ghost: "Ghost",
  webflow: "Webflow",
  notion: "Notion",
  webhook: "Webhook",
};

function Body({ connections }: { connections: Connection[] }) {
  if (connections.length === 0) {
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
  return (
    <div className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-slate-800">Platform</legend>
        {connections.map((c) => (
          <label key={c.id} className="flex items-center gap-2 rounded-md border border-slate-200 p-2 text-sm">
            <input type="radio" name="connectionId" value={c.id} defaultChecked={connections.length === 1} />
            <span className="font-medium">{PLATFORM_NAMES[c.platform] ?? c.platform}</span>
            <span className="text-slate-600">{c.siteUrl}</span>
          </label>
        ))}
      </fieldset>
      <p className="text-sm text-slate-600">Publishing to connected platforms is not available yet.</p>
      <div className="flex justify-end gap-2">
        <DialogCancel />
        <Button type="button" disabled>
          Publish now
        </Button>
      </div>
    </div>
  );
}

export function PublishDialog({ connections, closeHref }: { connections: Connection[]; closeHref: string }) {
  return (
    <UrlDialog title="Publish article" closeTo={closeHref}>
      <Body connections={connections} />
    </UrlDialog>
  );
}
