import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, Link } from "react-router";
import { Field, FormMessage, useSchemaForm } from "#app/components/forms";
import { IntentInput, SettingsCard, usePendingIntent } from "#app/components/settings-ui";
import { Button, StatusButton } from "#app/components/ui/button";
import { DialogCancel, UrlDialog } from "#app/components/url-dialog";
import { cn } from "#app/utils/cn";
import { replyFor } from "#app/utils/form-reply";
import { RecordsList, RecordsTable } from "./blog-domain-records";
import { BlogDomainSchema } from "./blog-schema";
import type { BlogTabData } from "./blog-data.server";

/**
 * The Blog tab's own-domain section (docs/decisions/076-blog-custom-domains.md). Without a domain, a form connects
 * one; with one, its status, the records to add with what the last check found of each, Check records, and Release
 * behind a confirmation that lives in the URL (?release=1). Plain form posts throughout, so it works without
 * JavaScript.
 */

const TAB = "?tab=blog";
type Domain = NonNullable<BlogTabData["domain"]>;

const STATUS = {
  pending_dns: { label: "Waiting for DNS records", tone: "bg-amber-50 text-amber-900 ring-amber-200" },
  issuing: { label: "Issuing certificate", tone: "bg-sky-50 text-sky-900 ring-sky-200" },
  active: { label: "Active", tone: "bg-emerald-50 text-emerald-800 ring-emerald-200" },
} as const;

const NEXT_STEP = {
  pending_dns: "Add these records at your DNS provider, then check them. DNS changes can take up to an hour to appear.",
  issuing: "Your records are in place. The certificate is being issued: check again in a few minutes.",
  active: "Your records are in place and the certificate is issued. Keep the records as they are.",
} as const;

export function ConnectForm({ blogUrl, actionData }: { blogUrl: string; actionData: unknown }) {
  const reply = replyFor(actionData, "domain-connect");
  const pending = usePendingIntent("domain-connect");
  const [form, fields] = useSchemaForm(BlogDomainSchema, { id: "domain-connect", lastResult: reply?.result });
  return (
    <Form method="post" action={TAB} {...getFormProps(form)} aria-label="Connect a domain" className="flex flex-col gap-4">
      <IntentInput intent="domain-connect" />
      <p className="text-sm text-slate-700">
        Your blog is at <code className="font-mono text-xs break-all">{blogUrl}</code> on Inkpilot. On your own domain, the links and
        rankings it earns are yours.
      </p>
      {reply?.notice ? <FormMessage {...reply.notice} /> : null}
      <Field
        label="Domain"
        hint="e.g. blog.yourcompany.com; apex domains (yourcompany.com) work too."
        errors={fields.hostname.errors}
        inputProps={{
          ...getInputProps(fields.hostname, { type: "text" }),
          placeholder: "blog.yourcompany.com",
          autoComplete: "off",
          spellCheck: false,
          autoCapitalize: "none",
        }}
        className="max-w-md"
      />
      <div>
        <StatusButton pending={pending} pendingLabel="Connecting…">
          Connect domain
        </StatusButton>
      </div>
    </Form>
  );
}

export function ReleaseDialog({ domain, blogUrl }: { domain: Domain; blogUrl: string | null }) {
  const pending = usePendingIntent("domain-release");
  return (
    <UrlDialog title={`Release ${domain.hostname}?`} closeTo={TAB}>
      <p className="text-sm text-slate-700">
        Your blog stops answering at {domain.hostname} and its certificate is removed.
        {blogUrl ? ` It stays at ${blogUrl} on Inkpilot.` : ""} Connecting a domain again later needs new records.
      </p>
      <Form method="post" action={TAB} className="mt-4 flex justify-end gap-2">
        <IntentInput intent="domain-release" />
        <DialogCancel />
        <StatusButton variant="destructive" pending={pending} pendingLabel="Releasing…">
          Release domain
        </StatusButton>
      </Form>
    </UrlDialog>
  );
}

function DomainStatus({ domain }: { domain: Domain }) {
  const status = STATUS[domain.status];
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <p className="font-mono text-base font-semibold break-all text-slate-900">{domain.hostname}</p>
        <span data-testid="domain-status" className={cn("rounded-full px-2.5 py-0.5 text-xs font-medium ring-1", status.tone)}>
          {status.label}
        </span>
      </div>
      {domain.status === "active" ? (
        <p className="text-sm text-slate-700">
          Your blog is live at{" "}
          <a href={`https://${domain.hostname}/`} className="font-medium text-brand-700 hover:underline">
            https://{domain.hostname}/
          </a>
        </p>
      ) : null}
      <p className="text-sm text-slate-700">{NEXT_STEP[domain.status]}</p>
      {!domain.canIssue ? (
        <FormMessage
          tone="info"
          title="This installation cannot issue certificates"
          description="Certificates come from Fly, which is not configured here, so your domain's records are checked but the domain is not served."
        />
      ) : null}
    </div>
  );
}

export function DomainCard({ domain, actionData }: { domain: Domain; actionData: unknown }) {
  const pending = usePendingIntent("domain-check");
  const notice = (replyFor(actionData, "domain-check") ?? replyFor(actionData, "domain-release"))?.notice;
  return (
    <SettingsCard title="Your blog's domain" description="Your hosted blog, served at your own address.">
      <div className="flex flex-col gap-5">
        <DomainStatus domain={domain} />
        {notice ? <FormMessage {...notice} /> : null}
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Records to add</h3>
          <p className="mt-1 text-xs text-slate-600">
            Some DNS providers add your domain to the name themselves: then enter only the part before it.
          </p>
          <div className="mt-2">
            <RecordsTable records={domain.records} />
            <RecordsList records={domain.records} />
          </div>
          <p className="mt-2 text-sm text-slate-600" data-testid="domain-checked-at">
            {domain.checkedAtText ? `Last checked ${domain.checkedAtText}.` : "Not checked yet."}
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Form method="post" action={TAB}>
            <IntentInput intent="domain-check" />
            <StatusButton pending={pending} pendingLabel="Checking…">
              Check records
            </StatusButton>
          </Form>
          <Button asChild variant="secondary">
            <Link to={`${TAB}&release=1`} preventScrollReset>
              Release domain
            </Link>
          </Button>
        </div>
      </div>
    </SettingsCard>
  );
}
