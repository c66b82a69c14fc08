import { useEffect, useRef, useState } from "react";
import type { Toast } from "#app/utils/toast";
import { useHydrated } from "#app/utils/use-hydrated";

const tone = {
  success: "border-emerald-200 bg-emerald-50 text-emerald-900",
  error: "border-red-200 bg-red-50 text-red-900",
  info: "border-slate-200 bg-white text-slate-900",
};

/** How long a toast stays: errors longer, they may need reading twice (docs/decisions/031-errors-and-toasts.md). */
const TOAST_MS = { success: 6000, info: 6000, error: 10000 } as const;

const CLIENT_TOAST_EVENT = "inkpilot:toast";

/**
 * A toast for something that posts nothing (a copy to the clipboard). Anything
 * submitted gets its toast from the server instead (app/utils/toast.server.ts).
 */
export function showToast(toast: Toast) {
  window.dispatchEvent(new CustomEvent<Toast>(CLIENT_TOAST_EVENT, { detail: toast }));
}

/**
 * The one toaster, rendered once by the root with the toast the server
 * flashed. Placed where it covers no control: on a phone at the top, under the
 * header (the write screen's bar is at the bottom there); from tablet width
 * at the bottom right (the bar is at the top there). It times out, later for
 * errors, and pauses while pointed at or focused; with JavaScript it can be
 * closed. Without JavaScript a CSS animation fades it out after the same time.
 */
export function Toaster({ toast }: { toast: Toast | null }) {
  const hydrated = useHydrated();
  const [visible, setVisible] = useState<{ toast: Toast; id: number } | null>(toast ? { toast, id: 0 } : null);
  const [paused, setPaused] = useState(false);
  const counter = useRef(0);
  useEffect(() => setVisible(toast ? { toast, id: ++counter.current } : null), [toast]);
  useEffect(() => {
    const onToast = (event: Event) => setVisible({ toast: (event as CustomEvent<Toast>).detail, id: ++counter.current });
    window.addEventListener(CLIENT_TOAST_EVENT, onToast);
    return () => window.removeEventListener(CLIENT_TOAST_EVENT, onToast);
  }, []);
  useEffect(() => {
    if (!visible || paused) return;
    const timer = window.setTimeout(() => setVisible(null), TOAST_MS[visible.toast.type]);
    return () => window.clearTimeout(timer);
  }, [visible, paused]);
  if (!visible) return null;
  const { toast: shown, id } = visible;
  return (
    <div className="pointer-events-none fixed inset-x-0 top-16 z-50 flex justify-center px-4 md:inset-x-auto md:bottom-4 md:right-4 md:top-auto md:justify-end md:px-0">
      {hydrated ? null : <style>{`@keyframes inkpilot-toast-out { to { opacity: 0; visibility: hidden; } }`}</style>}
      <div
        key={id}
        role={shown.type === "error" ? "alert" : "status"}
        data-testid="toast"
        onMouseEnter={() => setPaused(true)}
        onMouseLeave={() => setPaused(false)}
        onFocus={() => setPaused(true)}
        onBlur={() => setPaused(false)}
        style={hydrated ? undefined : { animation: `inkpilot-toast-out 0.4s ease-in ${TOAST_MS[shown.type]}ms forwards` }}
        className={`pointer-events-auto w-full max-w-sm rounded-lg border p-4 shadow-lg ${tone[shown.type]}`}
      >
        <div className="flex items-start gap-3">
          <div className="flex-1">
            <p className="font-semibold">{shown.title}</p>
            {shown.description ? <p className="mt-1 text-sm opacity-90">{shown.description}</p> : null}
          </div>
          {hydrated ? (
            <button
              type="button"
              onClick={() => {
                setVisible(null);
                setPaused(false);
              }}
              className="-m-1 rounded p-1 text-sm opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-current"
              aria-label="Dismiss notification"
            >
              <span aria-hidden="true">✕</span>
            </button>
          ) : null}
        </div>
      </div>
    </div>
  );
}
