import { redirect } from "react-router";
import { z } from "zod";
import type { RequestInfo } from "#app/context";
import type { DB } from "#app/db/client.server";
import { requirePermission, safeRedirectPath, type AuthState } from "#app/modules/auth/guards.server";
import { consumeRateLimit } from "#app/modules/auth/rate-limit.server";
import { dismissGettingStarted } from "#app/modules/onboarding/checklist.server";
import { completeOnboarding, saveBrandFromScan, scanWebsite, ScanError, type ScanErrorCode } from "#app/modules/onboarding/scan.server";
import { requestSitePagesRead } from "#app/modules/onboarding/site-pages-job.server";
import type { OnboardingStep } from "#app/modules/onboarding/state.server";
import { parseSubmission } from "#app/utils/forms.server";
import { logger } from "#app/utils/logger.server";
import { badRequest } from "#app/utils/responses.server";
import { redirectWithToast } from "#app/utils/toast.server";

/** The onboarding dialog's forms, one intent each; every answer is a redirect back to the dialog's page. */

const OnboardingSchema = z.object({
  intent: z.enum(["scan", "skip", "finish", "manual", "dismiss-checklist"]),
  url: z.string().optional(),
  returnTo: z.string().optional(),
});

/** Where 'Set up manually' leads. */
const BRAND_TAB = "/dashboard/settings?tab=brand";

function backTo(returnTo: string, step?: OnboardingStep, extra: Record<string, string> = {}) {
  const url = new URL(returnTo, "http://local");
  url.searchParams.delete("onboarding");
  url.searchParams.delete("url");
  url.searchParams.delete("scanError");
  if (step) url.searchParams.set("onboarding", step);
  for (const [key, value] of Object.entries(extra)) url.searchParams.set(key, value);
  return url.pathname + url.search;
}

export async function onboardingAction(
  db: DB,
  auth: AuthState,
  { requestId, ip }: Pick<RequestInfo, "requestId" | "ip">,
  request: Request,
) {
  const { submission } = await parseSubmission(request, OnboardingSchema);
  if (submission.status !== "success") badRequest("Unknown onboarding action");
  const returnTo = safeRedirectPath(submission.value.returnTo, "/dashboard");

  switch (submission.value.intent) {
    case "scan": {
      // The scan writes the current site's brand settings.
      requirePermission(auth, "settings.manage");
      // Every refusal goes back to the scan step with its reason on the URL field, not a detached toast.
      const failed = (scanError: ScanErrorCode, url?: string) => redirect(backTo(returnTo, "scan", { ...(url ? { url } : {}), scanError }));
      const url = (submission.value.url ?? "").trim().slice(0, 2048);
      if (!url) return failed("required");
      if (!(await consumeRateLimit("scan", { ip, email: auth.user.email }))) return failed("rate_limited", url);
      try {
        const result = await scanWebsite(url, { correlationId: requestId });
        await saveBrandFromScan(db, auth.site.id, result);
        // The site's own pages are read next, then the first plan is made from them; the scan stands either way.
        await requestSitePagesRead(db, auth.site.id, { plan: true }).catch((error: unknown) =>
          logger.error({ requestId, err: error }, "site pages read not queued"),
        );
        return redirectWithToast(backTo(returnTo, "success"), {
          type: "success",
          title: "Website Scanned Successfully!",
          description: `Brand settings for ${result.brandName} are ready.`,
        });
      } catch (error) {
        // Logged with the request id as correlation id, expected refusals included, so support can trace a report.
        if (error instanceof ScanError) logger.warn({ requestId, url, reason: error.message }, "website scan refused");
        else logger.error({ requestId, url, err: error }, "website scan failed");
        return failed(error instanceof ScanError ? error.code : "failed", url);
      }
    }
    case "manual": {
      // 'Set up manually': onboarding is over, and the Brand tab is where it continues.
      await completeOnboarding(db, auth.user.id);
      return redirect(BRAND_TAB);
    }
    case "dismiss-checklist": {
      await dismissGettingStarted(db, auth.user.id);
      return redirect(backTo(returnTo));
    }
    case "skip": {
      await completeOnboarding(db, auth.user.id);
      return redirect(backTo(returnTo));
    }
    case "finish": {
      await completeOnboarding(db, auth.user.id);
      return redirectWithToast(backTo(returnTo), {
        type: "success",
        title: "Setup Complete!",
        description: "Your brand is set up. You can refine it any time in Settings.",
      });
    }
  }
}
