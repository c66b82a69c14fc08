import { FAKE_POSTMARK_PORT, fakeUrl } from "./stack";
import type { FakeMail } from "../fakes/postmark";

/** Waits for the fake Postmark to have received a mail to this address, and returns the newest. */
export async function waitForMail(to: string, { subject, timeoutMs = 10_000 }: { subject?: RegExp; timeoutMs?: number } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const all = (await (await fetch(`${fakeUrl(FAKE_POSTMARK_PORT)}/__fake/messages`)).json()) as FakeMail[];
    const match = all.filter((m) => m.To.toLowerCase() === to.toLowerCase() && (!subject || subject.test(m.Subject))).at(-1);
    if (match) return match;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No mail to ${to} arrived within ${timeoutMs} ms`);
}

/** The first link in a mail's text body that contains the given path. */
export function linkIn(mail: FakeMail, path: string) {
  const link = mail.TextBody?.match(/https?:\/\/\S+/g)?.find((l) => l.includes(path));
  if (!link) throw new Error(`No ${path} link in mail "${mail.Subject}"`);
  return link;
}
