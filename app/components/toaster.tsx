import { useEffect, useState } from "react";
import type { Toast } from "#app/utils/toast";

const tone = {
  success: "border-emerald-200 bg-emerald-50 text-emerald-900",
  error: "border-red-200 bg-red-50 text-red-900",
  info: "border-slate-200 bg-white text-slate-900",
};

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
 * flashed. It works without JavaScript (a CSS fade hides it); with JavaScript
 * it can also be dismissed and shows `showToast` toasts.
 */
export function Toaster({ toast }: { toast: Toast | null }) {
  const [visible, setVisible] = useState<Toast | null>(toast);
  useEffect(() => setVisible(toast), [toast]);
  useEffect(() => {
    const onToast = (event: Event) => setVisible((event as CustomEvent<Toast>).detail);
    window.addEventListener(CLIENT_TOAST_EVENT, onToast);
    return () => window.removeEventListener(CLIENT_TOAST_EVENT, onToast);
  }, []);
  if (!visible) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4 sm:justify-end">
      <div
        role={visible.type === "error" ? "alert" : "status"}
        data-testid="toast"
        className={`pointer-events-auto w-full max-w-sm rounded-lg border p-4 shadow-lg ${tone[visible.type]}`}
      >
        <div className="flex items-start gap-3">
          <div className="flex-1">
            <p className="font-semibold">{visible.title}</p>
            {visible.description ? <p className="mt-1 text-sm opacity-90">{visible.description}</p> : null}
          </div>
          <button
            type="button"
            onClick={() => setVisible(null)}
            className="rounded p-1 text-sm opacity-70 hover:opacity-100"
            aria-label="Dismiss notification"
          >
            ✕
          </button>
        </div>
      </div>
    </div>
  );
}
