/**
 * The one honeypot: a field people never see (HoneypotField in
 * app/components/honeypot-field.tsx) and bots fill like every other. Each
 * form decides what a filled one gets (a quiet 400, a silent drop, templates
 * instead of an AI call).
 */
export const HONEYPOT_FIELD = "website";

export function isHoneypotFilled(form: FormData) {
  return String(form.get(HONEYPOT_FIELD) ?? "") !== "";
}
