import { useNavigation } from "react-router";
import { cn } from "#app/utils/cn";

/**
 * Small pieces shared by the settings tabs and the account page: the card every
 * section sits in, and the hidden `intent` (with its pending state) that tells
 * the page's one action which form was posted.
 */

export function SettingsCard({
  title,
  description,
  children,
  className,
}: {
  title: string;
  description?: string;
  children: React.ReactNode;
  className?: string;
}) {
  const id = `card-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <section aria-labelledby={id} className={cn("rounded-xl border border-slate-200 bg-white p-6 shadow-sm", className)}>
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      <div className="mt-5">{children}</div>
    </section>
  );
}

export function IntentInput({ intent }: { intent: string }) {
  return <input type="hidden" name="intent" value={intent} />;
}

export function usePendingIntent(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}
