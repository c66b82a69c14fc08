import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import stylesheet from "./app.css?url";
import { GeneralErrorBoundary } from "./components/error-boundary";
import { ListLinkNavigation } from "./components/list-link";
import { PublicHeader } from "./components/public-header";
import { Toaster } from "./components/toaster";
import { requestContext } from "./context";
import { readToast, toastMiddleware } from "./utils/toast.server";
import { useNonce } from "./utils/nonce";
import { getEnv } from "./env.server";
import type { Route } from "./+types/root";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

// Actions that stay on their page flash their toast through the request (flashToast).
export const middleware: Route.MiddlewareFunction[] = [toastMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { toast, clearHeader } = await readToast(request, context);
  return data(
    {
      // The public origin for absolute URLs in meta tags and JSON-LD (app/utils/seo.ts).
      origin: getEnv().appUrl.replace(/\/$/, ""),
      toast,
      // Shown by the error boundary on a server error, to quote to support.
      requestId: context.get(requestContext).requestId,
    },
    clearHeader ? { headers: { "Set-Cookie": clearHeader } } : undefined,
  );
}

/** After any submission, also one answered 4xx/5xx, the root reads the toast the action flashed. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod && formMethod !== "GET" ? true : defaultShouldRevalidate;
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
      <ListLinkNavigation />
    </>
  );
}

/**
 * Errors nothing below handled, in the public frame. A guard's refusal lands
 * here (middleware throws before any layout loads): its only 403 is the
 * operator guard's, always after sign-in, so it gets the signed-in header and
 * the way back to the dashboard (docs/decisions/034).
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      {/* No route's meta runs for an error at the root: React puts this title in the head. */}
      <title>{forbidden ? "Access Denied | Inkpilot" : "Error | Inkpilot"}</title>
      <PublicHeader signedIn={forbidden ? true : null} />
      <GeneralErrorBoundary as="main" back={forbidden ? { to: "/dashboard", label: "Back to the dashboard" } : undefined} />
    </div>
  );
}
