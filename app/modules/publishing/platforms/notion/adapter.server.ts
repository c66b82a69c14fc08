import { APIResponseError, extractDatabaseId, type BlockObjectRequest, type QueryDataSourceParameters } from "@notionhq/client";
import {
  PublishError,
  type AdapterContext,
  type ConnectInput,
  type ConnectResult,
  type MediaFile,
  type PostInput,
  type PublishingAdapter,
  type UploadedMedia,
} from "../../types";
import { typedToken } from "../connect-input";
import {
  NOTION_VERSION,
  type NotionConfig,
  type PageLike,
  SHARE_FIX,
  type Schema,
  call,
  notion,
  notionError,
  patiently,
  readConfig,
  token,
} from "./client.server";
import { notionDoctor } from "./doctor.server";
import {
  appendBatches,
  convert,
  cover,
  currentMapping,
  listChildIds,
  mapProperties,
  markerValue,
  pageProperties,
  toRemote,
} from "./pages.server";
import type { Client } from "@notionhq/client";

/**
 * Notion: one page per article in a database the customer shares with our
 * integration (docs/decisions/033). Through the official client, with
 * our guarded fetch so the SSRF guard and the per-host limit apply.
 *
 * Version: 2026-03-11, the newest Notion-Version. @notionhq/client 5.26.0 sends
 * 2025-09-03 unless told otherwise, but its generated types already describe
 * 2026-03-11 (`in_trash` instead of `archived`, `position` instead of `after`),
 * and nothing we call changed meaning between the two: pages are created under
 * a data source (2025-09-03+), blocks are appended at the end, trashed pages
 * are read from `in_trash`.
 *
 * Retries: the SDK's own are off. The engine owns retries of whole operations
 * (rate_limit honours Retry-After through retryAfterMs); the adapter only rides
 * out short 429s inside a multi-request body write (appending batches,
 * deleting old blocks), where starting over would redo every request.
 *
 * Idempotency: the page carries the publication id in a marker property
 * ("Inkpilot ID", Text or URL). A page is created with its properties and the
 * first 100 blocks; when a later batch fails, the error goes to the engine and
 * its retry finds the partial page by the marker and update() rewrites the
 * whole body, so no second page appears.
 *
 * Images: external image blocks pointing at the image's public URL in this
 * app (MediaFile.publicUrl). Notion's File Uploads API (in this client) would
 * copy them into Notion, but an upload expires unless attached within an hour
 * and multi-part bodies do not pass our guarded fetch yet; see limitations.
 */

/** What the publish dialog and the connect form say Notion cannot do. */
const LIMITATIONS = [
  "Notion has no drafts of its own: Inkpilot sets the database's Status property to Draft or Published when it has one, and the page is visible to everyone who can see the database.",
  "Notion does not publish on a date: a scheduled article is sent at its time by Inkpilot.",
  "Notion pages have no SEO title, meta description or canonical link; the summary goes to a Text property such as 'Summary' when the database has one.",
  "Images are shown from their address in Inkpilot (Notion loads them from there), so they need Inkpilot to stay reachable; Notion image blocks have no alt text.",
  "Headings below level 3 become level-3 headings or bold paragraphs, and lists deeper than two levels are flattened to two.",
  "Add a Text property named 'Inkpilot ID' to the database so a retry always finds the page it already created; without it Inkpilot matches by title.",
];

type ConnectContext = Omit<AdapterContext, "config" | "credentials" | "saveCredentials">;

/** Without a link, the error names the databases the integration can see, so the customer knows which link to paste. */
async function missingLinkError(client: Client) {
  const shared = await call("database", () => client.search({ filter: { property: "object", value: "data_source" }, page_size: 10 })).catch(
    () => null,
  );
  const names = (shared?.results ?? [])
    .map((r) => ((r as { title?: Array<{ plain_text?: string }> }).title ?? []).map((t) => t.plain_text ?? "").join(""))
    .filter(Boolean);
  return new PublishError(
    "config",
    names.length
      ? `Please paste the link to the Notion database to publish to (shared with the integration: ${names.join(", ")}).`
      : "Please paste the link to your Notion database.",
  );
}

