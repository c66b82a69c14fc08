import { Form, Link } from "react-router";
import { z } from "zod";
import { FormMessage } from "#app/components/forms";
import { StatusButton } from "#app/components/ui/button";
import { confirmEmailChange, findEmailChange } from "#app/modules/account/account.server";
import { authContext } from "#app/modules/auth/guards.server";
import { getDb } from "#app/db/client.server";
import { parseSubmission } from "#app/utils/forms.server";
import { useIsPending } from "#app/utils/use-is-pending";
import type { Route } from "./+types/confirm-email";

export const handle = { breadcrumb: "Account" };

export const meta: Route.MetaFunction = () => [{ title: "Confirm email change | Inkpilot" }];

/**
 * The link from the change-email mail. GET only shows what will change (mail
 * scanners follow links); the change itself is a POST by the signed-in owner.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  const change = await findEmailChange(getDb(), context.get(authContext).user.id, token);
  return change ? { state: "ready" as const, token, newEmail: change.newEmail } : { state: "invalid" as const, token: "", newEmail: "" };
}

// A missing token is an invalid link like any other.
const ConfirmSchema = z.object({ token: z.string().default("") });

export async function action({ request, context }: Route.ActionArgs) {
  const { submission } = await parseSubmission(request, ConfirmSchema);
  const token = submission.status === "success" ? submission.value.token : "";
  const auth = context.get(authContext);
  const result = await confirmEmailChange(getDb(), { userId: auth.user.id, sessionId: auth.sessionId }, token);
  return result.ok ? { state: "done" as const, email: result.email } : { state: result.reason };
}

export default function ConfirmEmailPage({ loaderData, actionData }: Route.ComponentProps) {
  const pending = useIsPending();
  let body: React.ReactNode;
  if (actionData?.state === "done") {
    body = (
      <FormMessage
        tone="success"
        title="Email updated"
        description={`Your account's email address is now ${actionData.email}. Use it the next time you sign in. For your security, you were signed out on your other devices, and your previous address got a notice with a link to undo the change.`}
      />
    );
  } else if (actionData?.state === "taken") {
    body = <FormMessage title="Email already in use" description="Another account uses this address now, so the change was not made." />;
  } else if (actionData?.state === "invalid" || loaderData.state === "invalid") {
    body = (
      <FormMessage
        title="Invalid or expired link"
        description="This email change link is invalid, was already used, or has expired. Request a new one from your account page."
      />
    );
  } else {
    body = (
      <Form method="post" className="flex flex-col gap-4">
        <input type="hidden" name="token" value={loaderData.token} />
        <p className="text-sm text-slate-700">
          Change your account's email address to <span className="font-semibold text-slate-900">{loaderData.newEmail}</span>?
        </p>
        <div>
          <StatusButton pending={pending} pendingLabel="Confirming...">
            Confirm new email
          </StatusButton>
        </div>
      </Form>
    );
  }
  return (
    <div className="mx-auto max-w-xl">
      <h1 className="text-2xl font-bold tracking-tight">Confirm email change</h1>
      <div className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">{body}</div>
      <p className="mt-4 text-sm">
        <Link to="/dashboard/account" className="text-brand-600 hover:underline">
          Back to your account
        </Link>
      </p>
    </div>
  );
}
