import { useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { cn } from "#app/utils/cn";
import type { Notice } from "#app/utils/form-reply";
import { useHydrated } from "#app/utils/use-hydrated";
import type { z } from "zod";

/**
 * The one set of form fields (docs/decisions/024-forms-conform-and-zod.md). Each takes the control's
 * props (usually Conform's `getInputProps(fields.x, ...)` plus extras), a label,
 * an optional hint and the field's errors, and wires them for screen readers:
 * aria-invalid on the control, aria-describedby to the hint and the errors.
 */

export type ListOfErrors = Array<string | null | undefined> | null | undefined;

export function ErrorList({ id, errors }: { id?: string; errors?: ListOfErrors }) {
  const shown = errors?.filter(Boolean);
  if (!shown?.length) return null;
  return (
    <ul id={id} className="mt-1 flex flex-col gap-1">
      {shown.map((e) => (
        <li key={e} className="text-sm text-red-700">
          {e}
        </li>
      ))}
    </ul>
  );
}

const controlClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid]:border-red-500";

/** Ids and aria attributes shared by every field: the control's id, its hint's and its errors'. */
function useFieldIds(controlId: string | undefined, { errors, hint }: { errors?: ListOfErrors; hint?: React.ReactNode }) {
  const fallbackId = useId();
  const id = controlId ?? fallbackId;
  const errorId = errors?.some(Boolean) ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  const aria = {
    "aria-invalid": errorId ? true : undefined,
    "aria-describedby": [errorId, hintId].filter(Boolean).join(" ") || undefined,
  } as const;
  return { id, errorId, hintId, aria };
}

