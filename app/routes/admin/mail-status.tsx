import { cn } from "#app/utils/cn";

/** Shared by the operator lists (mail, jobs): a status badge and UTC timestamps. */

const tones: Record<string, string> = {
  queued: "bg-amber-50 text-amber-800 ring-amber-200",
  sent: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  outbox: "bg-sky-50 text-sky-800 ring-sky-200",
  failed: "bg-red-50 text-red-800 ring-red-200",
  running: "bg-indigo-50 text-indigo-800 ring-indigo-200",
  succeeded: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  cancelled: "bg-slate-100 text-slate-700 ring-slate-200",
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={cn("inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset", tones[status] ?? tones.queued)}>
      {status}
    </span>
  );
}

/** Server and browser render the same text: UTC, minute precision. */
export function formatUtc(iso: string | null) {
  if (!iso) return "—";
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}
