import { useState } from "react";
import { showToast } from "#app/components/toaster";
import { Button } from "#app/components/ui/button";
import { copyText } from "#app/utils/clipboard";
import { useHydrated } from "#app/utils/use-hydrated";

/** A copy button; without JavaScript the value beside it stays selectable. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  if (!hydrated) return null;
  return (
    <Button
      type="button"
      variant="secondary"
      size="sm"
      aria-label={label}
      onClick={() =>
        copyText(value).then(
          () => {
            setCopied(true);
            showToast({ type: "success", title: "Copied!" });
          },
          () => showToast({ type: "error", title: "Could not copy", description: "Select the text and copy it by hand." }),
        )
      }
    >
      {copied ? "Copied" : "Copy"}
    </Button>
  );
}
