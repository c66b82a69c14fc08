import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, Link, useLocation } from "react-router";
import { Field, FormMessage, useSchemaForm } from "#app/components/forms";
import { StatusButton } from "#app/components/ui/button";
import { DialogCancel } from "#app/components/url-dialog";
import { formatUsd } from "#app/modules/billing/plans";
import { hostedBlogPath } from "#app/modules/hosted-blog/urls";
import { formatDayDate } from "#app/utils/time";
import { AddSiteSchema, DeleteSiteSchema, RenameSiteSchema } from "#app/modules/workspaces/site-forms";
import type { SiteRow } from "#app/modules/workspaces/sites.server";
import type { FormReply } from "#app/utils/form-reply";
import { useIsPending } from "#app/utils/use-is-pending";

/** The Sites page's list and its three forms (docs/decisions/043). */

type Allowed = { add: boolean; rename: boolean; delete: boolean };
type ListedSite = Pick<SiteRow, "id" | "name" | "url" | "blogSlug" | "articleCount">;

const action = "text-sm font-medium text-brand-700 hover:underline";

/** Makes a site current (the sidebar switcher's form), back to this page. */
function SwitchSiteButton({ siteId, label, className }: { siteId: string; label: string; className?: string }) {
  const location = useLocation();
  return (
    <Form method="post" action="/dashboard/sites/switch" className={className}>
      <input type="hidden" name="siteId" value={siteId} />
      <input type="hidden" name="redirectTo" value={location.pathname} />
      <button type="submit" className={action}>
        {label}
      </button>
    </Form>
  );
}

