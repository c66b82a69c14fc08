import path from "node:path";
import { describe, expect, test } from "vitest";
import { APP, importGraph } from "./imports";

/**
 * The area order (docs/decisions/072): each area of app/modules, and the app's shell around them, may import only
 * the areas listed after it. A screen composes areas from above; an area that must react to one above it does so
 * through a start-up hook (app/worker/hooks.server.ts), never by importing it. Today's exceptions are listed with
 * their reason; the list may only shrink: an exception that no longer occurs fails until it is removed.
 */
const AREA_ORDER = [
  // The shell: entry points, screens, the worker's composition root and shared components.
  "entry.server",
  "root",
  "routes",
  "worker",
  "components",
  "demo",
  // Areas, from those that compose the most to those every other one uses.
  "api",
  "admin",
  "account",
  "site-content",
  "blog",
  "onboarding",
  "scheduler",
  "autopilot",
  "results",
  "topics",
  "plan",
  "tools",
  "generation",
  "ai",
  "publishing",
  "webhooks",
  "articles",
  "indexing",
  "search-console",
  "backlinks",
  "hosted-blog",
  "research",
  "billing",
  "workspaces",
  "auth",
  "email",
  "settings",
  "uploads",
  "cpu",
  "crm",
  "jobs",
  "audit",
  "backup",
  "storage",
  // The ground: the database, utilities, the environment and the request context.
  "db",
  "utils",
  "env.server",
  "context",
] as const;

/** Imports up the order that remain, as "from -> to", each with why it is still there. */
const EXCEPTIONS: Record<string, string> = {
  "articles -> results": "the articles list shows each article's clicks from the results' figures",
  "auth -> workspaces": "signing up creates the person's workspace in the same transaction",
  "backlinks -> articles": "a link check marks the scores of the articles holding the link stale",
  "billing -> articles": "the AI meter counts generations against the article quota",
  "cpu -> articles": "the worker thread runs the article analysis it is handed",
  "cpu -> generation": "the worker thread runs the edit diff it is handed",
  "hosted-blog -> publishing": "a blog address change moves the hosted publications; blog images use the figure markup",
  "indexing -> publishing": "IndexNow's calls are written to publishing's diagnostics log",
  "research -> articles": "grounding weighs a page's sentences with the article checks' stemmer",
  "results -> autopilot": "a finding's refresh is held with auto-pilot's gate reasons",
  "uploads -> auth": "uploads are rate limited by auth's named limiter",
  "webhooks -> publishing": "event webhooks are delivered with the webhook platform's signed HTTP client",
  "workspaces -> api": "removing a member revokes or keeps their API keys in the same transaction",
  "workspaces -> billing": "a new workspace starts on the trial plan's terms",
  "workspaces -> publishing": "a new site starts with its hosted blog as its destination, in the same transaction",
};

function areaOf(file: string) {
  const relative = path.relative(APP, file);
  return relative.startsWith("modules/") ? relative.split("/")[1]! : relative.split("/")[0]!.replace(/\.tsx?$/, "");
}

/** "from -> to" of every import that runs up the order, with the files that make it. */
function upwardImports() {
  const rank = new Map<string, number>(AREA_ORDER.map((area, i) => [area, i]));
  const found = new Map<string, string[]>();
  for (const [file, targets] of importGraph()) {
    const from = areaOf(file);
    for (const target of targets) {
      const to = areaOf(target);
      if (from === to || (rank.get(from) ?? -1) < (rank.get(to) ?? -1)) continue;
      const key = `${from} -> ${to}`;
      found.set(key, [...(found.get(key) ?? []), `${path.relative(APP, file)} -> ${path.relative(APP, target)}`]);
    }
  }
  return found;
}

describe("the area order", () => {
  test("places every area of the app", () => {
    const areas = new Set([...importGraph().keys()].map(areaOf));
    expect([...areas].filter((area) => !(AREA_ORDER as readonly string[]).includes(area))).toEqual([]);
  });

  test("no area imports one above it, but for the listed exceptions", () => {
    const found = upwardImports();
    const unlisted = [...found].filter(([key]) => !(key in EXCEPTIONS)).map(([key, files]) => `${key}: ${files.join(", ")}`);
    expect(unlisted, "an import up the order: move the code down, or react through a start-up hook").toEqual([]);
    const gone = Object.keys(EXCEPTIONS).filter((key) => !found.has(key));
    expect(gone, "an exception that no longer occurs: remove it from EXCEPTIONS").toEqual([]);
  });
});
