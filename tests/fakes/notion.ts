import crypto from "node:crypto";
import http from "node:http";
import { listen, readBody, sendJson } from "./http-fake";

/**
 * A local Notion API (docs/decisions/033) close enough for
 * @notionhq/client to work unchanged: Bearer tokens, a required
 * Notion-Version, databases holding one data source with a configurable
 * schema, pages created under a data source with properties and `children`
 * or `markdown` (never both), Notion's validation limits (100 children per
 * request and per block, 2,000 characters per rich-text item, 100 items per
 * array, two nesting levels, unknown properties, status options that must
 * exist), block children appended / listed with cursors / deleted, data
 * source queries with an equals filter, users/me, search, OAuth (authorize
 * redirect and the token exchange with Basic auth), Notion's error JSON, and
 * 404 for a database the integration was not given access to.
 *
 * Test controls under /__fake: requests (log, no secrets), posts (pages with
 * properties, their body as a flat list, the images they show), fail-next
 * ({status | mode: "timeout" | "malformed" | "lose-response" | "hold", body?, headers?,
 * count?, path?, method?}), configure ({marker, status, shared}), reset.
 */

const NOTION_FAKE_TOKEN = "ntn_fake_internal_integration_token";
const NOTION_FAKE_OAUTH = { clientId: "fake-notion-client-id", clientSecret: "fake-notion-client-secret" };
const VERSIONS = new Set(["2025-09-03", "2026-03-11"]);
const DATABASE_ID = "1f2e3d4c-5b6a-4798-8776-655443322110";
const DATA_SOURCE_ID = "2a3b4c5d-6e7f-4081-9283-a4b5c6d7e8f9";
const UNSHARED_DATABASE_ID = "9e8d7c6b-5a49-4837-8261-5f4e3d2c1b0a";
const BOT_ID = "b0b0b0b0-0000-4000-8000-000000000001";

type FakeOptions = {
  port?: number;
  /** The property that holds our publication marker: rich_text (default), url, or none. */
  marker?: "rich_text" | "url" | "none";
  /** The status property: Notion's status type (default), a select, or none. */
  status?: "status" | "select" | "none";
  /** False: the database exists but was not shared with the integration (404). */
  shared?: boolean;
};

type Property = { id: string; name: string; type: string; [key: string]: unknown };
type Block = {
  id: string;
  type: string;
  payload: Record<string, unknown>;
  children: string[];
  parent: string;
  inTrash: boolean;
  created: string;
};
type Page = {
  id: string;
  dataSourceId: string;
  properties: Record<string, unknown>;
  children: string[];
  inTrash: boolean;
  created: string;
  edited: string;
};
type Failure = {
  status?: number;
  /** "hold": do the work, then never answer (the client stays waiting, as when its process dies mid-request). */
  mode?: "timeout" | "malformed" | "lose-response" | "hold";
  body?: unknown;
  headers?: Record<string, string>;
  count?: number;
  path?: string;
  method?: string;
};

const ERROR_CODES: Record<number, string> = {
  400: "validation_error",
  401: "unauthorized",
  403: "restricted_resource",
  404: "object_not_found",
  409: "conflict_error",
  429: "rate_limited",
  500: "internal_server_error",
  502: "service_unavailable",
  503: "service_unavailable",
  504: "gateway_timeout",
  529: "service_overload",
};

class NotionError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const invalid = (message: string) => new NotionError(400, "validation_error", message);
const compact = (id: string) => id.replace(/-/g, "").toLowerCase();
const uuid = () => crypto.randomUUID();
const now = () => new Date().toISOString();

function errorBody(status: number, code: string, message: string) {
  return { object: "error", status, code, message, request_id: uuid() };
}

