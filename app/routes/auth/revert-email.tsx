import { data, Form, Link } from "react-router";
import { FormMessage } from "#app/components/forms";
import { Button, StatusButton } from "#app/components/ui/button";
import { getDb } from "#app/db/client.server";
import { findEmailRevert, revertEmailChange } from "#app/modules/account/account.server";
import { endSession } from "#app/modules/auth/session.server";
import { parseSubmission } from "#app/utils/forms.server";
import { useIsPending } from "#app/utils/use-is-pending";
import { TokenFormSchema } from "./shared";
import type { Route } from "./+types/revert-email";

export const meta: Route.MetaFunction = () => [{ title: "Restore your email address | Inkpilot" }];

/**
 * The link mailed to the old address when an email change is confirmed. GET
 * only shows what will be restored (mail scanners follow links); the POST
 * restores it and signs the account out everywhere. No session is needed.
 */
export async function loader({ url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  const revert = token ? await findEmailRevert(getDb(), token) : null;
  return revert ? { state: "ready" as const, token, oldEmail: revert.oldEmail } : { state: "invalid" as const, token: "", oldEmail: "" };
}

export async function action({ request }: Route.ActionArgs) {
  const { submission } = await parseSubmission(request, TokenFormSchema);
  const token = submission.status === "success" ? submission.value.token : "";
  const db = getDb();
  const result = token ? await revertEmailChange(db, token) : ({ ok: false, reason: "invalid" } as const);
  if (!result.ok) return data({ state: result.reason, email: "" }, { status: 400 });
  // Every session of the account ended; this browser's cookie goes too.
  return data({ state: "done" as const, email: result.email }, { headers: { "Set-Cookie": await endSession(db, request) } });
}

export default function RevertEmail({ loaderData, actionData }: Route.ComponentProps) {
  const isPending = useIsPending();
  const state = actionData?.state ?? loaderData.state;

  if (state === "done") {
    return (
      <>
        <h1 className="text-2xl font-bold text-slate-900">Email address restored</h1>
        <div className="mt-6">
          <FormMessage
            tone="success"
            title="Email address restored"
            description={`Your account's email address is ${actionData?.email} again, and we signed it out on every device. If you did not make the change, someone may know your password: choose a new one now.`}
          />
        </div>
        <Button asChild className="mt-6 w-full">
          <Link to="/forgot-password">Choose a new password</Link>
        </Button>
        <p className="mt-4 text-center text-sm">
          <Link to="/signin" className="text-brand-600 hover:underline">
            Sign in
          </Link>
        </p>
      </>
    );
  }

  if (state === "taken") {
    return (
      <>
        <h1 className="text-2xl font-bold text-slate-900">Address in use</h1>
        <div className="mt-6">
          <FormMessage
            title="Email address in use"
            description="Another account uses this address now, so it could not be restored. Please contact support and we will help you get your account back."
          />
        </div>
      </>
    );
  }

  if (state === "invalid") {
    return (
      <>
        <h1 className="text-2xl font-bold text-slate-900">Invalid or expired link</h1>
        <div className="mt-6">
          <FormMessage
            title="Invalid or expired link"
            description="This link is invalid, was already used, or is more than 7 days old. If someone else changed your email address, please contact support."
          />
        </div>
      </>
    );
  }

  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Restore your email address</h1>
      <p className="mt-2 text-sm text-slate-600">
        Change your account&apos;s email address back to <span className="font-semibold text-slate-900">{loaderData.oldEmail}</span>? We
        will sign the account out on every device; then you can choose a new password.
      </p>
      <Form method="post" className="mt-6">
        <input type="hidden" name="token" value={loaderData.token} />
        <StatusButton pending={isPending} pendingLabel="Restoring…" className="w-full">
          Restore my email address
        </StatusButton>
      </Form>
    </>
  );
}