export function SitesList({ sites, currentSiteId, allowed }: { sites: ListedSite[]; currentSiteId: string; allowed: Allowed }) {
  return (
    <ul aria-label="Sites" className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {sites.map((site) => {
        const current = site.id === currentSiteId;
        return (
          <li key={site.id} className="flex flex-wrap items-center gap-x-6 gap-y-2 px-5 py-4" data-testid="site-row">
            <div className="min-w-0 flex-1">
              <p className="flex items-center gap-2 font-semibold text-slate-900">
                <span className="truncate">{site.name}</span>
                {current ? <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">Current</span> : null}
              </p>
              <p className="mt-0.5 truncate text-sm text-slate-600">
                {site.url ?? "No website address yet"} · {site.articleCount} {site.articleCount === 1 ? "article" : "articles"}
                {site.blogSlug ? (
                  <>
                    {" · "}
                    <a href={hostedBlogPath(site.blogSlug)} className="hover:underline">
                      Hosted blog
                    </a>
                  </>
                ) : null}
              </p>
            </div>
            <div className="flex items-center gap-4">
              {current ? null : <SwitchSiteButton siteId={site.id} label={`Switch to ${site.name}`} />}
              {allowed.rename ? (
                <Link to={`?rename=${encodeURIComponent(site.id)}`} preventScrollReset className={action}>
                  Rename<span className="sr-only"> {site.name}</span>
                </Link>
              ) : null}
              {allowed.rename && site.blogSlug ? (
                <Link to={`?blog-address=${encodeURIComponent(site.id)}`} preventScrollReset className={action}>
                  Blog address<span className="sr-only"> of {site.name}</span>
                </Link>
              ) : null}
              {allowed.delete && sites.length > 1 ? (
                <Link
                  to={`?delete=${encodeURIComponent(site.id)}`}
                  preventScrollReset
                  className="text-sm font-medium text-red-700 hover:underline"
                >
                  Delete<span className="sr-only"> {site.name}</span>
                </Link>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

type ChargeView =
  | {
      ok: true;
      chargeNowCents: number;
      recurringCents: number;
      interval: "month" | "year";
      sites: number;
      periodEnd: string | null;
      prorationDate: number;
    }
  | { ok: false; message: string }
  | null;

/** On Pro: what adding the site charges now and the new recurring price, asked before anything is charged. */
function SiteCharge({ charge }: { charge: Exclude<ChargeView, null> }) {
  if (!charge.ok) return <FormMessage title="Price unavailable" description={charge.message} />;
  const until = charge.periodEnd ? ` (until ${formatDayDate(charge.periodEnd.slice(0, 10))})` : "";
  return (
    <div className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950" data-testid="site-charge">
      <p>
        Adding this site charges <strong>{formatUsd(charge.chargeNowCents)} now</strong> for the rest of this billing period{until}.
      </p>
      <p className="mt-1">
        From your next invoice, Pro for {charge.sites} sites is{" "}
        <strong>
          {formatUsd(charge.recurringCents)} per {charge.interval}
        </strong>
        .
      </p>
      <input type="hidden" name="prorationDate" value={charge.prorationDate} />
      <input type="hidden" name="expectedChargeCents" value={charge.chargeNowCents} />
    </div>
  );
}

export function AddSiteForm({ reply, charge = null }: { reply?: FormReply; charge?: ChargeView }) {
  const pending = useIsPending();
  const [form, fields] = useSchemaForm(AddSiteSchema, { id: "site-add", lastResult: reply?.result });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4" aria-label="Add Site">
      <input type="hidden" name="intent" value="add" />
      <Field
        label="Site name"
        errors={fields.name.errors}
        inputProps={{ ...getInputProps(fields.name, { type: "text" }), placeholder: "e.g. Northwind Coffee" }}
      />
      <Field
        label="Website URL"
        errors={fields.url.errors}
        inputProps={{
          ...getInputProps(fields.url, { type: "text" }),
          placeholder: "https://example.com",
          inputMode: "url",
          autoComplete: "url",
        }}
      />
      {charge ? <SiteCharge charge={charge} /> : null}
      {reply?.notice ? <FormMessage {...reply.notice} /> : null}
      <div className="flex justify-end gap-3">
        <DialogCancel />
        <StatusButton pending={pending} pendingLabel="Adding..." disabled={charge?.ok === false}>
          {charge?.ok ? `Add site and pay ${formatUsd(charge.chargeNowCents)}` : "Add Site"}
        </StatusButton>
      </div>
    </Form>
  );
}

export function RenameSiteForm({ site, reply }: { site: { id: string; name: string }; reply?: FormReply }) {
  const pending = useIsPending();
  const [form, fields] = useSchemaForm(RenameSiteSchema, {
    id: `site-rename-${site.id}`,
    lastResult: reply?.result,
    defaultValue: { siteId: site.id, name: site.name },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4" aria-label="Rename Site">
      <input type="hidden" name="intent" value="rename" />
      <input type="hidden" name="siteId" value={site.id} />
      <Field label="Site name" errors={fields.name.errors} inputProps={getInputProps(fields.name, { type: "text" })} />
      <div className="flex justify-end gap-3">
        <DialogCancel />
        <StatusButton pending={pending} pendingLabel="Saving...">
          Save
        </StatusButton>
      </div>
    </Form>
  );
}

export function DeleteSiteText({ site }: { site: { name: string; articleCount: number } }) {
  return (
    <>
      This deletes <strong>{site.name}</strong> with its {site.articleCount} {site.articleCount === 1 ? "article" : "articles"}, topics,
      settings, connections and hosted blog. It cannot be undone.
    </>
  );
}

export function DeleteSiteForm({ site, reply }: { site: { id: string; name: string }; reply?: FormReply }) {
  const pending = useIsPending();
  const [form, fields] = useSchemaForm(DeleteSiteSchema, {
    id: `site-delete-${site.id}`,
    lastResult: reply?.result,
    defaultValue: { siteId: site.id },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4" aria-label="Delete Site">
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="siteId" value={site.id} />
      <Field
        label={`Type ${site.name} to confirm`}
        errors={fields.confirmName.errors}
        inputProps={{ ...getInputProps(fields.confirmName, { type: "text" }), autoComplete: "off" }}
      />
      {reply?.notice ? <FormMessage {...reply.notice} /> : null}
      <div className="flex justify-end gap-3">
        <DialogCancel />
        <StatusButton variant="destructive" pending={pending} pendingLabel="Deleting...">
          Delete Site
        </StatusButton>
      </div>
    </Form>
  );
}