function buildSchema(marker: FakeOptions["marker"], status: FakeOptions["status"]): Record<string, Property> {
  const properties: Record<string, Property> = {
    Name: { id: "title", name: "Name", type: "title", title: {} },
    Summary: { id: "sUmm", name: "Summary", type: "rich_text", rich_text: {} },
    Tags: { id: "tAgs", name: "Tags", type: "multi_select", multi_select: { options: [{ id: "t1", name: "seo", color: "blue" }] } },
    Published: { id: "pUbl", name: "Published", type: "date", date: {} },
  };
  if (marker === "rich_text") properties["Inkpilot ID"] = { id: "iNkp", name: "Inkpilot ID", type: "rich_text", rich_text: {} };
  if (marker === "url") properties["Inkpilot ID"] = { id: "iNkp", name: "Inkpilot ID", type: "url", url: {} };
  const options = [
    { id: "s1", name: "Draft", color: "gray" },
    { id: "s2", name: "In review", color: "yellow" },
    { id: "s3", name: "Published", color: "green" },
  ];
  if (status === "status") properties.Status = { id: "sTat", name: "Status", type: "status", status: { options, groups: [] } };
  if (status === "select") properties.Status = { id: "sTat", name: "Status", type: "select", select: { options } };
  return properties;
}

/** Rich text as Notion answers it (plain_text, href). */
function richTextResponse(items: unknown): unknown[] {
  return (Array.isArray(items) ? items : []).map((raw) => {
    const item = raw as { text?: { content?: string; link?: { url: string } | null }; annotations?: Record<string, unknown> };
    return {
      type: "text",
      text: { content: item.text?.content ?? "", link: item.text?.link ?? null },
      annotations: {
        bold: false,
        italic: false,
        strikethrough: false,
        underline: false,
        code: false,
        color: "default",
        ...item.annotations,
      },
      plain_text: item.text?.content ?? "",
      href: item.text?.link?.url ?? null,
    };
  });
}

function plain(items: unknown): string {
  return (Array.isArray(items) ? items : []).map((i) => (i as { text?: { content?: string } }).text?.content ?? "").join("");
}

function checkUrl(url: unknown, where: string) {
  if (typeof url !== "string") throw invalid(`${where} should be a string.`);
  if (url.length > 2000) throw invalid(`${where}.length should be ≤ \`2000\`, instead was \`${url.length}\`.`);
  try {
    new URL(url);
  } catch {
    throw invalid(`${where} should be a valid URL, instead was \`${JSON.stringify(url)}\`.`);
  }
}

function checkRichText(items: unknown, where: string) {
  if (!Array.isArray(items)) throw invalid(`${where} should be an array.`);
  if (items.length > 100) throw invalid(`${where}.length should be ≤ \`100\`, instead was \`${items.length}\`.`);
  items.forEach((raw, i) => {
    const item = raw as { type?: string; text?: { content?: unknown; link?: { url?: unknown } | null } };
    if (!item.text || typeof item.text.content !== "string") throw invalid(`${where}[${i}].text.content should be defined.`);
    const length = item.text.content.length;
    if (length > 2000) throw invalid(`${where}[${i}].text.content.length should be ≤ \`2000\`, instead was \`${length}\`.`);
    if (item.text.link) checkUrl(item.text.link.url, `${where}[${i}].text.link.url`);
  });
}

const TEXT_BLOCKS = new Set([
  "paragraph",
  "heading_1",
  "heading_2",
  "heading_3",
  "bulleted_list_item",
  "numbered_list_item",
  "quote",
  "toggle",
  "callout",
]);
const KNOWN_BLOCKS = new Set([...TEXT_BLOCKS, "code", "divider", "image", "video", "embed", "table", "table_row", "bookmark"]);

