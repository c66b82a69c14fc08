import emailMisspelled, { all } from "email-misspelled";

/**
 * 'Did you mean …?' for a mistyped mail provider ('gmial.com' → 'gmail.com'), from the email-misspelled library's
 * list of common providers (at most two letters off). Isomorphic: sign-up asks on the server without JavaScript and
 * as the address is typed with it.
 */
const check = emailMisspelled({ domains: all, maxMisspelled: 2 });

/** The likely intended address, or null when the domain is a known provider's or not near one. */
export function suggestEmail(email: string): string | null {
  const address = email.trim().toLowerCase();
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(address)) return null;
  return check(address)[0]?.corrected ?? null;
}

/** The sign-up field's question when the server sees a likely typo (the form then lets the address be kept). */
export const typoQuestion = (suggested: string, typed: string) =>
  `Did you mean ${suggested}? Correct it, or sign up again to keep ${typed}.`;
