import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { CompiledQuery, Kysely, SqliteDialect, type DatabaseConnection, type Driver } from "kysely";
import { getEnv } from "#app/env.server";
import { isReplica } from "./replica.server";
import type { Database } from "./schema";

export type DB = Kysely<Database>;

const WAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;

/**
 * Opens the database. Read-only on a replica (docs/decisions/080-replicas-and-processes.md): a write there fails
 * loudly instead of reaching a file LiteFS would refuse or, on one machine, the primary's own file.
 */
export function openDatabase(file: string, { readonly = false } = {}): { db: DB; sqlite: SQLite.Database } {
  if (!readonly) fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file, { readonly, fileMustExist: readonly });
  if (!readonly) sqlite.pragma("journal_mode = WAL");
  // A WAL grown by a burst of writes is cut back to this size once a checkpoint has emptied it.
  if (!readonly) sqlite.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  const dialect = new SqliteDialect({ database: withStatementCache(sqlite) });
  return { db: new Kysely<Database>({ dialect: beginningWith(dialect, readonly ? "begin" : "begin immediate") }), sqlite };
}

/**
 * Transactions take the write lock when they begin (`BEGIN IMMEDIATE`), not at their first write: a deferred
 * transaction that read before another process committed cannot write any more (SQLITE_BUSY_SNAPSHOT), and
 * several processes write to one primary (docs/decisions/080). A read-only connection cannot take that lock.
 */
function beginningWith(dialect: SqliteDialect, begin: string): SqliteDialect {
  const createDriver = dialect.createDriver.bind(dialect);
  dialect.createDriver = (): Driver => {
    const driver = createDriver();
    driver.beginTransaction = async (connection: DatabaseConnection) => {
      await connection.executeQuery(CompiledQuery.raw(begin));
    };
    return driver;
  };
  return dialect;
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
  opened ??= openDatabase(getEnv().databasePath, { readonly: isReplica() });
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
