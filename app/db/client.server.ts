import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { getEnv } from "#app/env.server";
import type { Database } from "./schema";

export type DB = Kysely<Database>;

export function openDatabase(file: string): { db: DB; sqlite: SQLite.Database } {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) }), sqlite };
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * The connection as Kysely sees it, with its prepared statements kept by SQL text. Kysely's SQLite driver
 * prepares every query again (a quarter of a millisecond per page view in statement compilation alone); a
 * statement can be run again once it has finished, and the driver runs one query at a time on the connection
 * (a stream holds it until its rows are read), so one statement is never used twice at once. SQLite prepares
 * a statement again by itself after a schema change. The least recently used statement goes beyond 500.
 */
function withStatementCache(sqlite: SQLite.Database) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(source: string) {
      let statement = statements.get(source);
      if (statement) statements.delete(source);
      else {
        statement = sqlite.prepare(source);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      }
      statements.set(source, statement);
      return statement;
    },
  };
}

/**
 * The one way to open a transaction (tests/architecture/transactions.test.ts forbids `.transaction(` elsewhere):
 * runs `fn` in a new transaction, or inside the caller's when `db` already is one, so a function that must be
 * atomic can also be one step of a larger one (docs/decisions/023-kysely-with-hand-written-types.md). A joined
 * call opens no savepoint: its writes commit or roll back with the caller's, and its error rolls the whole
 * transaction back unless the caller catches it, so never catch and carry on inside a transaction. Kysely's
 * SQLite driver runs one query at a time on the connection, so inside `fn` use `trx`, never the outer handle.
 */
export function inTransaction<T>(db: DB, fn: (trx: DB) => Promise<T>): Promise<T> {
  if (db.isTransaction) return fn(db);
  return db.transaction().execute((trx) => fn(trx));
}

let opened: ReturnType<typeof openDatabase> | undefined;

/** The process-wide connection, opened on first use at the configured path. */
export function getDb(): DB {
  opened ??= openDatabase(getEnv().databasePath);
  return opened.db;
}

export function getSqlite(): SQLite.Database {
  getDb();
  return opened!.sqlite;
}

export async function closeDb() {
  if (!opened) return;
  const current = opened;
  opened = undefined;
  await current.db.destroy();
}
