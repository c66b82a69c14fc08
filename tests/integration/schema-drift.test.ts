import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import { getSqlite } from "#app/db/client.server";
import { testDb } from "#tests/setup/db";

/**
 * app/db/schema.ts is written by hand (docs/decisions: Kysely with hand-written
 * types); this test keeps it honest. It migrates a fresh database, reads every
 * table's columns with PRAGMA table_info, reads the `Database` interface of
 * schema.ts with the TypeScript compiler, and compares tables, columns,
 * nullability, Generated<> (a default or an INTEGER PRIMARY KEY) and the kind of
 * value (text or number).
 */

type Column = { nullable: boolean; generated: boolean; kind: "text" | "number" | "blob" | "other" };
type Tables = Record<string, Record<string, Column>>;

const SCHEMA_FILE = path.resolve("app/db/schema.ts");

/** The tables and columns of the migrated database. */
function databaseTables(): Tables {
  const sqlite = getSqlite();
  const names = sqlite
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'kysely_%' ORDER BY name")
    .pluck()
    .all() as string[];
  const tables: Tables = {};
  for (const name of names) {
    const columns = sqlite.prepare(`PRAGMA table_info("${name}")`).all() as Array<{
      name: string;
      type: string;
      notnull: number;
      dflt_value: string | null;
      pk: number;
    }>;
    const rowidAlias = columns.filter((c) => c.pk > 0).length === 1 && columns.some((c) => c.pk > 0 && c.type.toUpperCase() === "INTEGER");
    tables[name] = {};
    for (const c of columns) {
      const nullable = c.notnull === 0 && c.pk === 0;
      const hasDefault = c.dflt_value !== null && c.dflt_value.toUpperCase() !== "NULL";
      tables[name][c.name] = { nullable, generated: hasDefault || (rowidAlias && c.pk > 0), kind: affinity(c.type) };
    }
  }
  return tables;
}

/** SQLite's type affinity rules (https://sqlite.org/datatype3.html#determination_of_column_affinity), folded to what a Kysely type can say. */
function affinity(declared: string): Column["kind"] {
  const type = declared.toUpperCase();
  if (type.includes("INT")) return "number";
  if (type.includes("CHAR") || type.includes("CLOB") || type.includes("TEXT")) return "text";
  if (type.includes("BLOB") || type === "") return "blob";
  if (type.includes("REAL") || type.includes("FLOA") || type.includes("DOUB")) return "number";
  return "number"; // NUMERIC affinity
}

/** The tables and columns that schema.ts declares, read from its `Database` interface. */
function declaredTables(source: string): Tables {
  const file = ts.createSourceFile(SCHEMA_FILE, source, ts.ScriptTarget.Latest, true);
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  const aliases = new Map<string, ts.TypeNode>();
  for (const statement of file.statements) {
    if (ts.isInterfaceDeclaration(statement)) interfaces.set(statement.name.text, statement);
    if (ts.isTypeAliasDeclaration(statement)) aliases.set(statement.name.text, statement.type);
  }

  // Follows local aliases (Timestamp, Bool, AutoId, ...) down to what a column holds.
  function columnOf(node: ts.TypeNode): Column {
    if (ts.isParenthesizedTypeNode(node)) return columnOf(node.type);
    if (ts.isTypeReferenceNode(node)) {
      const name = node.typeName.getText(file);
      if (name === "Generated" || name === "GeneratedAlways") return { ...columnOf(node.typeArguments![0]!), generated: true };
      const alias = aliases.get(name);
      if (alias) return columnOf(alias);
      if (name === "Buffer" || name === "Uint8Array") return { nullable: false, generated: false, kind: "blob" };
      return { nullable: false, generated: false, kind: "other" };
    }
    if (ts.isUnionTypeNode(node)) {
      const parts = node.types.map(columnOf);
      const values = parts.filter((p, i) => !isNull(node.types[i]!));
      const kinds = new Set(values.map((p) => p.kind));
      return {
        nullable: node.types.some(isNull) || parts.some((p) => p.nullable),
        generated: parts.some((p) => p.generated),
        kind: kinds.size === 1 ? [...kinds][0]! : "other",
      };
    }
    if (node.kind === ts.SyntaxKind.StringKeyword) return { nullable: false, generated: false, kind: "text" };
    if (node.kind === ts.SyntaxKind.NumberKeyword) return { nullable: false, generated: false, kind: "number" };
    if (ts.isLiteralTypeNode(node)) {
      if (ts.isStringLiteral(node.literal)) return { nullable: false, generated: false, kind: "text" };
      if (ts.isNumericLiteral(node.literal)) return { nullable: false, generated: false, kind: "number" };
    }
    return { nullable: false, generated: false, kind: "other" };
  }
  function isNull(node: ts.TypeNode) {
    return ts.isLiteralTypeNode(node) && node.literal.kind === ts.SyntaxKind.NullKeyword;
  }

  const database = interfaces.get("Database");
  if (!database) throw new Error("app/db/schema.ts has no Database interface");
  const tables: Tables = {};
  for (const member of database.members) {
    if (!ts.isPropertySignature(member) || !member.type || !ts.isTypeReferenceNode(member.type)) continue;
    const tableName = member.name.getText(file);
    const table = interfaces.get(member.type.typeName.getText(file));
    if (!table) throw new Error(`app/db/schema.ts: no interface ${member.type.typeName.getText(file)} for table ${tableName}`);
    tables[tableName] = {};
    for (const property of table.members) {
      if (!ts.isPropertySignature(property) || !property.type) continue;
      tables[tableName][property.name.getText(file)] = columnOf(property.type);
    }
  }
  return tables;
}

