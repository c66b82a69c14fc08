import { data, Link } from "react-router";
import { seoMeta } from "#app/utils/seo";
import type { Route } from "./+types/not-found";

export const handle = { hydrate: false };

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: "Page not found",
    description: "The page you are looking for does not exist.",
    path: args.location.pathname,
    noindex: true,
  });

/** Every URL no other route matches: a real 404 status with the site's header and footer. */
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return (
    <main id="main" className="mx-auto max-w-xl px-6 py-24 text-center">
      <p className="text-sm font-semibold text-brand-700">404</p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900">Page not found</h1>
      <p className="mt-4 text-slate-600">The page you are looking for does not exist.</p>
      <div className="mt-8 flex justify-center gap-4">
        <Link to="/" className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
          Go to the home page
        </Link>
        <Link to="/blog" className="rounded-md px-4 py-2 font-semibold text-slate-800 hover:bg-slate-100">
          Read the blog
        </Link>
      </div>
    </main>
  );
}
