import { useEffect, useState } from "react";

type ToastData = { type: "success" | "error" | "info"; title: string; description?: string };

const tone = {
  success: "border-emerald-200 bg-emerald-50 text-emerald-900",
  error: "border-red-200 bg-red-50 text-red-900",
  info: "border-slate-200 bg-white text-slate-900",
};

/**
 * Renders the toast flashed by the server. It works without JavaScript (a CSS
 * fade hides it); with JavaScript it can also be dismissed.
 */
export function Toaster({ toast }: { toast: ToastData | null }) {
  const [visible, setVisible] = useState<ToastData | null>(toast);
  useEffect(() => setVisible(toast), [toast]);
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
