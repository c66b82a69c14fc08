export function isoNow(at: Date = new Date()) {
  return at.toISOString();
}

export function isoIn(ms: number, from: Date = new Date()) {
  return new Date(from.getTime() + ms).toISOString();
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
