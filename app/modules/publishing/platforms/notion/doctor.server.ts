import { check, failedCheck, imagesReachableCheck, unreadableSettingsCheck } from "../doctor";
import {
  type NotionConfig,
  type NotionMapping,
  SHARE_FIX,
  type Schema,
  call,
  notion,
  notionError,
  readConfig,
  token,
} from "./client.server";
import { mapProperties } from "./pages.server";
import type { AdapterContext, DoctorCheck } from "../../types";
import type { Client } from "@notionhq/client";

/**
 * Notion's connection doctor: the token, the database and its data source, then the properties Inkpilot writes.
 * Each step stops the rest when it fails, since what follows could only fail for the same reason.
 */
export async function notionDoctor(ctx: AdapterContext): Promise<DoctorCheck[]> {
  let client: Client;
  let config: NotionConfig;
  try {
    client = notion(ctx, token(ctx));
    config = readConfig(ctx);
  } catch (error) {
    const failure = notionError(error);
    return [unreadableSettingsCheck("Notion", failure)];
  }

  const checks: DoctorCheck[] = [await tokenCheck(client)];
  if (checks.some((c) => c.state === "fail")) return checks;
  checks.push(...(await databaseChecks(client, config)));
  if (checks.some((c) => c.state === "fail")) return checks;

  let schema: Schema;
  try {
    const source = await call("database", () => client.dataSources.retrieve({ data_source_id: config.dataSourceId }));
    schema = (source as unknown as { properties: Schema }).properties;
  } catch (error) {
    const failure = notionError(error, "database");
    checks.push(failedCheck("schema", "Database properties", failure, "Check again in a minute."));
    return checks;
  }
  const byId = (id: string) => Object.values(schema).find((p) => p.id === id);
  const fresh = mapProperties(schema);
  checks.push(titleCheck(config, byId), markerCheck(config, byId, fresh), statusCheck(config, byId));
  checks.push(
    ...imagesReachableCheck(
      (appUrl) =>
        `Notion loads images from Inkpilot's address (${appUrl}), which it cannot reach from the internet, so images will not show.`,
    ),
  );
  return checks;
}

type SchemaProperty = Schema[string];
type PropertyById = (id: string) => SchemaProperty | undefined;

async function tokenCheck(client: Client): Promise<DoctorCheck> {
  try {
    const me = (await call("token", () => client.users.me({}))) as { name?: string | null; bot?: { workspace_name?: string | null } };
    return check(
      "token",
      "Integration token",
      "pass",
      `Notion accepts the token (integration "${me.name ?? "Inkpilot"}"${me.bot?.workspace_name ? ` in ${me.bot.workspace_name}` : ""}).`,
    );
  } catch (error) {
    const failure = notionError(error, "token");
    return check(
      "token",
      "Integration token",
      "fail",
      failure.kind === "auth" ? "Notion does not accept this token: it was revoked, or the integration was deleted." : failure.message,
      failure.kind === "auth"
        ? "Copy the integration's secret again from notion.so/profile/integrations and reconnect."
        : "Check again in a minute.",
    );
  }
}

/** Whether the database is still shared with the integration, and still holds the data source pages go to. */
async function databaseChecks(client: Client, config: NotionConfig): Promise<DoctorCheck[]> {
  let database: { data_sources?: Array<{ id: string }> };
  try {
    database = (await call("database", () => client.databases.retrieve({ database_id: config.databaseId }))) as unknown as typeof database;
  } catch (error) {
    const failure = notionError(error, "database");
    return [
      check(
        "shared",
        "Database shared with the integration",
        "fail",
        failure.kind === "config" && failure.fix === SHARE_FIX
          ? "Notion cannot find the database for this integration: it is not shared with it, or it was deleted."
          : failure.message,
        failure.fix ?? "Check again in a minute.",
      ),
    ];
  }
  const sources = database.data_sources ?? [];
  const known = sources.some((s) => s.id.replace(/-/g, "") === config.dataSourceId.replace(/-/g, ""));
  return [
    check("shared", "Database shared with the integration", "pass", `Inkpilot can open "${config.databaseTitle}".`),
    known
      ? check("data_source", "Data source", "pass", "The database's data source Inkpilot adds pages to is there.")
      : check(
          "data_source",
          "Data source",
          "fail",
          "The data source Inkpilot adds pages to is no longer in this database.",
          "Reconnect Notion so Inkpilot picks the database's current data source.",
        ),
  ];
}

function titleCheck(config: NotionConfig, byId: PropertyById): DoctorCheck {
  const title = byId(config.mapping.title.id);
  return title?.type === "title"
    ? check("title", "Title property", "pass", `Article titles go to "${title.name}".`)
    : check(
        "title",
        "Title property",
        "fail",
        "The database's title property changed since Notion was connected.",
        "Reconnect Notion so Inkpilot reads the properties again.",
      );
}

/** The property a page's publication id goes to: the one mapped at connect, or one added to the database since. */
function markerCheck(config: NotionConfig, byId: PropertyById, fresh: NotionMapping | null): DoctorCheck {
  const marker = (config.mapping.marker && byId(config.mapping.marker.id)) || fresh?.marker;
  return marker
    ? check(
        "marker",
        "Inkpilot ID property",
        "pass",
        `Each page carries its publication id in "${marker.name}", so a retry finds the page it created.`,
      )
    : check(
        "marker",
        "Inkpilot ID property",
        "warn",
        "The database has no 'Inkpilot ID' property. Without it a page whose creation answer was lost cannot be found reliably; Inkpilot then looks for a page with the same title.",
        "Add a Text property named 'Inkpilot ID' to the database, then Check again.",
      );
}

/** Whether the Status property is there with an option for drafts and one for published articles. */
function statusCheck(config: NotionConfig, byId: PropertyById): DoctorCheck {
  const status = config.mapping.status ? byId(config.mapping.status.id) : undefined;
  if (!status) {
    return check(
      "status",
      "Status property",
      "warn",
      "The database has no Status property, so drafts and published articles look the same in Notion.",
      "Add a Status (or Select) property named 'Status' with the options 'Draft' and 'Published', then reconnect.",
    );
  }
  const options = (status.status ?? status.select)?.options.map((o) => o.name) ?? [];
  const missing = [
    config.mapping.status?.draft && options.includes(config.mapping.status.draft) ? null : "Draft",
    config.mapping.status?.published && options.includes(config.mapping.status.published) ? null : "Published",
  ].filter(Boolean);
  return missing.length === 0
    ? check(
        "status",
        "Status property",
        "pass",
        `Drafts get "${config.mapping.status!.draft}", published articles "${config.mapping.status!.published}" in "${status.name}".`,
      )
    : check(
        "status",
        "Status property",
        "warn",
        `"${status.name}" has no option for ${missing.join(" and ")}; Inkpilot leaves the status empty then.`,
        `Add the option${missing.length > 1 ? "s" : ""} ${missing.map((m) => `'${m}'`).join(" and ")} to "${status.name}", then reconnect.`,
      );
}