async function checkToken(client: Client) {
  await call("token", () => client.users.me({})).catch((error: PublishError) => {
    if (error.kind === "auth") {
      throw new PublishError(
        "auth",
        "Notion did not accept this token. Copy the integration's secret from notion.so/profile/integrations.",
        {
          detail: error.detail,
        },
      );
    }
    throw error;
  });
}

/**
 * The database and data source a link names: a database link picks its data source (`wanted`, by id or name, or the
 * first); a link to a data source is taken as it is.
 */
async function locateDataSource(client: Client, id: string, wanted: string | undefined) {
  let databaseId = id;
  let dataSourceId: string;
  let databaseTitle = "Notion database";
  try {
    const database = (await client.databases.retrieve({ database_id: id })) as unknown as {
      id: string;
      title?: Array<{ plain_text?: string }>;
      data_sources?: Array<{ id: string; name: string }>;
    };
    databaseId = database.id;
    databaseTitle = database.title?.map((t) => t.plain_text ?? "").join("") || databaseTitle;
    const sources = database.data_sources ?? [];
    const chosen = (wanted && sources.find((s) => s.id === wanted || s.name === wanted)) || sources[0];
    if (!chosen) throw new PublishError("config", "This Notion database has no data source to add pages to.");
    dataSourceId = chosen.id;
  } catch (error) {
    const failure = notionError(error, "database");
    if (failure.kind !== "config" || !APIResponseError.isAPIResponseError(error) || error.status !== 404) throw failure;
    // The link may point at a data source rather than its database.
    try {
      await client.dataSources.retrieve({ data_source_id: id });
      dataSourceId = id;
    } catch {
      throw new PublishError(
        "config",
        "Notion cannot find this database, or it is not shared with your integration. In Notion, open the database, click ••• → Connections and add the integration, then try again.",
        { detail: failure.detail, fix: SHARE_FIX },
      );
    }
  }
  return { databaseId, dataSourceId, databaseTitle };
}

async function connectNotion(input: ConnectInput, ctx: ConnectContext): Promise<ConnectResult> {
  const secret = typedToken(input);
  const link = (input.options.database ?? input.options.databaseUrl ?? input.siteUrl ?? "").trim();
  const client = notion(ctx, secret);
  if (!link) throw await missingLinkError(client);
  const id = extractDatabaseId(link);
  if (!id) {
    throw new PublishError(
      "config",
      "That does not look like a Notion database link. Open the database in Notion, choose Share → Copy link, and paste it here.",
    );
  }
  await checkToken(client);
  const located = await locateDataSource(client, id, input.options.dataSource?.trim());
  const { dataSourceId, databaseTitle } = located;
  const source = (await call("database", () => client.dataSources.retrieve({ data_source_id: dataSourceId }))) as unknown as {
    properties: Schema;
    parent?: { database_id?: string };
  };
  const mapping = mapProperties(source.properties);
  if (!mapping) throw new PublishError("config", "This Notion database has no title property, so pages cannot be created in it.");
  const databaseId = source.parent?.database_id ?? located.databaseId;
  const config: NotionConfig = { databaseId, dataSourceId, databaseTitle, mapping, notionVersion: NOTION_VERSION };
  const siteUrl = `https://www.notion.so/${databaseId.replace(/-/g, "")}`;
  return { siteUrl, name: databaseTitle, credentials: { token: secret }, config };
}

/** By the marker property when the database has one, else (with a warning in the log) by title. */
async function findNotionPage(ctx: AdapterContext, post: PostInput) {
  const config = readConfig(ctx);
  const client = notion(ctx, token(ctx));
  const mapping = await currentMapping(ctx, client, config);
  let filter: QueryDataSourceParameters["filter"];
  if (mapping.marker) {
    const value = markerValue(mapping, post.publicationId);
    filter = (
      mapping.marker.type === "url"
        ? { property: mapping.marker.id, url: { equals: value } }
        : { property: mapping.marker.id, rich_text: { equals: value } }
    ) as QueryDataSourceParameters["filter"];
  } else {
    await ctx.log("warn", "notion.find", "no Inkpilot ID property: looking for a page with the same title");
    filter = { property: mapping.title.id, title: { equals: post.title } } as QueryDataSourceParameters["filter"];
  }
  const result = await call("database", () =>
    client.dataSources.query({
      data_source_id: config.dataSourceId,
      filter,
      sorts: [{ timestamp: "created_time", direction: "descending" }],
      page_size: 10,
    }),
  );
  const page = (result.results as PageLike[]).find((p) => !p.in_trash && !p.archived);
  return page ? toRemote(page, mapping) : null;
}

