import { useId } from "react";
import { Link, useFetcher } from "react-router";
import { Field } from "#app/components/forms";
import { Button, StatusButton } from "#app/components/ui/button";
import { UrlDialog } from "#app/components/url-dialog";
import type { OnboardingState, OnboardingStep } from "#app/modules/onboarding/state.server";

/**
 * The first-run dialog: welcome → scan → success. Its step comes from the URL
 * and its forms post to /dashboard/onboarding, which redirects back with the
 * next step, so it works without JavaScript (UrlDialog renders it as a page
 * section then). Once hydrated its forms submit through a fetcher for in-place
 * pending states.
 */

const ACTION = "/dashboard/onboarding";

function stepHref(returnTo: string, step: OnboardingStep) {
  const [path, query = ""] = returnTo.split("?");
  const params = new URLSearchParams(query);
  params.set("onboarding", step);
  return `${path}?${params.toString()}`;
}

const TITLES: Record<OnboardingStep, string> = {
  welcome: "Welcome to Inkpilot!",
  scan: "Scan your website",
  success: "Website Scanned Successfully!",
};

const DESCRIPTIONS: Record<OnboardingStep, string> = {
  welcome:
    "Let's set up your brand. Inkpilot will scan your website to learn your brand name, industry, tone of voice and topics, so every article it writes sounds like you.",
  scan: "Enter the address of your website. We read its public home page to fill in your brand settings; you can change everything later in Settings.",
  success: "Here is what we found. You can refine it any time in Settings → Brand.",
};

function SkipForm({ returnTo, fetcher }: { returnTo: string; fetcher: ReturnType<typeof useFetcher> }) {
  const skipping = fetcher.state !== "idle" && fetcher.formData?.get("intent") === "skip";
  return (
    <fetcher.Form method="post" action={ACTION}>
      <input type="hidden" name="intent" value="skip" />
      <input type="hidden" name="returnTo" value={returnTo} />
      <Button type="submit" variant="ghost" disabled={skipping}>
        Skip
      </Button>
    </fetcher.Form>
  );
}

/** After a failed scan: the way to the Brand tab, which also ends onboarding (a plain form post). */
function ManualSetupForm({ fetcher }: { fetcher: ReturnType<typeof useFetcher> }) {
  const pending = fetcher.state !== "idle" && fetcher.formData?.get("intent") === "manual";
  return (
    <fetcher.Form method="post" action={ACTION} className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-slate-50 p-3">
      <input type="hidden" name="intent" value="manual" />
      <p className="text-sm text-slate-700">No luck? Enter your brand details yourself.</p>
      <StatusButton pending={pending} pendingLabel="Opening..." variant="secondary" size="sm">
        Set up manually
      </StatusButton>
    </fetcher.Form>
  );
}

function StepBody({ state }: { state: OnboardingState }) {
  const fetcher = useFetcher();
  const urlId = useId();
  const busyIntent = fetcher.state !== "idle" ? fetcher.formData?.get("intent") : null;

  if (state.step === "welcome") {
    return (
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <SkipForm returnTo={state.returnTo} fetcher={fetcher} />
        <Button asChild>
          <Link to={stepHref(state.returnTo, "scan")} preventScrollReset>
            Get Started
          </Link>
        </Button>
      </div>
    );
  }

  if (state.step === "scan") {
    return (
      <div className="flex flex-col gap-4">
        <fetcher.Form method="post" action={ACTION} className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="scan" />
          <input type="hidden" name="returnTo" value={state.returnTo} />
          <Field
            label="Website URL"
            hint="For example https://yourwebsite.com"
            // A failed scan's reason belongs to the field (aria-invalid, described by it), not to a detached toast.
            errors={state.error ? [state.error] : undefined}
            inputProps={{
              id: urlId,
              name: "url",
              type: "text",
              inputMode: "url",
              autoComplete: "url",
              placeholder: "https://yourwebsite.com",
              defaultValue: state.url ?? "",
              // The field gets focus when this step opens, as in any dialog form.
              autoFocus: true,
            }}
          />
          <StatusButton pending={busyIntent === "scan"} pendingLabel="Scanning..." className="w-full">
            Scan Website
          </StatusButton>
        </fetcher.Form>
        {state.error ? <ManualSetupForm fetcher={fetcher} /> : null}
        <div className="flex justify-end">
          <SkipForm returnTo={state.returnTo} fetcher={fetcher} />
        </div>
      </div>
    );
  }

  const brand = state.scanned;
  return (
    <div className="flex flex-col gap-5">
      {brand ? (
        <dl className="grid grid-cols-1 gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm sm:grid-cols-[8rem_1fr]">
          <dt className="font-medium text-slate-600">Brand name</dt>
          <dd className="text-slate-900">{brand.brandName || "—"}</dd>
          <dt className="font-medium text-slate-600">Industry</dt>
          <dd className="text-slate-900">{brand.industry || "—"}</dd>
          <dt className="font-medium text-slate-600">Tone of voice</dt>
          <dd className="text-slate-900">{brand.toneOfVoice || "—"}</dd>
          <dt className="font-medium text-slate-600">Tags</dt>
          <dd>
            {brand.tags.length ? (
              <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
                {brand.tags.map((tag) => (
                  <li key={tag} className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-700 ring-1 ring-brand-100">
                    {tag}
                  </li>
                ))}
              </ul>
            ) : (
              "—"
            )}
          </dd>
        </dl>
      ) : null}
      <fetcher.Form method="post" action={ACTION} className="flex justify-end">
        <input type="hidden" name="intent" value="finish" />
        <input type="hidden" name="returnTo" value={state.returnTo} />
        <StatusButton pending={busyIntent === "finish"} pendingLabel="Finishing...">
          Go to dashboard
        </StatusButton>
      </fetcher.Form>
    </div>
  );
}

/**
 * Rendered by the dashboard layout with the loader's `onboardingState(...)`.
 * Closing it (Escape, outside click) counts as Skip, or as finishing on the
 * success step; the way back stays on the articles page's 'Getting started'
 * checklist (its brand step: the Brand tab, or 'Scan your website').
 */
export function OnboardingDialog({ state }: { state: OnboardingState }) {
  const closer = useFetcher();
  if (!state.show) return null;
  const close = () => {
    if (closer.state !== "idle") return;
    void closer.submit(
      { intent: state.step === "success" ? "finish" : "skip", returnTo: state.returnTo },
      { method: "post", action: ACTION },
    );
  };
  return (
    <UrlDialog title={TITLES[state.step]} description={DESCRIPTIONS[state.step]} closeTo={state.returnTo} onClose={close}>
      <StepBody key={state.step} state={state} />
    </UrlDialog>
  );
}
