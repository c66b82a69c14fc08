import { useId, useSyncExternalStore } from "react";
import { Link, useFetcher } from "react-router";
import { Field } from "#app/components/forms";
import { Button, StatusButton } from "#app/components/ui/button";
import { Dialog } from "#app/components/ui/dialog";
import type { OnboardingState, OnboardingStep } from "#app/modules/onboarding/state.server";

/**
 * The first-run dialog: welcome → scan → success. Its step comes from the URL
 * and its forms post to /dashboard/onboarding, which redirects back with the
 * next step, so it works without JavaScript (rendered as a static modal).
 * Once hydrated it becomes a Radix dialog (focus trap, Escape) and submits
 * through a fetcher for in-place pending states.
 */

const ACTION = "/dashboard/onboarding";

const noopSubscribe = () => () => {};
function useHydrated() {
  return useSyncExternalStore(
    noopSubscribe,
    () => true,
    () => false,
  );
}

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

/** Without JavaScript: the same content as a fixed, modal-looking section. */
function StaticModal({ state }: { state: OnboardingState }) {
  const titleId = useId();
  const descriptionId = useId();
  return (
    <>
      <div className="fixed inset-0 z-40 bg-slate-900/50" aria-hidden="true" />
      <section
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100vh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl"
      >
        <h2 id={titleId} className="text-lg font-semibold">
          {TITLES[state.step]}
        </h2>
        <p id={descriptionId} className="mt-1 text-sm text-slate-600">
          {DESCRIPTIONS[state.step]}
        </p>
        <div className="mt-4">
          <StepBody state={state} />
        </div>
      </section>
    </>
  );
}

/**
 * Rendered by the dashboard layout with the loader's `onboardingState(...)`.
 * Closing it (Escape, outside click) counts as Skip, or as finishing on the
 * success step.
 */
export function OnboardingDialog({ state }: { state: OnboardingState }) {
  const hydrated = useHydrated();
  const closer = useFetcher();
  if (!state.show) return null;
  if (!hydrated) return <StaticModal state={state} />;
  const close = () =>
    closer.submit({ intent: state.step === "success" ? "finish" : "skip", returnTo: state.returnTo }, { method: "post", action: ACTION });
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && closer.state === "idle") close();
      }}
      title={TITLES[state.step]}
      description={DESCRIPTIONS[state.step]}
    >
      <StepBody key={state.step} state={state} />
    </Dialog>
  );
}
