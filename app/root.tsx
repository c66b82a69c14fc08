import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useMatches } from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { Toaster } from "./components/toaster";
import { readToast } from "./utils/toast.server";
import { useNonce } from "./utils/nonce";
import { getEnv } from "./env.server";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const { toast, clearHeader } = await readToast(request);
  return data(
    {
      // The public origin for absolute URLs in meta tags and JSON-LD (app/utils/seo.ts).
      origin: getEnv().appUrl.replace(/\/$/, ""),
      toast,
    },
    clearHeader ? { headers: { "Set-Cookie": clearHeader } } : undefined,
  );
}

/**
 * Static pages (marketing, blog) set `handle = { hydrate: false }`: they are
 * served as plain HTML without the framework's scripts, since nothing on them
 * needs React in the browser (links, <details>, plain forms).
 */
export type RouteHandle = { hydrate?: boolean };

function useHydrate() {
  return !useMatches().some((match) => (match.handle as RouteHandle | undefined)?.hydrate === false);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const hydrate = useHydrate();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {/* Static pages carry no per-response nonce (stylesheets need none), so their HTML can be cached as bytes. */}
        <Links nonce={hydrate ? undefined : ""} />
      </head>
      <body className="min-h-screen bg-white font-sans text-slate-900 antialiased">
        {children}
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Outlet />
      <Toaster toast={loaderData.toast} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let title = "Something went wrong";
  let details = "An unexpected error occurred. Please try again.";
  if (isRouteErrorResponse(error)) {
    title = error.status === 404 ? "Page not found" : error.status === 403 ? "Access Denied" : `${error.status} ${error.statusText}`;
    details = error.status === 404 ? "The page you are looking for does not exist." : String(error.data || details);
  }
  return (
    <main className="mx-auto max-w-xl px-6 py-24 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-slate-600">{details}</p>
      <a href="/" className="mt-8 inline-block rounded-md bg-brand-600 px-4 py-2 text-white">
        Go to the home page
      </a>
    </main>
  );
}