/** Under a control: its hint, then its errors, each with the id the control's aria-describedby names. */
function FieldNotes({
  hint,
  hintId,
  errors,
  errorId,
}: {
  hint?: React.ReactNode;
  hintId?: string;
  errors?: ListOfErrors;
  errorId?: string;
}) {
  return (
    <>
      {hint ? (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </>
  );
}

function FieldShell({
  id,
  label,
  hint,
  hintId,
  errors,
  errorId,
  className,
  children,
}: {
  id: string;
  label: React.ReactNode;
  hint?: React.ReactNode;
  hintId?: string;
  errors?: ListOfErrors;
  errorId?: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cn("flex flex-col gap-1", className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      <FieldNotes hint={hint} hintId={hintId} errors={errors} errorId={errorId} />
    </div>
  );
}

type FieldProps<P> = { label: React.ReactNode; errors?: ListOfErrors; hint?: React.ReactNode; className?: string } & P;

/** A labelled text-like input (text, email, password, url, number, search). */
export function Field({ inputProps, ...field }: FieldProps<{ inputProps: React.InputHTMLAttributes<HTMLInputElement> }>) {
  const { aria, ...ids } = useFieldIds(inputProps.id, field);
  return (
    <FieldShell {...field} {...ids}>
      <input {...inputProps} id={ids.id} {...aria} className={cn(controlClass, inputProps.className)} />
    </FieldShell>
  );
}

export function TextareaField({
  textareaProps,
  ...field
}: FieldProps<{ textareaProps: React.TextareaHTMLAttributes<HTMLTextAreaElement> }>) {
  const { aria, ...ids } = useFieldIds(textareaProps.id, field);
  return (
    <FieldShell {...field} {...ids}>
      <textarea {...textareaProps} id={ids.id} {...aria} className={cn(controlClass, textareaProps.className)} />
    </FieldShell>
  );
}

export type SelectOption = { value: string; label: string };

/** A native select: works without JavaScript and on every device. */
export function SelectField({
  selectProps,
  options,
  ...field
}: FieldProps<{ selectProps: React.SelectHTMLAttributes<HTMLSelectElement>; options: ReadonlyArray<SelectOption> }>) {
  const { aria, ...ids } = useFieldIds(selectProps.id, field);
  return (
    <FieldShell {...field} {...ids}>
      <select {...selectProps} id={ids.id} {...aria} className={cn(controlClass, selectProps.className)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/** A checkbox with its label beside it. */
export function CheckboxField({
  inputProps,
  ...field
}: FieldProps<{ inputProps: Omit<React.InputHTMLAttributes<HTMLInputElement>, "type"> }>) {
  const { label, errors, hint, className } = field;
  const { id, errorId, hintId, aria } = useFieldIds(inputProps.id, field);
  return (
    <div className={cn("flex flex-col gap-1", className)}>
      <div className="flex items-center gap-2">
        <input
          {...inputProps}
          type="checkbox"
          id={id}
          {...aria}
          className={cn("h-4 w-4 rounded border-slate-300 text-brand-600 focus-visible:outline-brand-600", inputProps.className)}
        />
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
      </div>
      <FieldNotes hint={hint} hintId={hintId} errors={errors} errorId={errorId} />
    </div>
  );
}

/**
 * An on/off setting as a native checkbox drawn as a switch: it posts "on" when
 * ticked, works without JavaScript and keeps the checkbox semantics (role=switch).
 */
export function SwitchField({
  name,
  label,
  description,
  defaultChecked,
  errors,
  className,
}: {
  name: string;
  label: React.ReactNode;
  description?: React.ReactNode;
  defaultChecked?: boolean;
  errors?: ListOfErrors;
  className?: string;
}) {
  const { id, errorId, hintId, aria } = useFieldIds(undefined, { errors, hint: description });
  return (
    <div className={cn("flex flex-col gap-1", className)}>
      <div className="flex items-start justify-between gap-4">
        <div>
          <label htmlFor={id} className="text-sm font-medium text-slate-800">
            {label}
          </label>
          {description ? (
            <p id={hintId} className="text-xs text-slate-500">
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
            {...aria}
            className="peer h-6 w-11 cursor-pointer appearance-none rounded-full bg-slate-300 transition-colors checked:bg-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          />
          <span
            aria-hidden="true"
            className="pointer-events-none absolute left-0.5 top-0.5 h-5 w-5 rounded-full bg-white shadow transition-transform peer-checked:translate-x-5"
          />
        </span>
      </div>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/**
 * A colour as a picker and a hex box. With JavaScript they stay in sync; without
 * it both are posted with the initial value (`<name>Initial`), and the server
 * keeps whichever one changed (`submittedColor` in app/utils/forms.server.ts).
 * `onColorChange` hears each change in the browser (a live check beside the field).
 */
export function ColorField({
  name,
  label,
  initial,
  placeholder,
  errors,
  hint,
  onColorChange,
}: {
  name: string;
  label: React.ReactNode;
  initial: string;
  placeholder?: string;
  errors?: ListOfErrors;
  hint?: string;
  onColorChange?: (color: string) => void;
}) {
  const hydrated = useHydrated();
  const [color, setStateColor] = useState(initial);
  const setColor = (next: string) => {
    setStateColor(next);
    onColorChange?.(next);
  };
  const pickerValue = /^#[0-9a-f]{6}$/i.test(color) ? color.toLowerCase() : initial.toLowerCase();
  const { errorId, hintId, aria } = useFieldIds(`${name}-hex`, { errors, hint });
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="text-sm font-medium text-slate-800">{label}</legend>
      {hint ? (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <input type="hidden" name={`${name}Initial`} value={initial} />
      <div className="flex items-center gap-3">
        <input
          type="color"
          name={`${name}Picker`}
          aria-label="Color picker"
          {...(hydrated
            ? { value: pickerValue, onChange: (e) => setColor(e.target.value.toUpperCase()) }
            : { defaultValue: initial.toLowerCase() })}
          className="h-10 w-14 cursor-pointer rounded-md border border-slate-300 bg-white p-1"
        />
        <input
          type="text"
          name={name}
          aria-label="Hex color"
          {...(hydrated ? { value: color, onChange: (e) => setColor(e.target.value) } : { defaultValue: initial })}
          maxLength={7}
          pattern="#[0-9A-Fa-f]{6}"
          placeholder={placeholder}
          {...aria}
          className="block w-32 rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid]:border-red-500"
        />
      </div>
      <ErrorList id={errorId} errors={errors} />
    </fieldset>
  );
}

/** A form-level message: the product's error titles (docs/product.md) shown inline, e.g. a failed save. */
export function FormMessage({ title, description, link, tone = "error" }: Notice & { tone?: "error" | "success" | "info" }) {
  const colours = {
    error: "border-red-200 bg-red-50 text-red-900",
    success: "border-emerald-200 bg-emerald-50 text-emerald-900",
    info: "border-slate-200 bg-slate-50 text-slate-900",
  };
  return (
    <div role={tone === "error" ? "alert" : "status"} className={cn("rounded-md border p-3 text-sm", colours[tone])}>
      <p className="font-semibold">{title}</p>
      {description ? <p className="mt-1">{description}</p> : null}
      {link ? (
        <Link to={link.to} className="mt-2 inline-block font-medium text-brand-600 hover:underline">
          {link.label}
        </Link>
      ) : null}
    </div>
  );
}

/**
 * Conform's `useForm` for a form checked by a zod schema: the browser checks
 * with the same schema as the server (and gets its constraints: required,
 * lengths). After a failed submit a field is re-checked as it is typed in, never
 * on blur: an error that vanished on blur moved the submit button away between
 * mousedown and mouseup, so the first click after fixing a field was lost
 * (docs/decisions/034-first-sign-in.md). The server stays the truth; without
 * JavaScript only it checks.
 */
export function useSchemaForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  schema: Schema,
  options: Omit<Parameters<typeof useForm<z.input<Schema>, z.output<Schema>>>[0], "constraint" | "onValidate">,
) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    shouldRevalidate: "onInput",
    ...options,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}

/**
 * A key for a block of forms that remounts them after a successful save (the
 * action redirected, so there is no action data) and never after a refusal: a
 * refused form keeps what the user typed since, instead of being cleared by a
 * remount that lands after they started typing again.
 */
export function useSavedFormsKey(actionData: unknown) {
  const location = useLocation();
  const key = useRef(location.key);
  if (actionData === undefined) key.current = location.key;
  return key.current;
}
