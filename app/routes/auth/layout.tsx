import { Link, Outlet } from "react-router";
import { LogoMark } from "#app/components/logo";

/** The account pages: one centered card under the logo, nothing else to distract. */
export default function AuthLayout() {
  return (
    <div className="flex min-h-screen flex-col items-center bg-slate-50 px-4 py-12">
      <header className="mb-8">
        <Link to="/" className="flex items-center gap-2 text-xl font-bold text-slate-900" aria-label="Inkpilot home">
          <LogoMark />
          <span>Inkpilot</span>
        </Link>
      </header>
      <main className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <Outlet />
      </main>
    </div>
  );
}
