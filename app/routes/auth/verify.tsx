import { useEffect, useRef } from "react";
import { Form, Link, useSubmit } from "react-router";
import { FormMessage } from "#app/components/forms";
import { Button, StatusButton } from "#app/components/ui/button";
import { getDb } from "#app/db/client.server";
import { verifyEmailToken } from "#app/modules/auth/auth.server";
import { lookupSession } from "#app/modules/auth/session.server";
import { parseSubmission } from "#app/utils/forms.server";
import { useIsPending } from "#app/utils/use-is-pending";
import type { Route } from "./+types/verify";
import { TokenFormSchema } from "./shared";

export const meta: Route.MetaFunction = () => [{ title: "Verify your email | Inkpilot" }];

/**
 * The page only reads on GET: link scanners in mail systems open links, and
 * must not use the token up. The token is used by a POST, which the page sends
 * by itself when JavaScript runs and through a button when it does not.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  return { token, signedIn: Boolean(await lookupSession(getDb(), request)) };
}

export async function action({ request }: Route.ActionArgs) {
  const { submission } = await parseSubmission(request, TokenFormSchema);
  const token = submission.status === "success" ? submission.value.token : "";
  const outcome = token ? await verifyEmailToken(getDb(), token) : "invalid";
  return { outcome };
}

function ContinueLink({ signedIn }: { signedIn: boolean }) {
  return (
    <Button asChild className="mt-6 w-full">
      {signedIn ? <Link to="/dashboard">Go to your dashboard</Link> : <Link to="/signin">Continue to sign in</Link>}
    </Button>
  );
}

export default function Verify({ loaderData, actionData }: Route.ComponentProps) {
  const { token, signedIn } = loaderData;
  const isPending = useIsPending();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const submitted = useRef(false);
  const outcome = actionData?.outcome;

  useEffect(() => {
    if (!token || outcome || submitted.current || !formRef.current) return;
    submitted.current = true;
    void submit(formRef.current, { replace: true });
  }, [token, outcome, submit]);

  if (!token) {
    return (
      <>
        <h1 className="text-2xl font-bold text-slate-900">Verify your email</h1>
        <div className="mt-6">
          <FormMessage title="Verification Failed" description="No verification token provided" />
        </div>
        <Button asChild variant="secondary" className="mt-6 w-full">
          <Link to="/resend-verification">Send a new verification email</Link>
        </Button>
      </>
    );
  }

  if (outcome === "verified") {
    return (
      <>
        <h1 className="text-2xl font-bold text-slate-900">Email Verified</h1>
        <div className="mt-6">
          <FormMessage tone="success" title="Email Verified" description="Your email address is verified. You can now sign in." />
        </div>
        <ContinueLink signedIn={signedIn} />
      </>
    );
  }

  if (outcome === "already-verified") {
    return (
      <>
        <h1 className="text-2xl font-bold text-slate-900">Already verified</h1>
        <div className="mt-6">
          <FormMessage tone="info" title="Email already verified" description="Your email address was already verified. You can sign in." />
        </div>
        <ContinueLink signedIn={signedIn} />
      </>
    );
  }

  if (outcome === "invalid") {
    return (
      <>
        <h1 className="text-2xl font-bold text-slate-900">Verification Failed</h1>
        <div className="mt-6">
          <FormMessage title="Verification Failed" description="The verification link is invalid or expired" />
        </div>
        <Button asChild variant="secondary" className="mt-6 w-full">
          <Link to="/resend-verification">Send a new verification email</Link>
        </Button>
      </>
    );
  }

  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Verify your email</h1>
      <p className="mt-2 text-sm text-slate-600" role="status" aria-live="polite">
        {isPending ? "Verifying your email…" : "Confirm that this is your email address."}
      </p>
      <Form method="post" ref={formRef} className="mt-6">
        <input type="hidden" name="token" value={token} />
        <StatusButton pending={isPending} pendingLabel="Verifying your email…" className="w-full">
          Verify my email
        </StatusButton>
      </Form>
    </>
  );
}
