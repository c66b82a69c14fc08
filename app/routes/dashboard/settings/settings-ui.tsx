import { useId } from "react";
import { useNavigation } from "react-router";
import { ErrorList, type ListOfErrors } from "#app/components/forms";
import type { SettingsActionData, SettingsIntent } from "#app/modules/settings/actions.server";
import { cn } from "#app/utils/cn";

/** Small pieces shared by the Brand and Content tabs. */

export function SettingsCard({ title, description, children }: { title: string; description?: string; children: React.ReactNode }) {
  const id = `card-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      <div className="mt-5">{children}</div>
    </section>
  );
}

export function IntentInput({ intent }: { intent: SettingsIntent }) {
  return <input type="hidden" name="intent" value={intent} />;
}

export function usePendingIntent(intent: SettingsIntent) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

/** The action's result when it belongs to this form. */
export function resultFor(actionData: unknown, intent: SettingsIntent): SettingsActionData | undefined {
  const result = actionData as SettingsActionData | undefined;
  return result?.intent === intent ? result : undefined;
}

const selectClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid]:border-red-500";

export function SelectField({
  label,
  name,
  defaultValue,
  options,
  errors,
  hint,
}: {
  label: string;
  name: string;
  defaultValue: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  errors?: ListOfErrors;
  hint?: string;
}) {
  const id = useId();
  const errorId = errors?.some(Boolean) ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={[errorId, hintId].filter(Boolean).join(" ") || undefined}
        className={cn(selectClass)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}
