import { Link } from "react-router";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Button } from "#app/components/ui/button";
import { UrlDialog } from "#app/components/url-dialog";
import { requestContext } from "#app/context";
import { getDb } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import { authContext, requirePermission } from "#app/modules/auth/guards.server";
import { can } from "#app/modules/auth/permissions";
import { listSites } from "#app/modules/workspaces/sites.server";
import { addedSiteChargeView } from "#app/modules/billing/site-charge.server";
import { getBilling } from "#app/modules/billing/stripe.server";
import { replyFor } from "#app/utils/form-reply";
import { notFound } from "#app/utils/responses.server";
import { sitesAction } from "./actions.server";
import { BlogAddressForm } from "./blog-address-form";
import { AddSiteForm, DeleteSiteForm, DeleteSiteText, RenameSiteForm, SitesList } from "./sites-ui";
import type { Route } from "./+types/route";

/**
 * The workspace's sites (docs/decisions/043): add (owners; then the onboarding
 * scan is offered for it), rename (owners and admins), delete (owners, typing
 * the name), change a hosted blog's address (owners and admins; the old one answers 301). Dialogs live in the URL:
 * ?new=1, ?rename={id}, ?blog-address={id}, ?delete={id}.
 */

export const handle = { breadcrumb: "Sites" };

export const meta: Route.MetaFunction = () => [{ title: "Sites | Inkpilot" }];

const PAGE = "/dashboard/sites";

export async function loader({ context, url }: Route.LoaderArgs) {
  const auth = context.get(authContext);
  const sites = await listSites(getDb(), auth.workspace.id);
  const params = url.searchParams;
  const find = (id: string) => sites.find((s) => s.id === id) ?? notFound("Site not found");
  let dialog = null;
  if (params.has("new")) {
    requirePermission(auth, "sites.add");
    dialog = { kind: "new", charge: await addedSiteChargeView(getDb(), getBilling(), auth.workspace.id) } as const;
  } else if (params.get("rename")) {
    requirePermission(auth, "sites.rename");
    dialog = { kind: "rename", site: find(params.get("rename")!) } as const;
  } else if (params.get("blog-address")) {
    requirePermission(auth, "sites.rename");
    const site = find(params.get("blog-address")!);
    if (!site.blogSlug) notFound("Site not found");
    dialog = { kind: "blog-address", site: { id: site.id, blogSlug: site.blogSlug }, origin: getEnv().appUrl } as const;
  } else if (params.get("delete")) {
    requirePermission(auth, "sites.delete");
    dialog = { kind: "delete", site: find(params.get("delete")!) } as const;
  }
  return {
    sites,
    currentSiteId: auth.site.id,
    workspaceName: auth.workspace.name,
    allowed: { add: can(auth.role, "sites.add"), rename: can(auth.role, "sites.rename"), delete: can(auth.role, "sites.delete") },
    dialog,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const auth = context.get(authContext);
  return sitesAction(getDb(), auth, { userId: auth.user.id, ip: context.get(requestContext).ip ?? null }, await request.formData());
}

type Dialog = NonNullable<Route.ComponentProps["loaderData"]["dialog"]>;

function SiteDialog({ dialog, actionData }: { dialog: Dialog; actionData: unknown }) {
  if (dialog.kind === "new")
    return (
      <UrlDialog title="Add Site" description="A new website with its own settings, topics, articles and connections." closeTo={PAGE}>
        <AddSiteForm reply={replyFor(actionData, "add")} charge={dialog.charge} />
      </UrlDialog>
    );
  if (dialog.kind === "blog-address")
    return (
      <UrlDialog title="Change the blog's address" closeTo={PAGE}>
        <BlogAddressForm site={dialog.site} origin={dialog.origin} reply={replyFor(actionData, "blog-address")} />
      </UrlDialog>
    );
  if (dialog.kind === "rename")
    return (
      <UrlDialog title="Rename Site" closeTo={PAGE}>
        <RenameSiteForm site={dialog.site} reply={replyFor(actionData, "rename")} />
      </UrlDialog>
    );
  return (
    <UrlDialog title="Delete Site" description={<DeleteSiteText site={dialog.site} />} closeTo={PAGE}>
      <DeleteSiteForm site={dialog.site} reply={replyFor(actionData, "delete")} />
    </UrlDialog>
  );
}

export default function SitesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { sites, currentSiteId, workspaceName, allowed, dialog } = loaderData;
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Sites</h1>
          <p className="mt-1 text-sm text-slate-600">
            The websites of {workspaceName}. Each has its own settings, topics, articles and connections.
          </p>
        </div>
        {allowed.add ? (
          <Button asChild>
            <Link to="?new=1" preventScrollReset>
              Add Site
            </Link>
          </Button>
        ) : null}
      </div>
      {dialog ? <SiteDialog dialog={dialog} actionData={actionData} /> : null}
      <SitesList sites={sites} currentSiteId={currentSiteId} allowed={allowed} />
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusCopy={{ 404: { title: "Site not found", message: "This site does not exist or belongs to another workspace." } }}
      back={{ to: PAGE, label: "Back to sites" }}
    />
  );
}
