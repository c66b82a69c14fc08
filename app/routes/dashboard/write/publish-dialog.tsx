import { useId } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "#app/components/ui/button";
import { Dialog } from "#app/components/ui/dialog";
import { useHydrated } from "#app/utils/use-hydrated";

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

function Body({ connections, closeHref }: { connections: Connection[]; closeHref: string }) {
  if (connections.length === 0) {
    return (
      <div className="flex flex-col gap-4">
        <p className="text-sm text-slate-700">No platforms connected. Connect WordPress, Shopify, Webflow and more in Settings → Integrations.</p>
        <div className="flex justify-end gap-2">
          <Button asChild variant="secondary">
            <Link to={closeHref}>Cancel</Link>
          </Button>
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
        <Button asChild variant="secondary">
          <Link to={closeHref}>Cancel</Link>
        </Button>
        <Button type="button" disabled>
          Publish now
        </Button>
      </div>
    </div>
  );
}

export function PublishDialog({ connections, closeHref }: { connections: Connection[]; closeHref: string }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const titleId = useId();
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
            Publish article
          </h2>
          <div className="mt-4">
            <Body connections={connections} closeHref={closeHref} />
          </div>
        </section>
      </>
    );
  }
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : void navigate(closeHref, { replace: true, preventScrollReset: true }))} title="Publish article">
      <Body connections={connections} closeHref={closeHref} />
    </Dialog>
  );
}