async function createNotionPage(ctx: AdapterContext, post: PostInput, featured: UploadedMedia | null) {
  const config = readConfig(ctx);
  const client = notion(ctx, token(ctx));
  const mapping = await currentMapping(ctx, client, config);
  const [first = [], ...rest] = convert(ctx, post.html);
  const page = (await call("database", () =>
    client.pages.create({
      parent: { type: "data_source_id", data_source_id: config.dataSourceId },
      properties: pageProperties(mapping, post),
      children: first as BlockObjectRequest[],
      ...(featured ? { cover: cover(featured)! } : {}),
    }),
  )) as PageLike;
  await appendBatches(ctx, client, page.id, rest);
  return toRemote(page, mapping);
}

async function updateNotionPage(ctx: AdapterContext, remote: { remoteId: string }, post: PostInput, featured: UploadedMedia | null) {
  const config = readConfig(ctx);
  const client = notion(ctx, token(ctx));
  const mapping = await currentMapping(ctx, client, config);
  const current = (await call("page", () => client.pages.retrieve({ page_id: remote.remoteId }))) as PageLike;
  if (current.in_trash || current.archived) throw new PublishError("not_found", "The page is in Notion's trash.");
  const page = (await call("page", () =>
    client.pages.update({ page_id: remote.remoteId, properties: pageProperties(mapping, post), cover: cover(featured) }),
  )) as PageLike;
  // New body first, then the old blocks go: readers never see an empty page, and a retry after a
  // failure in between converges (it lists old and partial new blocks alike and replaces them all).
  const old = await listChildIds(ctx, client, remote.remoteId);
  await appendBatches(ctx, client, remote.remoteId, convert(ctx, post.html));
  for (const id of old) {
    await patiently(ctx, "page", () => client.blocks.delete({ block_id: id })).catch((error: PublishError) => {
      // Already gone (deleted by hand or by an earlier attempt): nothing to do.
      if (error.kind !== "not_found") throw error;
    });
  }
  return toRemote(page, mapping);
}

async function readNotionPage(ctx: AdapterContext, remoteId: string) {
  const config = readConfig(ctx);
  const client = notion(ctx, token(ctx));
  try {
    const page = (await call("page", () => client.pages.retrieve({ page_id: remoteId }))) as PageLike;
    if (page.in_trash || page.archived) return null;
    return toRemote(page, config.mapping);
  } catch (error) {
    if (error instanceof PublishError && error.kind === "not_found") return null;
    throw error;
  }
}

export const notionAdapter: PublishingAdapter = {
  facts: {
    platform: "notion",
    name: "Notion",
    description: "Publish articles as pages in a Notion database, with their properties filled in.",
    connectKind: "form",
    supportsDraft: true,
    supportsSchedule: false,
    limitations: LIMITATIONS,
  },
  connect: connectNotion,
  doctor: notionDoctor,
  findExisting: findNotionPage,
  async uploadMedia(_ctx, file: MediaFile) {
    // Notion loads external images itself: the public address in this app is the image's home (see the header comment).
    return { remoteId: file.publicUrl, url: file.publicUrl };
  },
  create: createNotionPage,
  update: updateNotionPage,
  read: readNotionPage,
  async disconnect(ctx) {
    // An internal integration's secret cannot be revoked over the API: the workspace owner removes
    // the integration in Notion. We only forget it (the engine drops the credentials).
    await ctx.log("info", "notion.disconnect", "internal integration token forgotten; remove the integration in Notion to revoke it");
  },
};
