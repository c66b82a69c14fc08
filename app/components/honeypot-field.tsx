import { HONEYPOT_FIELD } from "#app/utils/honeypot";

/** The honeypot field (app/utils/honeypot.ts): off-screen and out of the tab order, so only bots fill it. */
export function HoneypotField({ id = "hp-website" }: { id?: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
