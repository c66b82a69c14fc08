/** The panel's ways of quoting and counting in its findings. */

export function plural(n: number, word: string) {
  return `${n.toLocaleString("en-US")} ${word}${n === 1 ? "" : "s"}`;
}

/** A sentence in curly quotes, cut at a word after `max` characters. */
export const quote = (text: string, max = 140) => `“${text.length > max ? `${text.slice(0, max - 1).replace(/\s+\S*$/, "")}…` : text}”`;

export const percent = (share: number) => `${Math.round(share * 100)}%`;

/** "a, b and c". */
export const list = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;

export function capitalise(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export const NO_KEYWORD = "Set a target keyword to check this.";
