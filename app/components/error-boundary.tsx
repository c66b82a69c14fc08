import { isRouteErrorResponse, useRouteError, useRouteLoaderData } from "react-router";

/**
 * The one error boundary (docs/decisions/031-errors-and-toasts.md). Every route's `ErrorBoundary`
 * renders this with its own words for the statuses it expects (404 for a record
 * that is not the viewer's, 403 for a role it lacks) and a way back. For server
 * errors it shows the request id, which is in every log line of that request.
 * Routes say 404/403 with `notFound()`/`forbidden()` from app/utils/responses.server.ts.
 */

export type ErrorCopy = { title: string; message: string };

type Props = {
  /** Words per status; anything else falls back to the defaults below. */
  statusCopy?: Partial<Record<number, ErrorCopy>>;
  /** Words for an error that is not an HTTP status (a bug, a crash in rendering). */
  unexpectedCopy?: ErrorCopy;
  back?: { to: string; label: string };
  /** One heading for every error statusCopy does not word (the dashboard shell's "Something went wrong"). */
  title?: string;
  /** "main" where the boundary is the page's main content (root, public pages). */
  as?: "main" | "div";
};

const UNEXPECTED: ErrorCopy = { title: "Something went wrong", message: "An unexpected error occurred. Please try again." };

function defaultCopy(status: number, data: unknown, statusText: string): ErrorCopy {
  if (status === 404) return { title: "Page not found", message: "The page you are looking for does not exist." };
  if (status === 403)
    return {
      title: "You can't use this page",
      message: typeof data === "string" && data ? data : "You do not have access to this page.",
    };
  return { title: `${status} ${statusText}`.trim(), message: typeof data === "string" && data ? data : UNEXPECTED.message };
}

export function GeneralErrorBoundary({
  statusCopy = {},
  unexpectedCopy = UNEXPECTED,
  back = { to: "/", label: "Go to the home page" },
  as = "div",
  title,
}: Props) {
  const error = useRouteError();
  const root = useRouteLoaderData("root") as { requestId?: string } | undefined;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const worded = isRouteErrorResponse(error) ? statusCopy[error.status] : undefined;
  const fallback = isRouteErrorResponse(error) ? defaultCopy(error.status, error.data, error.statusText) : unexpectedCopy;
  // A refusal and a missing page keep their own heading: the shell's one heading is for failures.
  const ownHeading = status === 403 || status === 404;
  const copy = worded ?? { ...fallback, title: ownHeading ? fallback.title : (title ?? fallback.title) };
  const Wrapper = as;
  return (
    <Wrapper
      id={as === "main" ? "main" : undefined}
      role={as === "main" ? undefined : "alert"}
      className="mx-auto max-w-xl px-6 py-24 text-center"
    >
      <h1 className="text-2xl font-bold text-slate-900">{copy.title}</h1>
      <p className="mt-4 text-slate-600">{copy.message}</p>
      {status >= 500 && root?.requestId ? (
        <p className="mt-2 text-xs text-slate-500">
          Reference: <code>{root.requestId}</code>
        </p>
      ) : null}
      {/* A full page load: whatever state led here starts afresh. */}
      <a href={back.to} className="mt-8 inline-block rounded-md bg-brand-600 px-4 py-2 font-medium text-white">
        {back.label}
      </a>
    </Wrapper>
  );
}
