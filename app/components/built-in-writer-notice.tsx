import { BUILT_IN_REACH, builtInLanguageFlag } from "#app/modules/ai/built-in-reach";
import { cn } from "#app/utils/cn";

/**
 * Said where the product promises length or languages and no AI provider is configured (decision 069): the
 * installation's reach, and with `language` the flag for a language the built-in writer cannot write.
 */
export function BuiltInWriterNotice({ language, reach = true, className }: { language?: string; reach?: boolean; className?: string }) {
  const flag = language ? builtInLanguageFlag(language) : null;
  if (!reach && !flag) return null;
  return (
    <div
      role="note"
      data-testid="built-in-writer-notice"
      className={cn("rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900", className)}
    >
      {reach ? <p>{BUILT_IN_REACH}</p> : null}
      {flag ? (
        <p className={cn(reach && "mt-2", "font-medium")} data-testid="language-flag">
          {flag}
        </p>
      ) : null}
    </div>
  );
}
