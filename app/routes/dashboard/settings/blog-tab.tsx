import { Link } from "react-router";
import { SettingsCard } from "#app/components/settings-ui";
import { ConnectForm, DomainCard, ReleaseDialog } from "./blog-domain-section";
import { ProxyCard, ProxyConnectCard, ProxyReleaseDialog } from "./blog-proxy-section";
import { ThemeSection } from "./blog-theme-section";
import type { BlogTabData } from "./blog-data.server";

/**
 * The Blog tab: the blog's theme (blog-theme-section.tsx, docs/decisions/077-blog-themes.md), and the hosted blog
 * on the customer's own domain (blog-domain-section.tsx, docs/decisions/076-blog-custom-domains.md) or under a path
 * of their own site behind their proxy (blog-proxy-section.tsx, docs/decisions/078).
 */

function NoHostedBlog() {
  return (
    <p className="text-sm text-slate-700">
      This site&apos;s hosted blog is off, so there is no blog to serve on a domain.{" "}
      <Link to="/dashboard/settings?tab=integrations" className="font-medium text-brand-700 hover:underline">
        Turn the hosted blog on in Integrations
      </Link>
      .
    </p>
  );
}

export function BlogTab({ view, actionData }: { view: BlogTabData; actionData: unknown }) {
  const { blogUrl, domain, proxy } = view;
  return (
    <div className="flex flex-col gap-6">
      {!blogUrl ? (
        <SettingsCard title="Hosted blog is off">
          <NoHostedBlog />
        </SettingsCard>
      ) : null}
      {blogUrl ? <ThemeSection theme={view.theme} actionData={actionData} /> : null}
      {domain ? <DomainCard domain={domain} actionData={actionData} /> : null}
      {proxy ? <ProxyCard proxy={proxy} actionData={actionData} /> : null}
      {!domain && !proxy && blogUrl ? (
        <>
          <SettingsCard title="Connect a domain" description="Serve your hosted blog at an address of your own.">
            <ConnectForm blogUrl={blogUrl} actionData={actionData} />
          </SettingsCard>
          <ProxyConnectCard actionData={actionData} />
        </>
      ) : null}
      {domain && view.release ? <ReleaseDialog domain={domain} blogUrl={blogUrl} /> : null}
      {proxy && view.releaseProxy ? <ProxyReleaseDialog proxy={proxy} /> : null}
    </div>
  );
}
