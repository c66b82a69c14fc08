import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, Link, redirect } from "react-router";
import { z } from "zod";
import { Field, FormMessage, useSchemaForm } from "#app/components/forms";
import { StatusButton } from "#app/components/ui/button";
import { requestContext } from "#app/context";
import { getDb } from "#app/db/client.server";
import { hashPassword } from "#app/modules/auth/auth.server";
import { getOptionalAuth } from "#app/modules/auth/guards.server";
import { NewPasswordSchema } from "#app/modules/auth/password-policy.server";
import { consumeRateLimit, RATE_LIMIT_MESSAGE } from "#app/modules/auth/rate-limit.server";
import { recordSignIn, startSession } from "#app/modules/auth/session.server";
import { ROLE_LABELS } from "#app/modules/auth/permissions";
import { InviteSignUpSchema } from "#app/modules/workspaces/team-forms";
import { acceptInvitation, findInvitation, signUpFromInvitation } from "#app/modules/workspaces/team.server";
import { chooseSite } from "#app/modules/workspaces/sites.server";
import { parseSubmission, replyError } from "#app/utils/forms.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { useIsPending } from "#app/utils/use-is-pending";
import type { Route } from "./+types/invite";

/**
 * The link of an invitation mail, /invite?token=… (docs/decisions/044): signed
 * in, Accept joins with this account; signed out, the invitee creates the
 * account for the invited address here, or signs in and comes back.
 * Looking never uses the link; joining does, once.
 */

export const meta: Route.MetaFunction = () => [{ title: "Invitation | Inkpilot" }];

const INVALID = {
  title: "This invitation cannot be used",
  message: "The link is invalid, expired, revoked or already used. Ask the person who invited you to send a new one.",
};

export async function loader({ request, url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  const db = getDb();
  const invitation = await findInvitation(db, token);
  if (!invitation || invitation.state !== "valid") return { valid: false as const };
  const auth = await getOptionalAuth(request, db);
  const hasAccount = auth
    ? true
    : Boolean(await db.selectFrom("users").select("id").where("email", "=", invitation.email).executeTakeFirst());
  const back = `/invite?token=${encodeURIComponent(token)}`;
  return {
    valid: true as const,
    token,
    invitation: {
      email: invitation.email,
      role: ROLE_LABELS[invitation.role],
      workspaceName: invitation.workspaceName,
      inviterName: invitation.inviterName,
    },
    signedInAs: auth?.user.email ?? null,
    hasAccount,
    signinHref: `/signin?email=${encodeURIComponent(invitation.email)}&redirectTo=${encodeURIComponent(back)}`,
  };
}

/** Which of the page's two forms was posted (accept signed in, or create the account), for which invitation. */
const InviteIntentSchema = z.object({ token: z.string().optional(), intent: z.string().optional() });

export async function action({ request, context }: Route.ActionArgs) {
  const db = getDb();
  const ip = context.get(requestContext).ip ?? null;
  const { formData, submission: chosen } = await parseSubmission(request, InviteIntentSchema);
  const { token = "", intent } = chosen.status === "success" ? chosen.value : {};
  if (intent === "accept") {
    const auth = await getOptionalAuth(request, db);
    if (!auth) return redirect(`/signin?redirectTo=${encodeURIComponent(`/invite?token=${encodeURIComponent(token)}`)}`);
    const joined = await acceptInvitation(db, token, { id: auth.user.id, ip });
    if (!joined)
      return redirectWithToast(`/invite?token=${encodeURIComponent(token)}`, {
        type: "error",
        title: INVALID.title,
        description: INVALID.message,
      });
    await chooseSite(db, auth.sessionId, auth.user.id, joined.siteId);
    return redirectWithToast("/dashboard", { title: "Invitation accepted", description: "You are now a member of this workspace." });
  }
  const { submission } = await parseSubmission(formData, InviteSignUpSchema.extend({ password: NewPasswordSchema }));
  if (submission.status !== "success") return replyError(submission, { hideFields: ["password"] });
  const invitation = await findInvitation(db, token);
  if (!(await consumeRateLimit("signup", { ip: ip ?? undefined, email: invitation?.email })))
    return replyError(submission, {
      status: 429,
      hideFields: ["password"],
      notice: { title: "Signup failed", description: RATE_LIMIT_MESSAGE },
    });
  const result = await signUpFromInvitation(
    db,
    token,
    { fullName: submission.value.fullName, passwordHash: await hashPassword(submission.value.password) },
    ip,
  );
  if (!result.ok)
    return replyError(submission, {
      hideFields: ["password"],
      notice:
        result.reason === "exists"
          ? { title: "Account exists", description: "An account with this email already exists. Please sign in instead." }
          : { title: INVALID.title, description: INVALID.message },
    });
  await recordSignIn(db, result.userId);
  const cookie = await startSession(db, result.userId, request, ip ?? undefined, { currentSiteId: result.siteId });
  return redirectWithToast(
    "/dashboard",
    { title: "Welcome to Inkpilot!", description: "Your account is ready and you joined the workspace." },
    { headers: { "Set-Cookie": cookie } },
  );
}

function SignUpForm({ token, reply }: { token: string; reply: Route.ComponentProps["actionData"] }) {
  const pending = useIsPending();
  const [form, fields] = useSchemaForm(InviteSignUpSchema, { id: "invite-signup", lastResult: reply?.result, defaultValue: { token } });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 flex flex-col gap-4" aria-label="Create your account">
      {reply?.notice ? <FormMessage {...reply.notice} /> : null}
      <input type="hidden" name="token" value={token} />
      <Field
        label="Your name"
        errors={fields.fullName.errors}
        inputProps={{ ...getInputProps(fields.fullName, { type: "text" }), autoComplete: "name" }}
      />
      <Field
        label="Password"
        errors={fields.password.errors}
        inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }}
      />
      <StatusButton pending={pending} pendingLabel="Creating account...">
        Create account and join
      </StatusButton>
    </Form>
  );
}

