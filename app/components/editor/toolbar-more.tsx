import { DropdownMenu } from "radix-ui";
import { cn } from "#app/utils/cn";
import { MoreIcon } from "./toolbar-icons";

/**
 * The toolbar's 'More' menu: the controls docs/product.md lists that few articles
 * need (font, size, text colour and highlight, sub/superscript, direction),
 * kept out of the main row so it fits one line on a phone
 * (docs/decisions/036-ai-edits-reviewed-before-applied.md, "Toolbar").
 * A Radix menu: arrow keys, typeahead, Escape, focus return.
 */

const FONT_FAMILIES = ["Arial", "Georgia", "Helvetica", "Times New Roman", "Trebuchet MS", "Verdana", "Courier New"];
const FONT_SIZES = ["12px", "14px", "16px", "18px", "20px", "24px", "28px", "32px"];
const TEXT_COLOURS = [
  { label: "Black", value: "#000000" },
  { label: "Grey", value: "#4b5563" },
  { label: "Red", value: "#b91c1c" },
  { label: "Orange", value: "#c2410c" },
  { label: "Green", value: "#15803d" },
  { label: "Blue", value: "#1d4ed8" },
  { label: "Purple", value: "#7e22ce" },
];
const HIGHLIGHTS = [
  { label: "Yellow", value: "#fef08a" },
  { label: "Green", value: "#bbf7d0" },
  { label: "Blue", value: "#bfdbfe" },
  { label: "Pink", value: "#fbcfe8" },
];

export type MoreState = {
  fontFamily: string;
  fontSize: string;
  color: string;
  background: string;
  subscript: boolean;
  superscript: boolean;
};
export type MoreActions = {
  style: (styles: Record<string, string | null>) => void;
  format: (type: "subscript" | "superscript") => void;
  direction: (direction: "ltr" | "rtl") => void;
};

const itemClass =
  "flex cursor-pointer select-none items-center gap-2 rounded px-2 py-1.5 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100 data-[state=open]:bg-slate-100";
const contentClass = "z-50 min-w-44 rounded-md border border-slate-200 bg-white p-1 shadow-lg";

function Check({ on }: { on: boolean }) {
  return (
    <span aria-hidden="true" className="w-3 text-center">
      {on ? "✓" : ""}
    </span>
  );
}

function Choices({
  label,
  value,
  options,
  onChange,
  swatch,
}: {
  label: string;
  value: string;
  options: { label: string; value: string }[];
  onChange: (value: string) => void;
  swatch?: "text" | "background";
}) {
  return (
    <DropdownMenu.Sub>
      <DropdownMenu.SubTrigger className={itemClass}>
        <span className="flex-1">{label}</span>
        <span aria-hidden="true">›</span>
      </DropdownMenu.SubTrigger>
      <DropdownMenu.Portal>
        <DropdownMenu.SubContent className={contentClass} sideOffset={4} collisionPadding={8}>
          <DropdownMenu.RadioGroup value={value} onValueChange={onChange}>
            {options.map((o) => (
              <DropdownMenu.RadioItem key={o.value || "default"} value={o.value} className={itemClass}>
                <Check on={o.value === value} />
                {swatch && o.value ? (
                  <span aria-hidden="true" className="h-3 w-3 rounded-sm border border-slate-300" style={{ background: o.value }} />
                ) : null}
                <span style={swatch ? undefined : label === "Font" && o.value ? { fontFamily: o.value } : undefined}>{o.label}</span>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.SubContent>
      </DropdownMenu.Portal>
    </DropdownMenu.Sub>
  );
}

export function MoreMenu({
  state,
  actions,
  onOpen,
  onClose,
}: {
  state: MoreState;
  actions: MoreActions;
  /** Before the menu takes focus: the toolbar remembers the editor's selection. */
  onOpen: () => void;
  /** After it closes: focus goes back to the text. */
  onClose: () => void;
}) {
  return (
    <DropdownMenu.Root
      modal={false}
      onOpenChange={(open) => {
        if (open) onOpen();
      }}
    >
      <DropdownMenu.Trigger
        aria-label="More formatting"
        title="More formatting"
        className="inline-flex h-8 shrink-0 items-center justify-center gap-1 rounded px-1.5 text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 data-[state=open]:bg-slate-200"
      >
        <MoreIcon />
        <span>More</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          collisionPadding={8}
          className={contentClass}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            onClose();
          }}
        >
          <Choices
            label="Font"
            value={state.fontFamily}
            options={[{ label: "Default font", value: "" }, ...FONT_FAMILIES.map((f) => ({ label: f, value: f }))]}
            onChange={(v) => actions.style({ "font-family": v || null })}
          />
          <Choices
            label="Font size"
            value={state.fontSize}
            options={[{ label: "Default size", value: "" }, ...FONT_SIZES.map((s) => ({ label: s, value: s }))]}
            onChange={(v) => actions.style({ "font-size": v || null })}
          />
          <Choices
            label="Text colour"
            value={state.color}
            swatch="text"
            options={[{ label: "Default colour", value: "" }, ...TEXT_COLOURS]}
            onChange={(v) => actions.style({ color: v || null })}
          />
          <Choices
            label="Highlight"
            value={state.background}
            swatch="background"
            options={[{ label: "No highlight", value: "" }, ...HIGHLIGHTS]}
            onChange={(v) => actions.style({ "background-color": v || null })}
          />
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.CheckboxItem className={itemClass} checked={state.subscript} onSelect={() => actions.format("subscript")}>
            <Check on={state.subscript} />
            <span>
              Subscript <span aria-hidden="true">(X₂)</span>
            </span>
          </DropdownMenu.CheckboxItem>
          <DropdownMenu.CheckboxItem className={itemClass} checked={state.superscript} onSelect={() => actions.format("superscript")}>
            <Check on={state.superscript} />
            <span>
              Superscript <span aria-hidden="true">(X²)</span>
            </span>
          </DropdownMenu.CheckboxItem>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item className={cn(itemClass, "pl-7")} onSelect={() => actions.direction("ltr")}>
            Left to right
          </DropdownMenu.Item>
          <DropdownMenu.Item className={cn(itemClass, "pl-7")} onSelect={() => actions.direction("rtl")}>
            Right to left
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
