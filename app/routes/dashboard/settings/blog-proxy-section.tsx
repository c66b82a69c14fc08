import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, Link } from "react-router";
import { CopyButton } from "#app/components/copy-button";
import { Field, FormMessage, useSchemaForm } from "#app/components/forms";
import { IntentInput, SettingsCard, usePendingIntent } from "#app/components/settings-ui";
import { Button, StatusButton } from "#app/components/ui/button";
import { DialogCancel, UrlDialog } from "#app/components/url-dialog";
import { cn } from "#app/utils/cn";
import { replyFor } from "#app/utils/form-reply";
import { BlogProxySchema } from "./blog-schema";
import type { BlogTabData } from "./blog-data.server";

/**
 * The Blog tab's part for the hosted blog under a path of the customer's own site, served by their reverse proxy
 * (docs/decisions/078-blog-behind-a-proxy.md): a form for the address; then its status, where the proxy forwards
 * to and with which token, the recipes filled in with this blog's values, Check and Release (behind
 * ?release-proxy=1). Plain form posts throughout.
 */

const TAB = "?tab=blog";
type Proxy = NonNullable<BlogTabData["proxy"]>;

const STATUS = {
  pending: { label: "Waiting for your proxy", tone: "bg-amber-50 text-amber-900 ring-amber-200" },
  active: { label: "Active", tone: "bg-emerald-50 text-emerald-800 ring-emerald-200" },
} as const;

export function ProxyConnectCard({ actionData }: { actionData: unknown }) {
  const reply = replyFor(actionData, "proxy-connect");
  const pending = usePendingIntent("proxy-connect");
  const [form, fields] = useSchemaForm(BlogProxySchema, { id: "proxy-connect", lastResult: reply?.result });
  return (
    <SettingsCard
      title="Or show it under your own site's path"
      description="For yourcompany.com/blog: your site's reverse proxy (nginx, Cloudflare Workers, Vercel) forwards that path to your blog."
    >
      <Form method="post" action={TAB} {...getFormProps(form)} aria-label="Serve under your site's path" className="flex flex-col gap-4">
        <IntentInput intent="proxy-connect" />
        {reply?.notice ? <FormMessage {...reply.notice} /> : null}
        <Field
          label="Address on your site"
          hint="The https address visitors will use, such as https://yourcompany.com/blog."
          errors={fields.publicUrl.errors}
          inputProps={{
            ...getInputProps(fields.publicUrl, { type: "text" }),
            placeholder: "https://yourcompany.com/blog",
            autoComplete: "off",
            spellCheck: false,
            autoCapitalize: "none",
          }}
          className="max-w-md"
        />
        <div>
          <StatusButton variant="secondary" pending={pending} pendingLabel="Saving…">
            Use this address
          </StatusButton>
        </div>
      </Form>
    </SettingsCard>
  );
}

const codeClass = "font-mono text-xs break-all text-slate-900";

function Forwarding({ proxy }: { proxy: Proxy }) {
  return (
    <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[11rem_1fr]">
      <dt className="text-slate-600">Forward {new URL(proxy.publicUrl).pathname}/… to</dt>
      <dd className="flex min-w-0 flex-wrap items-center gap-2">
        <code className={codeClass}>{proxy.blogUrl}/…</code>
        <CopyButton value={proxy.blogUrl} label="Copy the blog's address" />
      </dd>
      <dt className="text-slate-600">Inkpilot-Proxy-Token</dt>
      <dd className="flex min-w-0 flex-wrap items-center gap-2">
        <code className={cn(codeClass, "select-all")} data-testid="proxy-token">
          {proxy.token}
        </code>
        <CopyButton value={proxy.token} label="Copy the token" />
      </dd>
      <dt className="text-slate-600">Also send</dt>
      <dd className="text-slate-700">
        <code className={codeClass}>X-Forwarded-Host</code> (your site&apos;s host) and{" "}
        <code className={codeClass}>X-Forwarded-Prefix</code> (<code className={codeClass}>{new URL(proxy.publicUrl).pathname}</code>)
      </dd>
    </dl>
  );
}

