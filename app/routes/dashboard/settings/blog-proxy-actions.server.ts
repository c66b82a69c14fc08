import type { RequestInfo } from "#app/context";
import type { DB } from "#app/db/client.server";
import type { AuthState } from "#app/modules/auth/guards.server";
import { consumeNamedLimit, RATE_LIMIT_MESSAGE } from "#app/modules/auth/rate-limit.server";
import { blogProxyOf, checkBlogProxy, connectBlogProxy, releaseBlogProxy } from "#app/modules/hosted-blog/blog-proxy.server";
import { parseSubmission, replyError, replyNotice } from "#app/utils/forms.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { hostedBlogPathOf } from "./blog-data.server";
import { BlogProxySchema } from "./blog-schema";

/**
 * The Blog tab's actions for the blog under a path of the customer's site (docs/decisions/078-blog-behind-a-proxy.md):
 * use an address, check it through the customer's proxy, release it. The caller checked blog.manage.
 */

const TAB = "/dashboard/settings?tab=blog";
/** Each check fetches the customer's site; a handful in a few minutes is plenty while setting the proxy up. */
const CHECK_LIMIT = { points: 10, duration: 10 * 60 };

export type ProxyForm = { db: DB; auth: AuthState; formData: FormData; request: RequestInfo };

const tenantOf = ({ auth }: ProxyForm) => ({ workspaceId: auth.workspace.id, siteId: auth.site.id });
const actorOf = ({ auth, request }: ProxyForm) => ({ userId: auth.user.id, ip: request.ip ?? null });

export async function connectProxy(form: ProxyForm) {
  const { submission } = await parseSubmission(form.formData, BlogProxySchema);
  if (submission.status !== "success") return replyError(submission);
  if (!(await hostedBlogPathOf(form.db, form.auth.site.id)))
    return replyError(submission, {
      status: 409,
      notice: { title: "Address not saved", description: "This site's hosted blog is off. Turn it on first." },
    });
  const saved = await connectBlogProxy(form.db, tenantOf(form), submission.value.publicUrl, actorOf(form));
  if (!saved.ok) return replyError(submission, { fieldErrors: { publicUrl: [saved.message] } });
  return redirectWithToast(TAB, {
    title: "Address saved",
    description: "Set up your proxy with one of the recipes shown, then check it here.",
  });
}

export async function checkProxy(form: ProxyForm) {
  const { db, auth, request } = form;
  if (!(await consumeNamedLimit("blog-proxy-check", CHECK_LIMIT, auth.site.id)))
    return replyNotice("proxy-check", { title: "Not checked", description: RATE_LIMIT_MESSAGE }, { status: 429 });
  const checked = await checkBlogProxy(db, auth.site.id, request.requestId);
  if (!checked.ok)
    return replyNotice(
      "proxy-check",
      { title: "Your proxy did not answer for the blog yet", description: checked.message },
      { status: 422 },
    );
  const proxy = (await blogProxyOf(db, auth.site.id))!;
  return redirectWithToast(TAB, { title: "Your blog is live on your site", description: `${proxy.publicUrl}` });
}

export async function releaseProxy(form: ProxyForm) {
  const proxy = await blogProxyOf(form.db, form.auth.site.id);
  const released = await releaseBlogProxy(form.db, tenantOf(form), actorOf(form), form.request.requestId);
  if (!released.ok) return replyNotice("proxy-release", { title: "Address not released", description: released.message }, { status: 404 });
  return redirectWithToast(TAB, {
    title: "Address released",
    description: `${proxy!.publicUrl} no longer shows your blog. Remove the proxy rule from your site.`,
  });
}