/** Validates request blocks as Notion does; depth 1 = the request's own children array. */
function checkBlocks(blocks: unknown, where: string, depth: number, tableWidth?: number) {
  if (!Array.isArray(blocks)) throw invalid(`${where} should be an array.`);
  if (blocks.length > 100) throw invalid(`${where}.length should be ≤ \`100\`, instead was \`${blocks.length}\`.`);
  if (depth > 2) throw invalid(`${where} should not be present: nesting is limited to 2 levels in one request.`);
  blocks.forEach((raw, i) => {
    const block = raw as Record<string, unknown>;
    const here = `${where}[${i}]`;
    const type = (block.type as string | undefined) ?? Object.keys(block).find((k) => KNOWN_BLOCKS.has(k));
    if (!type || !KNOWN_BLOCKS.has(type) || typeof block[type] !== "object") throw invalid(`${here} should be a known block type.`);
    const body = block[type] as Record<string, unknown>;
    if (TEXT_BLOCKS.has(type) || type === "code") checkRichText(body.rich_text, `${here}.${type}.rich_text`);
    if (type === "code" && typeof body.language !== "string") throw invalid(`${here}.code.language should be defined.`);
    if (type === "image" || type === "video") {
      const file = body.external as { url?: unknown } | undefined;
      if (!file) throw invalid(`${here}.${type}.external should be defined.`);
      checkUrl(file.url, `${here}.${type}.external.url`);
      if (body.caption !== undefined) checkRichText(body.caption, `${here}.${type}.caption`);
    }
    if (type === "embed" || type === "bookmark") checkUrl(body.url, `${here}.${type}.url`);
    if (type === "table") {
      const width = body.table_width;
      if (typeof width !== "number" || width < 1) throw invalid(`${here}.table.table_width should be a positive number.`);
      if (!Array.isArray(body.children) || body.children.length === 0) throw invalid(`${here}.table.children should be defined.`);
      checkBlocks(body.children, `${here}.table.children`, depth + 1, width);
    } else if (type === "table_row") {
      const cells = body.cells;
      if (!Array.isArray(cells)) throw invalid(`${here}.table_row.cells should be an array.`);
      if (tableWidth !== undefined && cells.length !== tableWidth)
        throw invalid(`${here}.table_row.cells.length should be \`${tableWidth}\`, instead was \`${cells.length}\`.`);
      cells.forEach((cell, c) => checkRichText(cell, `${here}.table_row.cells[${c}]`));
    } else if (body.children !== undefined) {
      checkBlocks(body.children, `${here}.${type}.children`, depth + 1);
    }
  });
}

