import { useId } from "react";
import { cn } from "#app/utils/cn";

/**
 * An on/off setting as a native checkbox drawn as a switch: it posts "on" when
 * ticked, works without JavaScript and keeps the checkbox semantics (role=switch).
 */
export function SwitchField({
  name,
  label,
  description,
  defaultChecked,
  className,
}: {
  name: string;
  label: React.ReactNode;
  description?: React.ReactNode;
  defaultChecked?: boolean;
  className?: string;
}) {
  const id = useId();
  const descriptionId = description ? `${id}-description` : undefined;
  return (
    <div className={cn("flex items-start justify-between gap-4", className)}>
      <div>
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        {description ? (
          <p id={descriptionId} className="text-xs text-slate-500">
            {description}
          </p>
        ) : null}
      </div>
      <span className="relative inline-flex shrink-0">
        <input
          id={id}
          type="checkbox"
          role="switch"
          name={name}
          defaultChecked={defaultChecked}
          aria-describedby={descriptionId}
          className="peer h-6 w-11 cursor-pointer appearance-none rounded-full bg-slate-300 transition-colors checked:bg-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute left-0.5 top-0.5 h-5 w-5 rounded-full bg-white shadow transition-transform peer-checked:translate-x-5"
        />
      </span>
    </div>
  );
}
