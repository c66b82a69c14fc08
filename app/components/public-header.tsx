import { Form, Link } from "react-router";
import { headerLinks } from "#app/modules/site-content/navigation";
import { LogoMark } from "./logo";

const linkClass = "rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900";

/** The public header: signed-out visitors get Pricing, Login and Sign Up; signed-in users Account and Sign Out. */
export function PublicHeader({ signedIn }: { signedIn: boolean }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link
          to={signedIn ? "/dashboard" : "/"}
          className="flex items-center gap-2 text-lg font-bold tracking-tight text-slate-900"
          aria-label={signedIn ? "Inkpilot dashboard" : "Inkpilot home"}
        >
          <LogoMark />
          <span>Inkpilot</span>
        </Link>
        <nav aria-label="Main" className="flex items-center gap-1">
          {signedIn ? (
            <>
              <Link to={headerLinks.account.href} className={linkClass}>
                {headerLinks.account.label}
              </Link>
              <Form method="post" action={headerLinks.signOut.action}>
                <button type="submit" className={linkClass}>
                  {headerLinks.signOut.label}
                </button>
              </Form>
            </>
          ) : (
            <>
              {headerLinks.signedOut.map((link) => (
                <Link key={link.href} to={link.href} className={linkClass}>
                  {link.label}
                </Link>
              ))}
              <Link
                to={headerLinks.signUp.href}
                className="ml-1 rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
              >
                {headerLinks.signUp.label}
              </Link>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}