/** Every disagreement, one line each, so a failure reads as a to-do list. */
function differences(database: Tables, declared: Tables): string[] {
  const found: string[] = [];
  for (const table of Object.keys(database)) if (!declared[table]) found.push(`table ${table} is missing from schema.ts`);
  for (const table of Object.keys(declared)) if (!database[table]) found.push(`table ${table} is in schema.ts but not in the database`);
  for (const [table, columns] of Object.entries(database)) {
    const typed = declared[table];
    if (!typed) continue;
    for (const [name, column] of Object.entries(columns)) {
      const type = typed[name];
      const where = `${table}.${name}`;
      if (!type) {
        found.push(`${where} is missing from schema.ts`);
        continue;
      }
      if (column.nullable !== type.nullable)
        found.push(
          `${where} is ${column.nullable ? "nullable" : "NOT NULL"} in the database but ${type.nullable ? "nullable" : "not nullable"} in schema.ts`,
        );
      if (column.generated !== type.generated)
        found.push(
          column.generated
            ? `${where} has a default (or is an INTEGER PRIMARY KEY) but is not Generated<> in schema.ts`
            : `${where} is Generated<> in schema.ts but has no default in the database`,
        );
      if (type.kind !== "other" && column.kind !== type.kind)
        found.push(`${where} holds ${column.kind} in the database but ${type.kind} in schema.ts`);
    }
    for (const name of Object.keys(typed)) if (!(name in columns)) found.push(`${table}.${name} is in schema.ts but not in the database`);
  }
  return found;
}

describe("app/db/schema.ts against the migrated database", () => {
  let database: Tables;
  beforeAll(async () => {
    await testDb();
    database = databaseTables();
  });

  it("declares every table and column the migrations create, with the same nullability, defaults and kind of value", () => {
    expect(differences(database, declaredTables(fs.readFileSync(SCHEMA_FILE, "utf8")))).toEqual([]);
  });

  it("notices drift (a column dropped, a nullability flipped, a default forgotten)", () => {
    const source = fs
      .readFileSync(SCHEMA_FILE, "utf8")
      .replace("  password_hash: string | null;\n", "")
      .replace("  email_verified_at: Timestamp | null;", "  email_verified_at: Timestamp;")
      .replace("  full_name: Generated<string>;", "  full_name: string;");
    expect(differences(database, declaredTables(source))).toEqual([
      "users.email_verified_at is nullable in the database but not nullable in schema.ts",
      "users.password_hash is missing from schema.ts",
      "users.full_name has a default (or is an INTEGER PRIMARY KEY) but is not Generated<> in schema.ts",
    ]);
  });
});
