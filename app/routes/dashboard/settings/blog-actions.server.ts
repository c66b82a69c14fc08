import type { RequestInfo } from "#app/context";
import { getDb, type DB } from "#app/db/client.server";
import { requirePermission, type AuthState } from "#app/modules/auth/guards.server";
import { consumeNamedLimit, RATE_LIMIT_MESSAGE } from "#app/modules/auth/rate-limit.server";
import {
  blogDomainOf,
  CERTIFICATE_FAILED,
  checkBlogDomain,
  connectBlogDomain,
  releaseBlogDomain,
  type BlogDomainView,
} from "#app/modules/hosted-blog/custom-domain.server";
import { setBlogTheme } from "#app/modules/hosted-blog/appearance.server";
import { BLOG_THEMES } from "#app/modules/hosted-blog/themes";
import { parseSubmission, readFormData, replyError, replyNotice } from "#app/utils/forms.server";
import { redirectWithToast, type Toast } from "#app/utils/toast.server";
import { UNKNOWN_ACTION, UNREADABLE_FORM } from "./account-actions.server";
import { hostedBlogPathOf } from "./blog-data.server";
import { checkProxy, connectProxy, releaseProxy } from "./blog-proxy-actions.server";
import { BlogDomainSchema, BlogThemeSchema } from "./blog-schema";

/**
 * The Blog tab's actions: choose the blog's theme (docs/decisions/077-blog-themes.md); connect a domain, check its
 * records, release it (docs/decisions/076-blog-custom-domains.md); the same for an address on the customer's own
 * site behind their proxy (blog-proxy-actions.server.ts, docs/decisions/078). Owners and admins only. Success redirects back to the tab with a toast (the release confirmation's
 * ?release=1 dropped); a refusal answers the form's reply, so everything works as plain form posts.
 */

const TAB = "/dashboard/settings?tab=blog";
/**
 * Each check makes live DNS lookups and may call Fly's API; a handful in a few minutes is plenty while waiting for
 * DNS, and the limit is per site, so several members clicking share it.
 */
const CHECK_LIMIT = { points: 10, duration: 10 * 60 };

type BlogForm = { db: DB; auth: AuthState; formData: FormData; request: RequestInfo };

export async function blogTabAction(request: Request, auth: AuthState, info: RequestInfo) {
  requirePermission(auth, "blog.manage");
  const formData = await readFormData(request);
  if (!formData) return replyNotice(null, UNREADABLE_FORM);
  const form: BlogForm = { db: getDb(), auth, formData, request: info };
  switch (formData.get("intent")) {
    case "blog-theme":
      return chooseTheme(form);
    case "domain-connect":
      return connect(form);
    case "domain-check":
      return check(form);
    case "domain-release":
      return release(form);
    case "proxy-connect":
      return connectProxy(form);
    case "proxy-check":
      return checkProxy(form);
    case "proxy-release":
      return releaseProxy(form);
    default:
      return replyNotice(null, UNKNOWN_ACTION);
  }
}

const actorOf = ({ auth, request }: BlogForm) => ({ userId: auth.user.id, ip: request.ip ?? null });

/** A theme the form did not offer changes nothing; choosing the current one again writes and audits nothing. */
async function chooseTheme(form: BlogForm) {
  const { db, auth, formData } = form;
  const { submission } = await parseSubmission(formData, BlogThemeSchema);
  if (submission.status !== "success") return replyError(submission);
  const { theme } = submission.value;
  const changed = await setBlogTheme(db, { workspaceId: auth.workspace.id, siteId: auth.site.id }, theme, actorOf(form));
  const name = BLOG_THEMES.find((t) => t.id === theme)!.name;
  return redirectWithToast(
    TAB,
    changed
      ? { title: `Your blog now uses ${name}`, description: "Readers see it within a minute." }
      : { type: "info", title: `${name} is already your blog's theme` },
  );
}

async function connect(form: BlogForm) {
  const { db, auth, formData } = form;
  const { submission } = await parseSubmission(formData, BlogDomainSchema);
  if (submission.status !== "success") return replyError(submission);
  // A domain serves the hosted blog, so there must be one to serve.
  if (!(await hostedBlogPathOf(db, auth.site.id)))
    return replyError(submission, {
      status: 409,
      notice: { title: "Domain not connected", description: "This site's hosted blog is off. Turn it on first." },
    });
  const connected = await connectBlogDomain(
    db,
    { workspaceId: auth.workspace.id, siteId: auth.site.id },
    submission.value.hostname,
    actorOf(form),
  );
  if (!connected.ok) return replyError(submission, { fieldErrors: { hostname: [connected.message] } });
  return redirectWithToast(TAB, {
    title: "Domain connected",
    description: "Add the records shown at your DNS provider, then check them here.",
  });
}

/** What a finished check found, in the words of its toast. */
function checkedToast(view: BlogDomainView): Toast {
  if (view.status === "active") return { title: "Your blog is live on its domain", description: `https://${view.hostname}/` };
  if (view.status === "issuing")
    return { title: "Records found", description: "The certificate is being issued. Check again in a few minutes." };
  const missing = view.records.filter((r) => !r.ok).length;
  if (!missing)
    return {
      type: "info",
      title: "Records found",
      description: "This installation cannot issue certificates, so the domain is not served yet.",
    };
  return {
    type: "info",
    title: "Records not in place yet",
    description: `${missing} of ${view.records.length} records are missing or wrong. Each one says what to change.`,
  };
}

async function check(form: BlogForm) {
  const { db, auth, request } = form;
  if (!(await consumeNamedLimit("blog-domain-check", CHECK_LIMIT, auth.site.id)))
    return replyNotice("domain-check", { title: "Records not checked", description: RATE_LIMIT_MESSAGE }, { status: 429 });
  const checked = await checkBlogDomain(db, auth.site.id, request.requestId);
  if (!checked.ok) {
    // The certificate service failed: the records' findings are saved and shown beside the notice.
    const status = checked.message === CERTIFICATE_FAILED ? 502 : 404;
    return replyNotice("domain-check", { title: "Check incomplete", description: checked.message }, { status });
  }
  return redirectWithToast(TAB, checkedToast((await blogDomainOf(db, auth.site.id))!));
}

async function release(form: BlogForm) {
  const { db, auth, request } = form;
  const domain = await blogDomainOf(db, auth.site.id);
  const released = await releaseBlogDomain(db, { workspaceId: auth.workspace.id, siteId: auth.site.id }, actorOf(form), request.requestId);
  if (!released.ok)
    return replyNotice("domain-release", { title: "Domain not released", description: released.message }, { status: domain ? 502 : 404 });
  return redirectWithToast(TAB, {
    title: "Domain released",
    description: `${domain!.hostname} no longer serves your blog. You can remove its DNS records.`,
  });
}