export default function InvitePage({ loaderData, actionData }: Route.ComponentProps) {
  const pending = useIsPending();
  if (!loaderData.valid)
    return (
      <>
        <h1 className="text-2xl font-bold text-slate-900">{INVALID.title}</h1>
        <p className="mt-2 text-sm text-slate-600">{INVALID.message}</p>
        <Link to="/dashboard" className="mt-6 inline-block text-sm font-medium text-brand-700 hover:underline">
          Go to the dashboard
        </Link>
      </>
    );
  const { invitation, token, signedInAs, hasAccount, signinHref } = loaderData;
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Join {invitation.workspaceName}</h1>
      <p className="mt-1 text-sm text-slate-600">
        {invitation.inviterName ?? "A member"} invited {invitation.email} to work on {invitation.workspaceName} as {invitation.role}.
      </p>
      {signedInAs ? (
        <Form method="post" className="mt-6 flex flex-col gap-3">
          <input type="hidden" name="intent" value="accept" />
          <input type="hidden" name="token" value={token} />
          <p className="text-sm text-slate-700">
            You are signed in as <strong>{signedInAs}</strong>; this account joins.
          </p>
          <StatusButton pending={pending} pendingLabel="Joining...">
            Accept invitation
          </StatusButton>
        </Form>
      ) : hasAccount ? (
        <p className="mt-6 text-sm text-slate-700">
          You already have an account.{" "}
          <Link to={signinHref} className="font-medium text-brand-700 hover:underline">
            Sign in to accept
          </Link>
        </p>
      ) : (
        <>
          <SignUpForm token={token} reply={actionData} />
          <p className="mt-4 text-sm text-slate-600">
            Already have an account with another address?{" "}
            <Link to={signinHref} className="font-medium text-brand-700 hover:underline">
              Sign in
            </Link>
          </p>
        </>
      )}
    </>
  );
}
