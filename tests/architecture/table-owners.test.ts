import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { APP, sourceFiles } from "./imports";

/**
 * One owner per table: only the owning area of app/modules writes a table (insertInto, updateTable, deleteFrom, or an
 * INSERT/UPDATE/DELETE in sql text); the others call the owner's functions, so the rules of a row's state machine
 * live in one place. Reading across areas stays allowed. app/db (migrations) is not an area and is not checked.
 */

/** The area (folder of app/modules) that writes each table of app/db/schema.ts. */
const OWNERS: Record<string, string> = {
  users: "auth",
  sessions: "auth",
  rate_limits: "auth",
  requests_in_flight: "auth",
  auth_tokens: "auth",
  oauth_accounts: "auth",
  workspaces: "workspaces",
  memberships: "workspaces",
  invitations: "workspaces",
  sites: "workspaces",
  blog_slug_redirects: "workspaces",
  blog_domains: "hosted-blog",
  blog_appearance: "hosted-blog",
  blog_proxies: "hosted-blog",
  brand_settings: "settings",
  content_settings: "settings",
  publishing_settings: "publishing",
  app_config: "settings",
  topics: "topics",
  articles: "articles",
  article_counts: "articles",
  article_revisions: "articles",
  article_sentences: "articles",
  article_sentence_sets: "articles",
  usage_events: "articles",
  article_images: "generation",
  generations: "generation",
  article_proposals: "generation",
  plan_items: "plan",
  cms_platforms: "publishing",
  cms_connections: "publishing",
  publications: "publishing",
  publication_media: "publishing",
  oauth_states: "auth",
  cms_installs: "publishing",
  shopify_webhook_ids: "publishing",
  diag_logs: "publishing",
  subscriptions: "billing",
  stripe_events: "billing",
  ai_usage: "billing",
  autopilot_days: "autopilot",
  autopilot_day_events: "autopilot",
  article_approvals: "autopilot",
  api_keys: "api",
  webhook_endpoints: "webhooks",
  webhook_deliveries: "webhooks",
  jobs: "jobs",
  mail_outbox: "email",
  audit_log: "audit",
  contact_messages: "site-content",
  links: "backlinks",
  backlink_data: "backlinks",
  stored_images: "uploads",
  research_cache: "research",
  site_pages: "research",
  search_console_connections: "search-console",
  search_pages: "search-console",
  search_queries: "search-console",
  search_site_days: "search-console",
  search_page_days: "search-console",
  search_page_query_weeks: "search-console",
  search_query_weeks: "search-console",
  search_findings: "results",
  article_research: "research",
  indexnow_keys: "indexing",
  indexnow_submissions: "indexing",
  sitemap_submissions: "indexing",
  url_inspections: "indexing",
  search_console_calls: "indexing",
};

/**
 * Writes allowed outside the owner, as "file: table", each with its reason. The demo seeder backdates its
 * fixture (sign-up dates, the plan history, a fixed blog address, the trial's article count): states no product
 * path produces, so the owners carry no function for them. A write that is gone must leave this list.
 */
const EXCEPTIONS: Record<string, string> = {
  "modules/demo/seed.server.ts: sites": "demo fixture: created_at backdated, fixed blog slug",
  "modules/demo/seed.server.ts: users": "demo fixture: created_at backdated",
  "modules/demo/seed.server.ts: workspaces": "demo fixture: name, plan history, trial articles used",
};

const WRITE =
  /\b(?:insertInto|updateTable|deleteFrom)\(\s*["'`]([a-z_]+)(?:\s+as\s+\w+)?["'`]|\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+([a-z_]+)\b/g;

function writes() {
  return sourceFiles(APP)
    .filter((file) => !path.relative(APP, file).startsWith("db/"))
    .flatMap((file) => {
      const relative = path.relative(APP, file);
      const area = relative.startsWith("modules/") ? relative.split("/")[1]! : relative.split("/")[0]!;
      const tables = new Set([...fs.readFileSync(file, "utf8").matchAll(WRITE)].map((m) => m[1] ?? m[2] ?? ""));
      return [...tables].filter((table) => table in OWNERS).map((table) => ({ file: relative, area, table }));
    });
}

/**
 * Tables only their owner reads too: what they hold is asked through the owner's functions, so one rule decides
 * it (whether a site is connected to Search Console: search-console/status.server.ts, docs/decisions/072).
 */
const PRIVATE_TABLES = ["search_console_connections"];

function reads(table: string) {
  const use = new RegExp(`["'\`]${table}(?:\\s+as\\s+\\w+)?["'\`]|\\b(?:FROM|JOIN)\\s+${table}\\b`);
  return sourceFiles(APP)
    .filter((file) => !path.relative(APP, file).startsWith("db/") && use.test(fs.readFileSync(file, "utf8")))
    .map((file) => path.relative(APP, file));
}

describe("table owners", () => {
  test("a private table is read only by its owner", () => {
    for (const table of PRIVATE_TABLES) {
      const files = reads(table);
      expect(files.length, `the check sees ${table} in its owner`).toBeGreaterThan(0);
      expect(files.filter((file) => !file.startsWith(`modules/${OWNERS[table]}/`))).toEqual([]);
    }
  });

  test("every table of the schema has an owner", () => {
    const schema = fs.readFileSync(path.join(APP, "db/schema.ts"), "utf8");
    const database = schema.slice(schema.indexOf("export interface Database {"));
    const tables = [...database.slice(0, database.indexOf("}")).matchAll(/^\s+([a-z_]+):/gm)].map((m) => m[1]);
    expect(tables.length).toBeGreaterThan(30);
    expect(tables.filter((table) => !(table! in OWNERS))).toEqual([]);
    expect(Object.keys(OWNERS).filter((table) => !tables.includes(table))).toEqual([]);
  });

  test("only its owner writes a table", () => {
    const foreign = writes()
      .filter(({ area, table }) => area !== OWNERS[table])
      .map(({ file, table }) => `${file}: ${table}`)
      .sort();
    expect(foreign).toEqual(Object.keys(EXCEPTIONS).sort());
  });

  test("the check sees writes", () => {
    const found = writes().map(({ file, table }) => `${file}: ${table}`);
    // A builder call, and a sql-text UPDATE (the queue's claim).
    expect(found).toContain("modules/articles/mutations.server.ts: articles");
    expect(found).toContain("modules/jobs/queue.server.ts: jobs");
  });
});
