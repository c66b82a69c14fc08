import { performance } from "node:perf_hooks";
import SQLite from "better-sqlite3";

/**
 * A fixed piece of work timed beside a benchmark's figures, so figures from machines of different speeds compare
 * (docs/decisions/054): the same build ran bench:pages three times slower on one of these machines than on another.
 * Like a page, it is single-threaded JavaScript (building strings, JSON, regular expressions, sorting) and small
 * SQLite reads and writes on one connection; nothing in it depends on the app, so it never changes with the code.
 * A figure divided by it (×ref) is how many of these the figure is worth on the machine it ran on.
 */

const ROWS = 2_000;
const WORDS = "the quick brown fox jumps over the lazy dog while seven coffee roasters argue about grind size".split(" ");

function javascriptPart() {
  let html = "";
  const items: Array<{ id: number; title: string; words: number }> = [];
  for (let i = 0; i < 6_000; i++) {
    const title = `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} ${i}`;
    items.push({ id: i, title, words: (i * 37) % 1_500 });
    html += `<li data-id="${i}"><a href="/articles/${i}">${title.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)}</a></li>`;
  }
  const parsed = JSON.parse(JSON.stringify(items)) as typeof items;
  parsed.sort((a, b) => b.words - a.words || a.title.localeCompare(b.title));
  return html.length + parsed[0]!.id + (html.match(/coffee/g)?.length ?? 0);
}

function sqlitePart() {
  const db = new SQLite(":memory:");
  db.exec(
    "CREATE TABLE articles (id INTEGER PRIMARY KEY, site TEXT, title TEXT, words INTEGER); CREATE INDEX by_site ON articles (site, words)",
  );
  const insert = db.prepare("INSERT INTO articles (site, title, words) VALUES (?, ?, ?)");
  // One transaction for the inserts, as a page's writes are (BEGIN/COMMIT: an in-memory database, not the app's).
  db.exec("BEGIN");
  for (let i = 0; i < ROWS; i++) insert.run(`site-${i % 20}`, `${WORDS[i % WORDS.length]} ${i}`, (i * 37) % 1_500);
  db.exec("COMMIT");
  const page = db.prepare("SELECT id, title FROM articles WHERE site = ? ORDER BY words DESC LIMIT 25");
  let seen = 0;
  for (let i = 0; i < 1_000; i++) seen += page.all(`site-${i % 20}`).length;
  db.close();
  return seen;
}

/** The reference workload's time on this machine now, in ms: the best of `runs` (the least disturbed by others). */
export function timeReferenceWorkload(runs = 5) {
  let best = Infinity;
  let sink = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    sink += javascriptPart() + sqlitePart();
    best = Math.min(best, performance.now() - started);
  }
  if (sink === 0) throw new Error("the reference workload did nothing");
  return best;
}

/** A figure as a multiple of the reference, e.g. "3.4×". */
export const timesReference = (ms: number, referenceMs: number) => `${(ms / referenceMs).toFixed(1)}×`;