function Recipes({ proxy }: { proxy: Proxy }) {
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold text-slate-900">Recipes, filled in for this blog</h3>
      {proxy.recipes.map((recipe) => (
        <details key={recipe.id} className="rounded-lg border border-slate-200" data-testid={`recipe-${recipe.id}`}>
          <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-slate-900">
            {recipe.name} <span className="font-normal text-slate-600">({recipe.where})</span>
          </summary>
          <div className="flex flex-col gap-2 border-t border-slate-200 p-3">
            <pre className="overflow-x-auto rounded bg-slate-50 p-3 text-xs text-slate-900" tabIndex={0}>
              <code>{recipe.text}</code>
            </pre>
            <div>
              <CopyButton value={recipe.text} label={`Copy the ${recipe.name} recipe`} />
            </div>
          </div>
        </details>
      ))}
    </div>
  );
}

export function ProxyCard({ proxy, actionData }: { proxy: Proxy; actionData: unknown }) {
  const pending = usePendingIntent("proxy-check");
  const notice = (replyFor(actionData, "proxy-check") ?? replyFor(actionData, "proxy-release"))?.notice;
  const status = STATUS[proxy.status];
  return (
    <SettingsCard title="Your blog on your site" description="Your hosted blog, shown under a path of your own site by its proxy.">
      <div className="flex flex-col gap-5">
        <div className="flex flex-wrap items-center gap-3">
          <p className="font-mono text-base font-semibold break-all text-slate-900">{proxy.publicUrl}</p>
          <span data-testid="proxy-status" className={cn("rounded-full px-2.5 py-0.5 text-xs font-medium ring-1", status.tone)}>
            {status.label}
          </span>
        </div>
        <p className="text-sm text-slate-700">
          {proxy.status === "active"
            ? "Visitors read your blog on your site; its old address on Inkpilot sends them there. Keep the proxy rule as it is."
            : "Set up your proxy with these values, then check: Inkpilot fetches a check file through your address."}
        </p>
        {notice ? <FormMessage {...notice} /> : null}
        {proxy.lastError && !notice ? <FormMessage tone="info" title="Last check" description={proxy.lastError} /> : null}
        <Forwarding proxy={proxy} />
        <Recipes proxy={proxy} />
        <p className="text-sm text-slate-600" data-testid="proxy-checked-at">
          {proxy.checkedAtText ? `Last checked ${proxy.checkedAtText}.` : "Not checked yet."}
        </p>
        <div className="flex flex-wrap gap-3">
          <Form method="post" action={TAB}>
            <IntentInput intent="proxy-check" />
            <StatusButton pending={pending} pendingLabel="Checking…">
              Check my proxy
            </StatusButton>
          </Form>
          <Button asChild variant="secondary">
            <Link to={`${TAB}&release-proxy=1`} preventScrollReset>
              Release address
            </Link>
          </Button>
        </div>
      </div>
    </SettingsCard>
  );
}

export function ProxyReleaseDialog({ proxy }: { proxy: Proxy }) {
  const pending = usePendingIntent("proxy-release");
  return (
    <UrlDialog title={`Release ${proxy.publicUrl}?`} closeTo={TAB}>
      <p className="text-sm text-slate-700">
        Your blog stops answering for {proxy.publicUrl} and is back at {proxy.blogUrl} on Inkpilot. Remove the rule from your proxy
        afterwards.
      </p>
      <Form method="post" action={TAB} className="mt-4 flex justify-end gap-2">
        <IntentInput intent="proxy-release" />
        <DialogCancel />
        <StatusButton variant="destructive" pending={pending} pendingLabel="Releasing…">
          Release address
        </StatusButton>
      </Form>
    </UrlDialog>
  );
}