export async function startNotionFake(options: FakeOptions = {}) {
  const tokens = new Set([NOTION_FAKE_TOKEN]);
  const oauthCodes = new Map<string, string>();
  let config = { marker: options.marker ?? "rich_text", status: options.status ?? "status", shared: options.shared ?? true };
  let schema = buildSchema(config.marker, config.status);
  const pages = new Map<string, Page>();
  const blocks = new Map<string, Block>();
  const requests: Array<{ method: string; path: string; headers: Record<string, string>; bodySize: number; at: string }> = [];
  const failures: Failure[] = [];
  const hung = new Set<http.ServerResponse>();

  const reset = () => {
    config = { marker: options.marker ?? "rich_text", status: options.status ?? "status", shared: options.shared ?? true };
    schema = buildSchema(config.marker, config.status);
    pages.clear();
    blocks.clear();
    requests.length = 0;
    failures.length = 0;
    tokens.clear();
    tokens.add(NOTION_FAKE_TOKEN);
    oauthCodes.clear();
    for (const res of hung) res.socket?.destroy();
    hung.clear();
  };

  const databaseObject = () => ({
    object: "database",
    id: DATABASE_ID,
    title: [{ type: "text", text: { content: "Blog posts", link: null }, plain_text: "Blog posts", href: null }],
    parent: { type: "workspace", workspace: true },
    data_sources: [{ id: DATA_SOURCE_ID, name: "Blog posts" }],
    in_trash: false,
    url: `https://www.notion.so/${compact(DATABASE_ID)}`,
  });

  const dataSourceObject = () => ({
    object: "data_source",
    id: DATA_SOURCE_ID,
    title: [{ type: "text", text: { content: "Blog posts", link: null }, plain_text: "Blog posts", href: null }],
    parent: { type: "database_id", database_id: DATABASE_ID },
    database_parent: { type: "workspace", workspace: true },
    properties: schema,
    in_trash: false,
  });

  const findPage = (id: string) => [...pages.values()].find((p) => compact(p.id) === compact(id));
  const findBlock = (id: string) => [...blocks.values()].find((b) => compact(b.id) === compact(id));

  function propertyValues(input: unknown): Record<string, unknown> {
    const values: Record<string, unknown> = {};
    for (const [name, raw] of Object.entries((input ?? {}) as Record<string, Record<string, unknown>>)) {
      const property = schema[name] ?? Object.values(schema).find((p) => p.id === name);
      if (!property) throw invalid(`${name} is not a property that exists.`);
      const value = raw[property.type];
      if (value === undefined) throw invalid(`${name} is expected to be ${property.type}.`);
      if (property.type === "title" || property.type === "rich_text") checkRichText(value, `body.properties.${name}.${property.type}`);
      if (property.type === "url" && value !== null) checkUrl(value, `body.properties.${name}.url`);
      if (property.type === "status" && value !== null) {
        const options = (property.status as { options: Array<{ name: string }> }).options;
        const wanted = (value as { name?: string }).name;
        if (!options.some((o) => o.name === wanted)) throw invalid(`Invalid status option. Status option "${wanted}" does not exist".`);
      }
      if (property.type === "select" && value !== null) {
        const options = (property.select as { options: Array<{ id: string; name: string; color: string }> }).options;
        const wanted = (value as { name?: string }).name ?? "";
        // A select creates the option it does not know yet, as Notion does.
        if (!options.some((o) => o.name === wanted)) options.push({ id: uuid().slice(0, 4), name: wanted, color: "default" });
      }
      if (property.type === "multi_select") {
        if (!Array.isArray(value)) throw invalid(`${name} is expected to be multi_select.`);
        if (value.length > 100) throw invalid(`body.properties.${name}.multi_select.length should be ≤ \`100\`.`);
      }
      values[property.name] = value;
    }
    return values;
  }

  function pageObject(page: Page, version: string) {
    const properties: Record<string, unknown> = {};
    for (const property of Object.values(schema)) {
      const value = page.properties[property.name];
      let shown: unknown = value ?? null;
      if (property.type === "title" || property.type === "rich_text") shown = richTextResponse(value);
      if (property.type === "multi_select") shown = value ?? [];
      properties[property.name] = { id: property.id, type: property.type, [property.type]: shown };
    }
    const title = plain(page.properties.Name);
    const slug = title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "");
    return {
      object: "page",
      id: page.id,
      created_time: page.created,
      last_edited_time: page.edited,
      created_by: { object: "user", id: BOT_ID },
      last_edited_by: { object: "user", id: BOT_ID },
      cover: null,
      icon: null,
      parent: { type: "data_source_id", data_source_id: page.dataSourceId, database_id: DATABASE_ID },
      in_trash: page.inTrash,
      ...(version < "2026-03-11" ? { archived: page.inTrash } : {}),
      is_locked: false,
      properties,
      url: `https://www.notion.so/${slug ? `${slug}-` : ""}${compact(page.id)}`,
      public_url: null,
    };
  }

  function blockObject(block: Block, version: string) {
    const { children: _children, ...payload } = block.payload;
    const parentPage = pages.has(block.parent);
    return {
      object: "block",
      id: block.id,
      parent: parentPage ? { type: "page_id", page_id: block.parent } : { type: "block_id", block_id: block.parent },
      created_time: block.created,
      last_edited_time: block.created,
      has_children: block.children.some((id) => !blocks.get(id)?.inTrash),
      in_trash: block.inTrash,
      ...(version < "2026-03-11" ? { archived: block.inTrash } : {}),
      type: block.type,
      [block.type]:
        block.type === "image" || block.type === "video"
          ? { ...payload, caption: richTextResponse(payload.caption) }
          : block.type === "table_row"
            ? { cells: (payload.cells as unknown[]).map(richTextResponse) }
            : "rich_text" in payload
              ? { ...payload, rich_text: richTextResponse(payload.rich_text) }
              : payload,
    };
  }

  function storeBlocks(input: unknown[], parent: string): Block[] {
    return input.map((raw) => {
      const request = raw as Record<string, unknown>;
      const type = (request.type as string | undefined) ?? Object.keys(request).find((k) => KNOWN_BLOCKS.has(k))!;
      const payload = { ...(request[type] as Record<string, unknown>) };
      const block: Block = { id: uuid(), type, payload, children: [], parent, inTrash: false, created: now() };
      blocks.set(block.id, block);
      const children = payload.children as unknown[] | undefined;
      if (children) block.children = storeBlocks(children, block.id).map((b) => b.id);
      return block;
    });
  }

  function liveChildren(ids: string[]) {
    return ids.map((id) => blocks.get(id)!).filter((b) => !b.inTrash);
  }

  /** The page body, depth-first, as tests want to read it back. */
  function flatBody(ids: string[], depth = 0): Array<{ type: string; depth: number; text: string; url?: string }> {
    return liveChildren(ids).flatMap((block) => {
      const payload = block.payload;
      const external = (payload.external as { url?: string } | undefined)?.url;
      const text =
        block.type === "table_row"
          ? (payload.cells as unknown[]).map(plain).join(" | ")
          : plain(payload.rich_text ?? payload.caption ?? []);
      return [{ type: block.type, depth, text, ...(external ? { url: external } : {}) }, ...flatBody(block.children, depth + 1)];
    });
  }

  function postsView() {
    return [...pages.values()].map((page) => {
      const body = flatBody(page.children);
      const properties: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(page.properties)) {
        const type = schema[name]?.type;
        if (type === "title" || type === "rich_text") properties[name] = plain(value);
        else if (type === "multi_select") properties[name] = (value as Array<{ name: string }>).map((o) => o.name);
        else if (type === "select" || type === "status") properties[name] = (value as { name?: string } | null)?.name ?? null;
        else if (type === "date") properties[name] = (value as { start?: string } | null)?.start ?? null;
        else properties[name] = value;
      }
      return {
        id: page.id,
        inTrash: page.inTrash,
        properties,
        blockCount: body.length,
        body,
        media: body.filter((b) => b.type === "image").map((b) => b.url),
      };
    });
  }

  function requireSharedDataSource(id: string) {
    if (compact(id) === compact(DATA_SOURCE_ID) && config.shared) return;
    throw new NotionError(
      404,
      "object_not_found",
      `Could not find data_source with ID: ${id}. Make sure the relevant pages and databases are shared with your integration.`,
    );
  }

  function takeFailure(method: string, path: string): Failure | null {
    const index = failures.findIndex((f) => (!f.path || path.startsWith(f.path)) && (!f.method || f.method.toUpperCase() === method));
    if (index < 0) return null;
    const failure = failures[index]!;
    if ((failure.count ?? 1) <= 1) failures.splice(index, 1);
    else failure.count = (failure.count ?? 1) - 1;
    return failure;
  }

  async function handleApi(method: string, path: string, url: URL, req: http.IncomingMessage, raw: string, version: string) {
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    let match: RegExpExecArray | null;

    if (method === "GET" && path === "/v1/users/me") {
      return {
        object: "user",
        id: BOT_ID,
        type: "bot",
        name: "Inkpilot",
        avatar_url: null,
        bot: { owner: { type: "workspace", workspace: true }, workspace_name: "Fake workspace", workspace_limits: {} },
      };
    }
    if (method === "POST" && path === "/v1/search") {
      const wanted = (body.filter as { value?: string } | undefined)?.value;
      const results = config.shared && wanted !== "page" ? [dataSourceObject()] : [];
      return { object: "list", results, next_cursor: null, has_more: false, type: "page_or_data_source", page_or_data_source: {} };
    }
    if ((match = /^\/v1\/databases\/([\w-]+)$/.exec(path)) && method === "GET") {
      if (compact(match[1]!) === compact(DATABASE_ID) && config.shared) return databaseObject();
      throw new NotionError(
        404,
        "object_not_found",
        `Could not find database with ID: ${match[1]}. Make sure the relevant pages and databases are shared with your integration.`,
      );
    }
    if ((match = /^\/v1\/data_sources\/([\w-]+)$/.exec(path)) && method === "GET") {
      requireSharedDataSource(match[1]!);
      return dataSourceObject();
    }
    if ((match = /^\/v1\/data_sources\/([\w-]+)\/query$/.exec(path)) && method === "POST") {
      requireSharedDataSource(match[1]!);
      const filter = body.filter as Record<string, unknown> | undefined;
      let results = [...pages.values()].filter((p) => !p.inTrash);
      if (filter) {
        const property = schema[String(filter.property)] ?? Object.values(schema).find((p) => p.id === filter.property);
        if (!property) throw invalid(`Could not find property with name or id: ${String(filter.property)}`);
        const condition = (filter[property.type] ?? filter.rich_text ?? filter.url ?? filter.title) as { equals?: string } | undefined;
        if (!condition || typeof condition.equals !== "string") throw invalid(`body.filter.${property.type}.equals should be defined.`);
        results = results.filter((p) => {
          const value = p.properties[property.name];
          const text = typeof value === "string" ? value : plain(value);
          return text === condition.equals;
        });
      }
      const size = Math.min(Number(body.page_size ?? 100), 100);
      return { object: "list", results: results.slice(0, size).map((p) => pageObject(p, version)), next_cursor: null, has_more: false };
    }
    if (method === "POST" && path === "/v1/pages") {
      const parent = (body.parent ?? {}) as { type?: string; data_source_id?: string; database_id?: string };
      const dataSourceId =
        parent.data_source_id ?? (parent.database_id && compact(parent.database_id) === compact(DATABASE_ID) ? DATA_SOURCE_ID : "");
      if (!dataSourceId) throw invalid("body.parent.data_source_id should be defined.");
      requireSharedDataSource(dataSourceId);
      if (body.children !== undefined && body.markdown !== undefined)
        throw invalid("body.children and body.markdown cannot both be provided; use one of them.");
      const properties = propertyValues(body.properties);
      if (body.children !== undefined) checkBlocks(body.children, "body.children", 1);
      const page: Page = {
        id: uuid(),
        dataSourceId: DATA_SOURCE_ID,
        properties,
        children: [],
        inTrash: false,
        created: now(),
        edited: now(),
      };
      if (typeof body.markdown === "string") {
        // Server-side conversion, reduced to one paragraph per line (enough to see it arrived).
        const lines = body.markdown.split(/\n+/).filter(Boolean);
        const asBlocks = lines.map((line) => ({
          type: "paragraph",
          paragraph: { rich_text: [{ type: "text", text: { content: line.slice(0, 2000) } }] },
        }));
        page.children = storeBlocks(asBlocks, page.id).map((b) => b.id);
      } else if (Array.isArray(body.children)) {
        page.children = storeBlocks(body.children, page.id).map((b) => b.id);
      }
      pages.set(page.id, page);
      return pageObject(page, version);
    }
    if ((match = /^\/v1\/pages\/([\w-]+)$/.exec(path))) {
      const page = findPage(match[1]!);
      if (!page || !config.shared) throw new NotionError(404, "object_not_found", `Could not find page with ID: ${match[1]}.`);
      if (method === "GET") return pageObject(page, version);
      if (method === "PATCH") {
        if ("archived" in body && version >= "2026-03-11") throw invalid("body.archived is not supported: use body.in_trash.");
        Object.assign(page.properties, propertyValues(body.properties));
        if (typeof body.in_trash === "boolean") page.inTrash = body.in_trash;
        if (typeof body.archived === "boolean") page.inTrash = body.archived;
        page.edited = now();
        return pageObject(page, version);
      }
    }
    if ((match = /^\/v1\/blocks\/([\w-]+)\/children$/.exec(path))) {
      const id = match[1]!;
      const page = findPage(id);
      const block = page ? null : findBlock(id);
      if ((!page && !block) || !config.shared) throw new NotionError(404, "object_not_found", `Could not find block with ID: ${id}.`);
      const owner = (page ?? block)!;
      if (method === "GET") {
        const all = liveChildren(owner.children);
        const size = Math.min(Number(url.searchParams.get("page_size") ?? 100), 100);
        const cursor = url.searchParams.get("start_cursor");
        const start = cursor
          ? Math.max(
              0,
              all.findIndex((b) => b.id === cursor),
            )
          : 0;
        const slice = all.slice(start, start + size);
        const next = all[start + size];
        return {
          object: "list",
          results: slice.map((b) => blockObject(b, version)),
          next_cursor: next ? next.id : null,
          has_more: Boolean(next),
          type: "block",
          block: {},
        };
      }
      if (method === "PATCH") {
        if ("after" in body && version >= "2026-03-11") throw invalid("body.after is not supported: use body.position.");
        checkBlocks(body.children, "body.children", 1);
        const created = storeBlocks(body.children as unknown[], page ? page.id : block!.id);
        owner.children.push(...created.map((b) => b.id));
        if (page) page.edited = now();
        return {
          object: "list",
          results: created.map((b) => blockObject(b, version)),
          next_cursor: null,
          has_more: false,
          type: "block",
          block: {},
        };
      }
    }
    if ((match = /^\/v1\/blocks\/([\w-]+)$/.exec(path))) {
      const block = findBlock(match[1]!);
      if (!block || block.inTrash || !config.shared)
        throw new NotionError(404, "object_not_found", `Could not find block with ID: ${match[1]}.`);
      if (method === "GET") return blockObject(block, version);
      if (method === "DELETE") {
        block.inTrash = true;
        return blockObject(block, version);
      }
    }
    void req;
    throw new NotionError(400, "invalid_request_url", `Invalid request URL: ${method} ${path}`);
  }

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const path = url.pathname;
    const method = (req.method ?? "GET").toUpperCase();
    const raw = await readBody(req);

    if (path.startsWith("/__fake/")) {
      if (path === "/__fake/requests" && method === "GET") return sendJson(res, 200, requests);
      if (path === "/__fake/posts" && method === "GET") return sendJson(res, 200, postsView());
      if (path === "/__fake/reset" && method === "POST") {
        reset();
        return sendJson(res, 200, { ok: true });
      }
      if (path === "/__fake/fail-next" && method === "POST") {
        failures.push(JSON.parse(raw || "{}") as Failure);
        return sendJson(res, 200, { ok: true });
      }
      if (path === "/__fake/configure" && method === "POST") {
        const next = JSON.parse(raw || "{}") as Partial<typeof config>;
        config = { ...config, ...next };
        if (next.marker || next.status) schema = buildSchema(config.marker, config.status);
        return sendJson(res, 200, { ok: true, config });
      }
      return sendJson(res, 404, { error: "unknown control" });
    }

    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(req.headers)) {
      if (key === "authorization") headers[key] = String(value).split(" ")[0] + " …";
      else if (typeof value === "string") headers[key] = value;
    }
    requests.push({ method, path, headers, bodySize: Buffer.byteLength(raw), at: now() });

    // OAuth, as for a public integration: the browser consents at once and returns with a code.
    if (path === "/v1/oauth/authorize" && method === "GET") {
      const redirect = url.searchParams.get("redirect_uri");
      if (url.searchParams.get("client_id") !== NOTION_FAKE_OAUTH.clientId || !redirect) {
        return sendJson(res, 400, errorBody(400, "invalid_request", "Unknown client_id or missing redirect_uri."));
      }
      const code = uuid();
      oauthCodes.set(code, redirect);
      const back = new URL(redirect);
      back.searchParams.set("code", code);
      const state = url.searchParams.get("state");
      if (state) back.searchParams.set("state", state);
      res.writeHead(302, { Location: back.href });
      return res.end();
    }
    if (path === "/v1/oauth/token" && method === "POST") {
      const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? "");
      const expected = Buffer.from(`${NOTION_FAKE_OAUTH.clientId}:${NOTION_FAKE_OAUTH.clientSecret}`).toString("base64");
      if (!basic || basic[1] !== expected) return sendJson(res, 401, errorBody(401, "unauthorized", "Invalid client credentials."));
      const body = JSON.parse(raw || "{}") as { grant_type?: string; code?: string; redirect_uri?: string };
      const redirect = body.code ? oauthCodes.get(body.code) : undefined;
      if (body.grant_type !== "authorization_code" || !redirect || (body.redirect_uri && body.redirect_uri !== redirect)) {
        return sendJson(res, 400, { error: "invalid_grant", error_description: "Invalid code." });
      }
      oauthCodes.delete(body.code!);
      const token = `ntn_oauth_${crypto.randomBytes(12).toString("hex")}`;
      tokens.add(token);
      return sendJson(res, 200, {
        access_token: token,
        token_type: "bearer",
        bot_id: BOT_ID,
        workspace_id: "fa4e0000-0000-4000-8000-000000000002",
        workspace_name: "Fake workspace",
        workspace_icon: null,
        owner: { type: "workspace", workspace: true },
        duplicated_template_id: null,
        request_id: uuid(),
      });
    }

    const failure = takeFailure(method, path);
    if (failure?.mode === "timeout") {
      hung.add(res);
      return;
    }
    if (failure?.mode === "malformed") {
      res.writeHead(200, { "Content-Type": "application/json" });
      return res.end("<html>Bad gateway</html>");
    }
    if (failure?.status) {
      const status = failure.status;
      const code = ERROR_CODES[status] ?? "internal_server_error";
      const extra: Record<string, string> = status === 429 && !failure.headers?.["Retry-After"] ? { "Retry-After": "1" } : {};
      return sendJson(res, status, failure.body ?? errorBody(status, code, `Fake failure ${status}.`), { ...extra, ...failure.headers });
    }

    const version = String(req.headers["notion-version"] ?? "");
    if (!version) {
      return sendJson(
        res,
        400,
        errorBody(
          400,
          "missing_version",
          "Notion-Version header failed validation: Notion-Version header should be defined, instead was `undefined`.",
        ),
      );
    }
    if (!VERSIONS.has(version)) {
      return sendJson(res, 400, errorBody(400, "validation_error", `Notion-Version ${version} is not supported by this fake.`));
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "");
    if (!bearer || !tokens.has(bearer[1]!)) return sendJson(res, 401, errorBody(401, "unauthorized", "API token is invalid."));

    try {
      const answer = await handleApi(method, path, url, req, raw, version);
      if (failure?.mode === "lose-response") {
        // The work is done; the answer never arrives.
        res.socket?.destroy();
        return;
      }
      if (failure?.mode === "hold") {
        hung.add(res);
        return;
      }
      sendJson(res, 200, answer);
    } catch (error) {
      if (error instanceof NotionError) return sendJson(res, error.status, errorBody(error.status, error.code, error.message));
      if (error instanceof SyntaxError) return sendJson(res, 400, errorBody(400, "invalid_json", "Error parsing JSON body."));
      throw error;
    }
  });

  const listening = await listen(server, options.port ?? 0);
  return {
    ...listening,
    close: async () => {
      for (const res of hung) res.socket?.destroy();
      hung.clear();
      server.closeAllConnections();
      await listening.close();
    },
    token: NOTION_FAKE_TOKEN,
    databaseId: DATABASE_ID,
    dataSourceId: DATA_SOURCE_ID,
    unsharedDatabaseId: UNSHARED_DATABASE_ID,
    databaseUrl: `https://www.notion.so/fake/Blog-posts-${compact(DATABASE_ID)}?v=${compact(uuid())}`,
    oauth: NOTION_FAKE_OAUTH,
    hint:
      `Notion: NOTION_API_URL=${listening.url} TEST_ALLOW_PRIVATE_HOSTS=127.0.0.1:${listening.port}; ` +
      `connect with token ${NOTION_FAKE_TOKEN} and database ${compact(DATABASE_ID)}`,
  };
}

export type NotionFake = Awaited<ReturnType<typeof startNotionFake>>;
