import { Slot } from "radix-ui";
import { cn } from "#app/utils/cn";

const variants = {
  primary: "bg-brand-600 text-white hover:bg-brand-700 focus-visible:outline-brand-600",
  secondary: "border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 focus-visible:outline-slate-400",
  destructive: "bg-red-600 text-white hover:bg-red-700 focus-visible:outline-red-600",
  ghost: "text-slate-700 hover:bg-slate-100 focus-visible:outline-slate-400",
  link: "text-brand-600 underline-offset-4 hover:underline focus-visible:outline-brand-600",
};
const sizes = { sm: "h-8 px-3 text-sm", md: "h-10 px-4 text-sm", lg: "h-12 px-6 text-base", icon: "h-9 w-9" };

export type ButtonProps = React.ComponentProps<"button"> & {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  asChild?: boolean;
};

/** A button's classes, for a plain element that looks like one (a ListLink in a long list). */
export function buttonClassName({ variant = "primary", size = "md", className }: Pick<ButtonProps, "variant" | "size" | "className"> = {}) {
  return cn(
    "inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:pointer-events-none disabled:opacity-50",
    variants[variant],
    sizes[size],
    className,
  );
}

export function Button({ variant, size, asChild, className, ...props }: ButtonProps) {
  const Component = asChild ? Slot.Root : "button";
  return <Component className={buttonClassName({ variant, size, className })} {...props} />;
}

/** A submit button that shows its pending label while the form is in flight. */
export function StatusButton({ pending, pendingLabel, children, ...props }: ButtonProps & { pending: boolean; pendingLabel: string }) {
  return (
    <Button type="submit" aria-busy={pending} disabled={pending || props.disabled} {...props}>
      {pending ? pendingLabel : children}
    </Button>
  );
}
