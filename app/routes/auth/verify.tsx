import { useEffect, useRef } from "react";
import { Form, Link, useSubmit } from "react-router";
import { Button, StatusButton } from "#app/components/ui/button";
import { requestContext } from "#app/context";
import { getDb } from "#app/db/client.server";
import { verifyEmailToken } from "#app/modules/auth/auth.server";
import { safeRedirectPath } from "#app/modules/auth/guards.server";
import { lookupSession, recordSignIn, startSession } from "#app/modules/auth/session.server";
import { clearSignupBrowserCookie, readSignupBrowser } from "#app/modules/auth/signup-browser.server";
import { parseSubmission } from "#app/utils/forms.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { useIsPending } from "#app/utils/use-is-pending";
import { TokenFormSchema } from "./shared";
import type { Route } from "./+types/verify";

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

/** In the browser that signed up, the one use that verifies also signs in (docs/decisions/034). */
export async function action({ request, context }: Route.ActionArgs) {
  const { submission } = await parseSubmission(request, TokenFormSchema);
  const token = submission.status === "success" ? submission.value.token : "";
  if (!token) return { outcome: "invalid" as const };
  const db = getDb();
  const { outcome, signIn } = await verifyEmailToken(db, token, await readSignupBrowser(request));
  if (!signIn) return { outcome };
  const { greeting } = await recordSignIn(db, signIn.userId);
  const headers = new Headers();
  headers.append("Set-Cookie", await startSession(db, signIn.userId, request, context.get(requestContext).ip));
  headers.append("Set-Cookie", await clearSignupBrowserCookie());
  return redirectWithToast(safeRedirectPath(signIn.next), { type: "success", title: "Email Verified", description: greeting }, { headers });
}

function Outcome({
  title,
  message,
  tone,
  children,
}: {
  title: string;
  message: string;
  tone: "error" | "done";
  children: React.ReactNode;
}) {
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p
        role={tone === "error" ? "alert" : "status"}
        className={tone === "error" ? "mt-3 text-sm text-red-800" : "mt-3 text-sm text-slate-700"}
      >
        {message}
      </p>
      {children}
    </>
  );
}

function ContinueLink({ signedIn }: { signedIn: boolean }) {
  return (
    <Button asChild className="mt-6 w-full">
      {signedIn ? <Link to="/dashboard">Go to your dashboard</Link> : <Link to="/signin">Continue to sign in</Link>}
    </Button>
  );
}

function ResendLink() {
  return (
    <Button asChild variant="secondary" className="mt-6 w-full">
      <Link to="/resend-verification">Send a new verification email</Link>
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

  // Each outcome says its title once, as the heading, and its words from docs/product.md beneath.
  if (!token) {
    return (
      <Outcome title="Verification Failed" message="No verification token provided" tone="error">
        <ResendLink />
      </Outcome>
    );
  }
  if (outcome === "verified") {
    return (
      <Outcome
        title="Email Verified"
        message={signedIn ? "Your email address is verified." : "Your email address is verified. You can now sign in."}
        tone="done"
      >
        <ContinueLink signedIn={signedIn} />
      </Outcome>
    );
  }
  if (outcome === "already-verified") {
    return (
      <Outcome title="Email already verified" message="Your email address was already verified. You can sign in." tone="done">
        <ContinueLink signedIn={signedIn} />
      </Outcome>
    );
  }
  if (outcome === "invalid") {
    return (
      <Outcome title="Verification Failed" message="The verification link is invalid or expired" tone="error">
        <ResendLink />
      </Outcome>
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
