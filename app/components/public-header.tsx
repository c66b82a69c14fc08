import { Form, Link, useRouteLoaderData } from "react-router";
import { callToAction, headerLinks } from "#app/modules/site-content/navigation";
import { cn } from "#app/utils/cn";
import { LogoMark } from "./logo";

/** Who is looking at a public page: the marketing layouts' loaders say it (signed-in visitors bypass the page cache). */
export type PublicVisitor = { signedIn: false } | { signedIn: true; plan: "trial" | "pro" };

const SIGNED_OUT: PublicVisitor = { signedIn: false };

/** The visitor as loaded by either public layout (the pages and the free tools share the file under two ids). */
export function usePublicVisitor(): PublicVisitor {
  const pages = useRouteLoaderData("routes/marketing/layout") as { visitor?: PublicVisitor } | undefined;
  const tools = useRouteLoaderData("marketing-tools") as { visitor?: PublicVisitor } | undefined;
  return pages?.visitor ?? tools?.visitor ?? SIGNED_OUT;
}

/**
 * The public site's call to action: 'Start Free Trial' signed out, 'Dashboard'
 * signed in (someone on a trial or on Pro is never offered a trial).
 * `signupHref` carries a free tool's topic into the sign-up.
 */
export function PrimaryCta({ className, signupHref, testId }: { className?: string; signupHref?: string; testId?: string }) {
  const visitor = usePublicVisitor();
  const link = visitor.signedIn ? callToAction.signedIn : { ...callToAction.signedOut, href: signupHref ?? callToAction.signedOut.href };
  return (
    <Link to={link.href} data-testid={testId} className={cn("whitespace-nowrap", className)}>
      {link.label}
    </Link>
  );
}

const linkClass = "whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900";

/**
 * The public header: Pricing, Tools and Blog for everyone; signed out Login and
 * 'Start Free Trial', signed in Sign Out and 'Dashboard'. On a phone the three
 * page links move to a second row so the actions never wrap
 * (docs/decisions/034). `signedIn: null` (an error page that cannot tell) shows no account actions.
 */
export function PublicHeader({ signedIn }: { signedIn: boolean | null }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-2 px-4 sm:px-6 md:h-16 md:flex-nowrap md:gap-x-4">
        <Link
          to={signedIn ? "/dashboard" : "/"}
          className="mr-auto flex h-14 shrink-0 items-center gap-2 text-lg font-bold tracking-tight text-slate-900 md:mr-0 md:h-auto"
          aria-label={signedIn ? "Inkpilot dashboard" : "Inkpilot home"}
        >
          <LogoMark />
          <span>Inkpilot</span>
        </Link>
        <nav
          aria-label="Main"
          className="order-last -mx-3 flex w-[calc(100%+1.5rem)] items-center gap-1 border-t border-slate-100 py-1 md:order-none md:mx-0 md:mr-auto md:w-auto md:border-0 md:py-0"
        >
          {headerLinks.main.map((link) => (
            <Link key={link.href} to={link.href} className={linkClass}>
              {link.label}
            </Link>
          ))}
        </nav>
        {signedIn !== null ? (
          <div className="flex shrink-0 items-center gap-1">
            {signedIn ? (
              <Form method="post" action={headerLinks.signOut.action}>
                <button type="submit" className={linkClass}>
                  {headerLinks.signOut.label}
                </button>
              </Form>
            ) : (
              <Link to={headerLinks.signIn.href} className={linkClass}>
                {headerLinks.signIn.label}
              </Link>
            )}
            <Link
              to={signedIn ? callToAction.signedIn.href : callToAction.signedOut.href}
              data-testid="header-cta"
              className="whitespace-nowrap rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
            >
              {signedIn ? callToAction.signedIn.label : callToAction.signedOut.label}
            </Link>
          </div>
        ) : null}
      </div>
    </header>
  );
}
