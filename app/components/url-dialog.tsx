import { createContext, useContext, useId } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "#app/components/ui/button";
import { Dialog } from "#app/components/ui/dialog";
import { useHydrated } from "#app/utils/use-hydrated";

/**
 * The one "dialog whose state lives in the URL" (docs/decisions/028-url-driven-dialogs.md). The page's loader reads a search parameter (?choose=…, ?publish=1,
 * ?edit=…) and the page renders this when it is set. With JavaScript it is a
 * Radix dialog, and closing it navigates to `closeTo` (or calls `onClose`);
 * without JavaScript the same content is a modal-looking section of the page,
 * and its Cancel is a link to `closeTo`. Forms inside post as usual.
 */

const CloseToContext = createContext<string | null>(null);

export function UrlDialog({
  title,
  description,
  closeTo,
  onClose,
  className,
  children,
}: {
  title: React.ReactNode;
  description?: React.ReactNode;
  /** Where closing goes: the page's URL without the dialog's parameter. */
  closeTo: string;
  /** Instead of navigating (e.g. onboarding posts "skip"); runs with JavaScript only. */
  onClose?: () => void;
  className?: string;
  children: React.ReactNode;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const titleId = useId();
  const descriptionId = useId();
  const content = <CloseToContext.Provider value={closeTo}>{children}</CloseToContext.Provider>;
  if (!hydrated) {
    return (
      <>
        <div className="fixed inset-0 z-40 bg-slate-900/50" aria-hidden="true" />
        <section
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          aria-describedby={description ? descriptionId : undefined}
          className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100vh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl"
        >
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          {description ? (
            <p id={descriptionId} className="mt-1 text-sm text-slate-600">
              {description}
            </p>
          ) : null}
          <div className="mt-4">{content}</div>
        </section>
      </>
    );
  }
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (open) return;
        if (onClose) onClose();
        else void navigate(closeTo, { replace: true, preventScrollReset: true });
      }}
      title={title}
      description={description}
      className={className}
    >
      {content}
    </Dialog>
  );
}

/** The dialog's Cancel: a link back to the page without the dialog, with or without JavaScript. */
export function DialogCancel({ label = "Cancel" }: { label?: string }) {
  const closeTo = useContext(CloseToContext);
  if (closeTo === null) throw new Error("DialogCancel belongs inside a UrlDialog");
  return (
    <Button asChild variant="secondary">
      <Link to={closeTo} replace preventScrollReset>
        {label}
      </Link>
    </Button>
  );
}
