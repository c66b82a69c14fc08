import crypto from "node:crypto";
import http from "node:http";
import { listen, sendJson } from "./http-fake";

/**
 * A local Wix (docs/decisions/033) for the Inkpilot app for Wix:
 * - the app installer (`GET /installer/install?appId=&redirectUrl=&state=`),
 *   redirecting back with `code`, `state` and `instanceId` (or an error when
 *   the install is denied);
 * - `POST /oauth2/token` client credentials per instance (4-hour opaque
 *   tokens, expiry armable), Bearer auth on every API call, 401/403 in Wix's
 *   error shape, a budget of 200 requests a minute per instance (429 + Retry-After);
 * - App Instance, Members (list, get, create; a site can start with none),
 *   Blog draft posts (create, update, get, query by title, publish, get post
 *   by slug) with Wix's rules: memberId required ("Missing post owner
 *   information"), Ricos validated (TEXT inside PARAGRAPH/HEADING/CODE_BLOCK,
 *   IMAGE with width, height and a Media Manager file id, no external src),
 *   400 KB per post, seoData left out of the update answer; tags and categories;
 * - Media Manager: generate-upload-url + PUT raw bytes (no auth), import by
 *   URL (the fake downloads it), get-file-by-id, list, files served under /media/.
 * Test controls live under /__fake (see the `hint`).
 */

type ArmedFailure = {
  /** "hold": do the work, then never answer (the client stays waiting, as when its process dies mid-request). */
  status: number | "timeout" | "lose-response" | "hold" | "malformed";
  body?: unknown;
  headers?: Record<string, string>;
  count: number;
  /** Requests whose path contains this; with `exact`, only this very path. */
  path?: string;
  exact?: boolean;
  method?: string;
};

type LoggedRequest = { method: string; path: string; headers: Record<string, string>; bodySize: number; status?: number | string };

export type WixFakeFile = {
  id: string;
  displayName: string;
  url: string;
  mimeType: string;
  size: number;
  width: number | null;
  height: number | null;
  source: "upload" | "import";
  bytes: Buffer;
};

export type WixFakeDraft = {
  id: string;
  title: string;
  memberId: string;
  status: "UNPUBLISHED" | "PUBLISHED" | "DELETED";
  seoSlug: string;
  excerpt: string;
  richContent: { nodes: unknown[] };
  seoData: unknown;
  media: unknown;
  tagIds: string[];
  categoryIds: string[];
  hashtags: string[];
  commentingEnabled: boolean;
  hasUnpublishedChanges: boolean;
  firstPublishedDate: string | null;
  editedDate: string;
  createdDate: string;
  publishCount: number;
};

type Member = { id: string; loginEmail: string; contactId: string; profile: { nickname: string; slug: string }; status: "APPROVED" };

const MAX_POST_BYTES = 400 * 1024;

function wixError(message: string, code?: string, violations?: Array<{ field: string; description: string }>) {
  if (violations)
    return { message, details: { validationError: { fieldViolations: violations.map((v) => ({ ...v, violatedRule: "OTHER" })) } } };
  return { message, details: { applicationError: { code: code ?? "UNKNOWN", description: message, data: {} } } };
}

class WixHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body === "object" && body && "message" in body ? String((body as { message: unknown }).message) : `HTTP ${status}`);
  }
}

const bad = (message: string, code = "INVALID_ARGUMENT") => new WixHttpError(400, wixError(message, code));
const invalidField = (field: string, description: string) =>
  new WixHttpError(400, wixError(`${field} ${description}`, undefined, [{ field, description }]));

/** Width and height from a PNG, GIF or JPEG header; null for anything else. */
function imageSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length > 24 && bytes.readUInt32BE(0) === 0x89504e47) return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  if (bytes.length > 10 && bytes.toString("ascii", 0, 3) === "GIF") return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
  if (bytes.length > 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    let offset = 2;
    while (offset + 9 < bytes.length) {
      if (bytes[offset] !== 0xff) return null;
      const marker = bytes[offset + 1]!;
      const length = bytes.readUInt16BE(offset + 2);
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
        return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
      offset += 2 + length;
    }
  }
  return null;
}

/** Wix's Ricos rules as the fake enforces them (independent of the app's own converter). */
function ricosProblems(doc: unknown, fileIds: Set<string>): string[] {
  const problems: string[] = [];
  const textParents = new Set(["PARAGRAPH", "HEADING", "CODE_BLOCK"]);
  const containers: Record<string, string[]> = {
    ROOT: ["PARAGRAPH", "HEADING", "BULLETED_LIST", "ORDERED_LIST", "BLOCKQUOTE", "CODE_BLOCK", "DIVIDER", "IMAGE", "TABLE", "VIDEO"],
    BULLETED_LIST: ["LIST_ITEM"],
    ORDERED_LIST: ["LIST_ITEM"],
    LIST_ITEM: ["PARAGRAPH", "BULLETED_LIST", "ORDERED_LIST"],
    BLOCKQUOTE: ["PARAGRAPH"],
    TABLE: ["TABLE_ROW"],
    TABLE_ROW: ["TABLE_CELL"],
    TABLE_CELL: ["PARAGRAPH", "BULLETED_LIST", "ORDERED_LIST", "IMAGE"],
  };
  const visit = (node: Record<string, unknown>, parent: string, path: string) => {
    const type = String(node.type);
    const children = Array.isArray(node.nodes) ? (node.nodes as Array<Record<string, unknown>>) : [];
    if (type === "TEXT") {
      if (!textParents.has(parent)) problems.push(`${path}: text node must be inside a paragraph, heading or code block`);
      return;
    }
    if (textParents.has(parent)) problems.push(`${path}: ${type} inside ${parent}`);
    else if (containers[parent] && !containers[parent].includes(type)) problems.push(`${path}: ${type} not allowed in ${parent}`);
    if (type === "IMAGE") {
      const image = (node.imageData as { image?: { src?: { id?: string; url?: string }; width?: number; height?: number } } | undefined)
        ?.image;
      if (image?.src?.url || /^https?:/.test(image?.src?.id ?? ""))
        problems.push(`${path}: image src must be a Wix Media file id, not an external URL`);
      else if (!image?.src?.id) problems.push(`${path}: image src id is required`);
      else if (!fileIds.has(image.src.id)) problems.push(`${path}: image file ${image.src.id} not found in the Media Manager`);
      if (!(Number(image?.width) > 0 && Number(image?.height) > 0)) problems.push(`${path}: image width and height are required`);
    }
    if (type === "HEADING" && !(node.headingData as { level?: number } | undefined)?.level)
      problems.push(`${path}: heading level required`);
    if (type === "TABLE") {
      const widths = new Set(children.map((row) => (Array.isArray(row.nodes) ? row.nodes.length : 0)));
      if (widths.size > 1) problems.push(`${path}: table rows must have the same number of cells`);
    }
    children.forEach((child, i) => visit(child, type, `${path}.nodes[${i}]`));
  };
  const nodes = doc && typeof doc === "object" ? (doc as { nodes?: unknown }).nodes : undefined;
  if (!Array.isArray(nodes)) return ["richContent.nodes is required"];
  (nodes as Array<Record<string, unknown>>).forEach((node, i) => visit(node, "ROOT", `richContent.nodes[${i}]`));
  return problems;
}

export type WixFakeOptions = { port?: number; siteName?: string; ownerEmail?: string; members?: number };

export async function startWixFake({
  port = 0,
  siteName = "Fake Wix Site",
  ownerEmail = "owner@wix-site.test",
  members: seedMembers = 1,
}: WixFakeOptions = {}) {
  const appId = crypto.randomUUID();
  const appSecret = crypto.randomUUID();
  const siteId = crypto.randomUUID();
  const instances = new Map<string, { installed: boolean }>();
  const tokens = new Map<string, { instanceId: string; expiresAt: number }>();
  const members: Member[] = [];
  const drafts: WixFakeDraft[] = [];
  const files: WixFakeFile[] = [];
  const uploads = new Map<string, { mimeType: string; fileName: string }>();
  const tags: Array<{ id: string; label: string; slug: string }> = [];
  const categories = [{ id: crypto.randomUUID(), label: "General", slug: "general" }];
  const requests: LoggedRequest[] = [];
  const failures: ArmedFailure[] = [];
  const hits = new Map<string, number[]>();
  const hung = new Set<http.ServerResponse>();
  const defaults = {
    blogInstalled: true,
    canManageMembers: true,
    mediaPermission: true,
    denyInstall: false,
    tokenTtlSeconds: 14_400,
    rateLimitPerMinute: 200,
  };
  const settings = { ...defaults };
  let origin = "";
  let currentInstance: string | null = null;

  const siteUrl = () => `${origin}/site`;
  const slugify = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "") || "post";

  function addMember(email: string, nickname?: string) {
    const member: Member = {
      id: crypto.randomUUID(),
      loginEmail: email,
      contactId: crypto.randomUUID(),
      profile: { nickname: nickname ?? email.split("@")[0]!, slug: slugify(email.split("@")[0]!) },
      status: "APPROVED",
    };
    members.push(member);
    return member;
  }

  function seed() {
    for (let i = 0; i < seedMembers; i++) addMember(i === 0 ? ownerEmail : `member${i}@wix-site.test`);
  }
  seed();

  function install() {
    currentInstance ??= crypto.randomUUID();
    instances.set(currentInstance, { installed: true });
    return currentInstance;
  }

  function authenticate(req: http.IncomingMessage): string {
    const header = req.headers.authorization ?? "";
    const token = header.replace(/^Bearer\s+/i, "");
    const entry = token ? tokens.get(token) : undefined;
    if (!entry || entry.expiresAt <= Date.now() || !instances.get(entry.instanceId)?.installed)
      throw new WixHttpError(401, wixError("Unauthorized: token is missing, invalid or expired", "UNAUTHENTICATED"));
    return entry.instanceId;
  }

  function rateLimit(instanceId: string) {
    const now = Date.now();
    const recent = (hits.get(instanceId) ?? []).filter((t) => t > now - 60_000);
    recent.push(now);
    hits.set(instanceId, recent);
    if (recent.length > settings.rateLimitPerMinute) {
      const wait = Math.max(1, Math.ceil((recent[0]! + 60_000 - now) / 1000));
      throw new WixHttpError(429, wixError("Too many requests", "RESOURCE_EXHAUSTED"), { "Retry-After": String(wait) });
    }
  }

  function draftUrl(draft: WixFakeDraft) {
    return { base: siteUrl(), path: `/post/${draft.seoSlug}` };
  }

  function serialize(draft: WixFakeDraft, fieldsets: string[], withSeo = true) {
    return {
      id: draft.id,
      title: draft.title,
      excerpt: draft.excerpt,
      memberId: draft.memberId,
      status: draft.status,
      seoSlug: draft.seoSlug,
      ...(withSeo ? { seoData: draft.seoData } : {}),
      media: draft.media,
      tagIds: draft.tagIds,
      categoryIds: draft.categoryIds,
      hashtags: draft.hashtags,
      commentingEnabled: draft.commentingEnabled,
      hasUnpublishedChanges: draft.hasUnpublishedChanges,
      firstPublishedDate: draft.firstPublishedDate,
      editedDate: draft.editedDate,
      createdDate: draft.createdDate,
      ...(fieldsets.includes("URL") ? { url: draftUrl(draft) } : {}),
      ...(fieldsets.includes("RICH_CONTENT") ? { richContent: draft.richContent } : {}),
    };
  }

  function uniqueSlug(wanted: string, selfId?: string) {
    const base = slugify(wanted);
    let candidate = base;
    for (let n = 1; drafts.some((d) => d.seoSlug === candidate && d.id !== selfId && d.status !== "DELETED"); n++)
      candidate = `${base}-${n}`;
    return candidate;
  }

  /** The checks Wix applies to a draft post's fields (create and update alike). */
  function applyDraft(draft: WixFakeDraft, input: Record<string, unknown>, creating: boolean) {
    if (creating || "memberId" in input) {
      const memberId = input.memberId;
      if (typeof memberId !== "string" || !memberId) throw bad("Missing post owner information", "MISSING_POST_OWNER");
      if (!members.some((m) => m.id === memberId)) throw bad("Missing post owner information", "MISSING_POST_OWNER");
      draft.memberId = memberId;
    }
    if (creating || "title" in input) {
      if (typeof input.title !== "string" || !input.title.trim()) throw invalidField("draftPost.title", "must not be empty");
      if (input.title.length > 200) throw invalidField("draftPost.title", "must not be longer than 200");
      draft.title = input.title;
    }
    if ("excerpt" in input) {
      if (typeof input.excerpt !== "string" || input.excerpt.length > 500)
        throw invalidField("draftPost.excerpt", "must not be longer than 500");
      draft.excerpt = input.excerpt;
    }
    if ("richContent" in input) {
      const problems = ricosProblems(input.richContent, new Set(files.map((f) => f.id)));
      if (problems.length)
        throw new WixHttpError(400, wixError(`Invalid rich content: ${problems.slice(0, 3).join("; ")}`, "INVALID_RICH_CONTENT"));
      draft.richContent = input.richContent as { nodes: unknown[] };
    }
    if ("seoSlug" in input && typeof input.seoSlug === "string") draft.seoSlug = uniqueSlug(input.seoSlug, draft.id);
    if ("seoData" in input) draft.seoData = input.seoData;
    if ("media" in input) {
      const id = (input.media as { wixMedia?: { image?: { id?: string } } } | null)?.wixMedia?.image?.id;
      if (id && !files.some((f) => f.id === id))
        throw invalidField("draftPost.media.wixMedia.image.id", "file not found in the Media Manager");
      draft.media = input.media;
    }
    if ("tagIds" in input && Array.isArray(input.tagIds)) {
      if (input.tagIds.length > 30) throw invalidField("draftPost.tagIds", "must have at most 30 items");
      draft.tagIds = (input.tagIds as string[]).filter((id) => tags.some((t) => t.id === id));
    }
    if ("categoryIds" in input && Array.isArray(input.categoryIds))
      // Unknown category ids are dropped without an error, as Wix does.
      draft.categoryIds = (input.categoryIds as string[]).filter((id) => categories.some((c) => c.id === id)).slice(0, 10);
    if ("hashtags" in input && Array.isArray(input.hashtags)) draft.hashtags = input.hashtags as string[];
    if ("commentingEnabled" in input) draft.commentingEnabled = Boolean(input.commentingEnabled);
    if (!draft.seoSlug) draft.seoSlug = uniqueSlug(draft.title, draft.id);
    draft.editedDate = new Date().toISOString();
  }

  function publish(draft: WixFakeDraft) {
    draft.status = "PUBLISHED";
    draft.hasUnpublishedChanges = false;
    draft.firstPublishedDate ??= new Date().toISOString();
    draft.publishCount++;
  }

  function findDraft(id: string) {
    const draft = drafts.find((d) => d.id === id && d.status !== "DELETED");
    if (!draft) throw new WixHttpError(404, wixError(`Draft post ${id} not found`, "DRAFT_POST_NOT_FOUND"));
    return draft;
  }

  function matches(draft: WixFakeDraft, filter: Record<string, unknown> | undefined) {
    if (!filter) return true;
    return Object.entries(filter).every(([field, condition]) => {
      if (!["id", "title", "status", "memberId"].includes(field))
        throw invalidField(`query.filter.${field}`, "is not a supported filter field");
      const value = String(draft[field as "id" | "title" | "status" | "memberId"]);
      const ops = condition && typeof condition === "object" ? (condition as Record<string, unknown>) : { $eq: condition };
      return Object.entries(ops).every(([op, wanted]) => {
        // Title comparisons ignore case on Wix.
        const norm = (v: unknown) => (field === "title" ? String(v).toLowerCase() : String(v));
        if (op === "$eq") return norm(value) === norm(wanted);
        if (op === "$ne") return norm(value) !== norm(wanted);
        if (op === "$in") return Array.isArray(wanted) && wanted.map(norm).includes(norm(value));
        throw invalidField(`query.filter.${field}`, `operator ${op} is not supported`);
      });
    });
  }

  function newFileId(mimeType: string) {
    const ext =
      mimeType
        .split("/")[1]
        ?.replace("jpeg", "jpg")
        .replace(/[^a-z0-9]/g, "") || "bin";
    return `${crypto.randomBytes(3).toString("hex")}_${crypto.randomBytes(16).toString("hex")}~mv2.${ext}`;
  }

  function storeFile(bytes: Buffer, mimeType: string, displayName: string, source: WixFakeFile["source"]) {
    const id = newFileId(mimeType);
    const size = imageSize(bytes);
    const file: WixFakeFile = {
      id,
      displayName,
      url: `${origin}/media/${id}`,
      mimeType,
      size: bytes.length,
      width: size?.width ?? null,
      height: size?.height ?? null,
      source,
      bytes,
    };
    files.push(file);
    return file;
  }

  function fileJson(file: WixFakeFile) {
    return {
      id: file.id,
      displayName: file.displayName,
      url: file.url,
      mediaType: file.mimeType.startsWith("image/") ? "IMAGE" : "DOCUMENT",
      sizeInBytes: String(file.size),
      operationStatus: "READY",
      parentFolderId: "media-root",
      media: file.width ? { image: { image: { id: file.id, url: file.url, width: file.width, height: file.height } } } : {},
    };
  }

  async function handleApi(req: http.IncomingMessage, res: http.ServerResponse, url: URL, raw: Buffer) {
    const method = req.method ?? "GET";
    const path = url.pathname;
    const reply = (status: number, body: unknown, headers: Record<string, string> = {}) => sendJson(res, status, body, headers);
    const json = (): Record<string, unknown> => {
      try {
        const value = raw.length ? (JSON.parse(raw.toString("utf8")) as unknown) : {};
        return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
      } catch {
        throw bad("Request body is not valid JSON");
      }
    };

    if (path === "/installer/install" && method === "GET") {
      const redirectUrl = url.searchParams.get("redirectUrl") ?? "";
      const state = url.searchParams.get("state") ?? "";
      if (url.searchParams.get("appId") !== appId || !/^https?:\/\//.test(redirectUrl)) {
        res.writeHead(400, { "Content-Type": "text/html; charset=utf-8" });
        return res.end("<!doctype html><title>Wix</title><p>This app could not be found.</p>");
      }
      const back = new URL(redirectUrl);
      if (settings.denyInstall) {
        back.searchParams.set("error", "access_denied");
        back.searchParams.set("error_description", "The user declined to install the app");
      } else {
        back.searchParams.set("code", crypto.randomBytes(16).toString("hex"));
        back.searchParams.set("instanceId", install());
      }
      back.searchParams.set("state", state);
      res.writeHead(302, { Location: back.toString() });
      return res.end();
    }

    if (path === "/oauth2/token" && method === "POST") {
      const body = json();
      if (body.grant_type !== "client_credentials") throw bad("Unsupported grant_type", "UNSUPPORTED_GRANT_TYPE");
      if (body.client_id !== appId || body.client_secret !== appSecret)
        throw new WixHttpError(401, wixError("Invalid client credentials", "INVALID_CLIENT"));
      const instanceId = typeof body.instance_id === "string" ? body.instance_id : "";
      if (!instances.get(instanceId)?.installed)
        throw new WixHttpError(400, wixError("App instance not found or app not installed", "INVALID_INSTANCE"));
      const token = `OauthNG.JWS.${crypto.randomBytes(24).toString("base64url")}`;
      tokens.set(token, { instanceId, expiresAt: Date.now() + settings.tokenTtlSeconds * 1000 });
      return reply(200, { access_token: token, token_type: "Bearer", expires_in: settings.tokenTtlSeconds });
    }

    const upload = /^\/_upload\/([\w-]+)$/.exec(path);
    if (upload && method === "PUT") {
      const pending = uploads.get(upload[1]!);
      if (!pending) throw new WixHttpError(404, wixError("Upload URL expired or unknown", "UPLOAD_URL_NOT_FOUND"));
      uploads.delete(upload[1]!);
      if (!raw.length) throw bad("Empty upload");
      const file = storeFile(
        raw,
        req.headers["content-type"] ?? pending.mimeType,
        url.searchParams.get("filename") ?? pending.fileName,
        "upload",
      );
      return reply(200, { file: fileJson(file) });
    }

    const instanceId = authenticate(req);
    rateLimit(instanceId);
    const body = method === "GET" ? {} : json();

    if (path === "/apps/v1/instance" && method === "GET") {
      return reply(200, {
        instance: {
          instanceId,
          appName: "Inkpilot",
          isFree: true,
          permissions: ["SCOPE.DC-BLOG.MANAGE-BLOG", "SCOPE.DC-MEDIA.MANAGE-MEDIAMANAGER"],
        },
        site: {
          siteDisplayName: siteName,
          url: siteUrl(),
          siteId,
          locale: "en",
          ownerEmail,
          ownerInfo: { email: ownerEmail, emailStatus: "VERIFIED" },
        },
      });
    }

    if (path.startsWith("/members/v1/members")) {
      if (path === "/members/v1/members" && method === "GET") {
        const limit = Math.min(Number(url.searchParams.get("paging.limit") ?? 50) || 50, 100);
        const full = url.searchParams.getAll("fieldsets").includes("FULL");
        const list = members
          .slice(0, limit)
          .map((m) => (full ? m : { id: m.id, contactId: m.contactId, profile: m.profile, status: m.status }));
        return reply(200, { members: list, metadata: { count: list.length, offset: 0, total: members.length, tooManyToCount: false } });
      }
      if (path === "/members/v1/members" && method === "POST") {
        if (!settings.canManageMembers) throw new WixHttpError(403, wixError("Permission denied: Manage Members", "PERMISSION_DENIED"));
        const member = (body.member ?? {}) as { loginEmail?: unknown; profile?: { nickname?: string } };
        if (typeof member.loginEmail !== "string" || !/^[^@\s]+@[^@\s]+$/.test(member.loginEmail))
          throw invalidField("member.loginEmail", "must be a valid email");
        if (members.some((m) => m.loginEmail === member.loginEmail))
          throw new WixHttpError(409, wixError("Member with this email already exists", "EMAIL_ALREADY_EXISTS"));
        return reply(200, { member: addMember(member.loginEmail, member.profile?.nickname) });
      }
      const byId = /^\/members\/v1\/members\/([\w-]+)$/.exec(path);
      if (byId && method === "GET") {
        const member = members.find((m) => m.id === byId[1]);
        if (!member) throw new WixHttpError(404, wixError("Member not found", "MEMBER_NOT_FOUND"));
        return reply(200, { member });
      }
    }

    if (path.startsWith("/blog/v3/")) {
      if (!settings.blogInstalled) throw new WixHttpError(403, wixError("Wix Blog is not installed on this site", "BLOG_NOT_INSTALLED"));
      const fieldsets = [...url.searchParams.getAll("fieldsets"), ...(Array.isArray(body.fieldsets) ? (body.fieldsets as string[]) : [])];
      if (path === "/blog/v3/draft-posts" && method === "POST") {
        const input = body.draftPost;
        if (!input || typeof input !== "object") throw invalidField("draftPost", "is required");
        if (Buffer.byteLength(JSON.stringify(input)) > MAX_POST_BYTES) throw bad("Post size exceeds the 400KB limit", "POST_TOO_LARGE");
        const now = new Date().toISOString();
        const draft: WixFakeDraft = {
          id: crypto.randomUUID(),
          title: "",
          memberId: "",
          status: "UNPUBLISHED",
          seoSlug: "",
          excerpt: "",
          richContent: { nodes: [] },
          seoData: { tags: [] },
          media: null,
          tagIds: [],
          categoryIds: [],
          hashtags: [],
          commentingEnabled: true,
          hasUnpublishedChanges: false,
          firstPublishedDate: null,
          editedDate: now,
          createdDate: now,
          publishCount: 0,
        };
        applyDraft(draft, input as Record<string, unknown>, true);
        drafts.push(draft);
        if (body.publish === true) publish(draft);
        return reply(200, { draftPost: serialize(draft, fieldsets) });
      }
      if (path === "/blog/v3/draft-posts" && method === "GET") {
        const list = drafts.filter((d) => d.status !== "DELETED").map((d) => serialize(d, fieldsets));
        return reply(200, { draftPosts: list, metaData: { count: list.length, offset: 0, total: list.length } });
      }
      if (path === "/blog/v3/draft-posts/query" && method === "POST") {
        const query = (body.query ?? {}) as { filter?: Record<string, unknown>; paging?: { limit?: number; offset?: number } };
        const limit = Math.min(Number(query.paging?.limit ?? 50) || 50, 100);
        const found = drafts.filter((d) => d.status !== "DELETED" && matches(d, query.filter));
        const page = found.slice(query.paging?.offset ?? 0, (query.paging?.offset ?? 0) + limit).map((d) => serialize(d, fieldsets));
        return reply(200, {
          draftPosts: page,
          pagingMetadata: { count: page.length, offset: query.paging?.offset ?? 0, total: found.length },
        });
      }
      const publishMatch = /^\/blog\/v3\/draft-posts\/([\w-]+)\/publish$/.exec(path);
      if (publishMatch && method === "POST") {
        const draft = findDraft(publishMatch[1]!);
        publish(draft);
        return reply(200, { postId: draft.id });
      }
      const byId = /^\/blog\/v3\/draft-posts\/([\w-]+)$/.exec(path);
      if (byId && method === "GET") return reply(200, { draftPost: serialize(findDraft(byId[1]!), fieldsets) });
      if (byId && method === "PATCH") {
        const draft = findDraft(byId[1]!);
        const input = body.draftPost;
        if (!input || typeof input !== "object") throw invalidField("draftPost", "is required");
        if ((input as { id?: unknown }).id !== draft.id) throw invalidField("draftPost.id", "must match the path");
        if (Buffer.byteLength(JSON.stringify(input)) > MAX_POST_BYTES) throw bad("Post size exceeds the 400KB limit", "POST_TOO_LARGE");
        applyDraft(draft, input as Record<string, unknown>, false);
        if (draft.status === "PUBLISHED") draft.hasUnpublishedChanges = true;
        // Wix leaves seoData out of the update answer.
        return reply(200, { draftPost: serialize(draft, fieldsets, false) });
      }
      const bySlug = /^\/blog\/v3\/posts\/slugs\/([^/]+)$/.exec(path);
      if (bySlug && method === "GET") {
        const draft = drafts.find((d) => d.status === "PUBLISHED" && d.seoSlug === decodeURIComponent(bySlug[1]!));
        if (!draft) throw new WixHttpError(404, wixError("Post not found", "POST_NOT_FOUND"));
        return reply(200, {
          post: { id: draft.id, title: draft.title, slug: draft.seoSlug, memberId: draft.memberId, url: draftUrl(draft) },
        });
      }
      if (path === "/blog/v3/tags/query" && method === "POST") {
        const filter = ((body.query ?? {}) as { filter?: { label?: { $in?: string[]; $eq?: string } } }).filter;
        const wanted = filter?.label?.$in ?? (filter?.label?.$eq ? [filter.label.$eq] : null);
        const found = wanted ? tags.filter((t) => wanted.some((w) => w.toLowerCase() === t.label.toLowerCase())) : tags;
        return reply(200, { tags: found, pagingMetadata: { count: found.length, offset: 0 } });
      }
      if (path === "/blog/v3/tags" && method === "POST") {
        const label = typeof body.label === "string" ? body.label.trim() : "";
        if (!label) throw invalidField("label", "must not be empty");
        const existing = tags.find((t) => t.label.toLowerCase() === label.toLowerCase());
        if (existing) throw new WixHttpError(409, wixError("Tag already exists", "TAG_ALREADY_EXISTS"));
        const tag = { id: crypto.randomUUID(), label, slug: slugify(label) };
        tags.push(tag);
        return reply(200, { tag });
      }
      if (path === "/blog/v3/categories" && method === "GET")
        return reply(200, { categories, metaData: { count: categories.length, offset: 0 } });
    }

    if (path.startsWith("/site-media/v1/")) {
      if (!settings.mediaPermission) throw new WixHttpError(403, wixError("Permission denied: Manage Media Manager", "PERMISSION_DENIED"));
      if (path === "/site-media/v1/files/generate-upload-url" && method === "POST") {
        if (typeof body.mimeType !== "string" || !body.mimeType) throw invalidField("mimeType", "is required");
        const key = crypto.randomBytes(12).toString("hex");
        uploads.set(key, { mimeType: body.mimeType, fileName: typeof body.fileName === "string" ? body.fileName : "file" });
        return reply(200, { uploadUrl: `${origin}/_upload/${key}` });
      }
      if (path === "/site-media/v1/files/import" && method === "POST") {
        if (typeof body.url !== "string" || !/^https?:\/\//.test(body.url)) throw invalidField("url", "must be a valid URL");
        const fetched = await fetch(body.url).catch(() => null);
        if (!fetched?.ok) throw bad(`Could not download ${body.url}`, "IMPORT_FAILED");
        const bytes = Buffer.from(await fetched.arrayBuffer());
        const mimeType = typeof body.mimeType === "string" ? body.mimeType : (fetched.headers.get("content-type") ?? "image/png");
        const file = storeFile(bytes, mimeType, typeof body.displayName === "string" ? body.displayName : "imported", "import");
        return reply(200, { file: fileJson(file) });
      }
      if (path === "/site-media/v1/files/get-file-by-id" && method === "GET") {
        const file = files.find((f) => f.id === url.searchParams.get("fileId"));
        if (!file) throw new WixHttpError(404, wixError("File not found", "FILE_NOT_FOUND"));
        return reply(200, { file: fileJson(file) });
      }
      if (path === "/site-media/v1/files" && method === "GET") return reply(200, { files: files.map(fileJson), nextCursor: {} });
    }
    throw new WixHttpError(404, wixError(`No route for ${method} ${path}`, "NOT_FOUND"));
  }

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const method = req.method ?? "GET";
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);

    if (url.pathname.startsWith("/__fake/")) {
      const body = raw.length ? (JSON.parse(raw.toString("utf8")) as Record<string, unknown>) : {};
      if (url.pathname === "/__fake/requests" && method === "GET") return sendJson(res, 200, requests);
      if (url.pathname === "/__fake/posts" && method === "GET") {
        return sendJson(res, 200, {
          posts: drafts.map((d) => {
            const text = JSON.stringify(d.richContent);
            const coverId = (d.media as { wixMedia?: { image?: { id?: string } } } | null)?.wixMedia?.image?.id;
            return {
              ...d,
              url: draftUrl(d),
              media: files.filter((f) => text.includes(f.id) || f.id === coverId).map((f) => f.id),
              cover: d.media,
            };
          }),
          files: files.map(({ bytes: _bytes, ...f }) => f),
          members,
          tags,
        });
      }
      if (url.pathname === "/__fake/fail-next" && method === "POST") {
        failures.push({
          status: body.status as ArmedFailure["status"],
          body: body.body,
          headers: body.headers as Record<string, string> | undefined,
          count: Number(body.count ?? 1),
          path: typeof body.path === "string" ? body.path : undefined,
          exact: body.exact === true,
          method: typeof body.method === "string" ? body.method.toUpperCase() : undefined,
        });
        return sendJson(res, 200, { armed: failures.length });
      }
      if (url.pathname === "/__fake/settings" && method === "POST") {
        for (const key of Object.keys(defaults) as Array<keyof typeof defaults>) {
          if (typeof body[key] === typeof defaults[key]) (settings as Record<string, unknown>)[key] = body[key];
        }
        if (body.members === 0) members.length = 0;
        return sendJson(res, 200, settings);
      }
      if (url.pathname === "/__fake/expire-tokens" && method === "POST") {
        for (const entry of tokens.values()) entry.expiresAt = 0;
        return sendJson(res, 200, { expired: tokens.size });
      }
      if (url.pathname === "/__fake/uninstall" && method === "POST") {
        for (const entry of instances.values()) entry.installed = false;
        return sendJson(res, 200, { ok: true });
      }
      if (url.pathname === "/__fake/reset" && method === "POST") {
        reset();
        return sendJson(res, 200, { ok: true });
      }
      return sendJson(res, 404, { error: "unknown control" });
    }

    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(req.headers)) {
      if (value === undefined) continue;
      headers[key] =
        key === "authorization" ? `${String(value).split(" ")[0]} <redacted>` : Array.isArray(value) ? value.join(", ") : value;
    }
    const logged: LoggedRequest = { method, path: `${url.pathname}${url.search}`, headers, bodySize: raw.length };
    // Token requests carry the app secret: log their size only.
    requests.push(logged);

    const file = files.find((f) => url.pathname === `/media/${f.id}`);
    if (file && (method === "GET" || method === "HEAD")) {
      logged.status = 200;
      res.writeHead(200, { "Content-Type": file.mimeType, "Content-Length": String(file.size) });
      return res.end(method === "HEAD" ? undefined : file.bytes);
    }

    const failureIndex = url.pathname.startsWith("/installer/")
      ? -1
      : failures.findIndex(
          (f) =>
            (!f.path || (f.exact ? url.pathname === f.path : url.pathname.includes(f.path))) &&
            (!f.method || f.method.toUpperCase() === method.toUpperCase()),
        );
    const failure = failureIndex >= 0 ? failures[failureIndex]! : null;
    if (failure && --failure.count <= 0) failures.splice(failureIndex, 1);
    if (failure?.status === "timeout") {
      logged.status = "timeout";
      hung.add(res);
      return;
    }
    if (failure?.status === "malformed") {
      logged.status = "malformed";
      res.writeHead(200, { "Content-Type": "application/json", ...failure.headers });
      return res.end(typeof failure.body === "string" ? failure.body : '{"draftPost": {"id": ');
    }
    if (failure && typeof failure.status === "number") {
      logged.status = failure.status;
      const status = failure.status;
      const body =
        failure.body ??
        wixError(
          status === 429
            ? "Too many requests"
            : status >= 500
              ? "Internal error"
              : status === 401
                ? "Unauthorized"
                : status === 403
                  ? "Permission denied"
                  : "Armed failure",
          status === 429
            ? "RESOURCE_EXHAUSTED"
            : status >= 500
              ? "INTERNAL"
              : status === 401
                ? "UNAUTHENTICATED"
                : status === 403
                  ? "PERMISSION_DENIED"
                  : "ARMED",
        );
      res.writeHead(status, {
        "Content-Type": typeof body === "string" ? "text/html; charset=utf-8" : "application/json",
        ...failure.headers,
      });
      return res.end(typeof body === "string" ? body : JSON.stringify(body));
    }

    try {
      if (failure?.status === "lose-response" || failure?.status === "hold") {
        // Do the work, then drop the connection (or keep it open, never answering) before any answer leaves.
        const hold = failure.status === "hold";
        const sink = Object.assign(Object.create(res) as http.ServerResponse, {
          writeHead: () => sink,
          setHeader: () => sink,
          end: () => {
            if (hold) hung.add(res);
            else res.socket?.destroy();
            return sink;
          },
        });
        logged.status = failure.status;
        await handleApi(req, sink, url, raw);
        return;
      }
      await handleApi(req, res, url, raw);
      logged.status = res.statusCode;
    } catch (error) {
      if (error instanceof WixHttpError) {
        logged.status = error.status;
        return sendJson(res, error.status, error.body, error.headers);
      }
      logged.status = 500;
      return sendJson(res, 500, wixError(error instanceof Error ? error.message : "Internal error", "INTERNAL"));
    }
  });

  function reset() {
    drafts.length = 0;
    files.length = 0;
    uploads.clear();
    tags.length = 0;
    requests.length = 0;
    failures.length = 0;
    hits.clear();
    tokens.clear();
    members.length = 0;
    seed();
    for (const entry of instances.values()) entry.installed = true;
    for (const r of hung) r.socket?.destroy();
    hung.clear();
    Object.assign(settings, defaults);
  }

  const listening = await listen(server, port);
  origin = listening.url;
  const env = {
    WIX_APP_ID: appId,
    WIX_APP_SECRET: appSecret,
    WIX_API_URL: listening.url,
    WIX_INSTALLER_URL: `${listening.url}/installer/install`,
  };
  return {
    url: listening.url,
    port: listening.port,
    appId,
    appSecret,
    siteId,
    env,
    credentials: env,
    hint: `Wix fake: start the app with WIX_APP_ID=${appId} WIX_APP_SECRET=${appSecret} WIX_API_URL=${listening.url} WIX_INSTALLER_URL=${listening.url}/installer/install TEST_ALLOW_PRIVATE_HOSTS=127.0.0.1:${listening.port}, then Settings → Integrations → Wix → Connect (the installer approves at once).`,
    /** The instance id an install gives (created on first install). */
    instanceId: () => currentInstance,
    /** Installs the app without the browser trip (for adapter tests). */
    install,
    drafts: () => drafts,
    files: () => files,
    members: () => members,
    requests: () => requests,
    settings: ({ members: memberCount, ...patch }: Partial<typeof defaults> & { members?: 0 }) => {
      Object.assign(settings, patch);
      if (memberCount === 0) members.length = 0;
    },
    expireTokens: () => {
      for (const entry of tokens.values()) entry.expiresAt = 0;
    },
    fail: (failure: Omit<ArmedFailure, "count"> & { count?: number }) => failures.push({ count: 1, ...failure }),
    reset,
    close: async () => {
      for (const r of hung) r.socket?.destroy();
      hung.clear();
      server.closeAllConnections();
      await listening.close();
    },
  };
}

export type WixFake = Awaited<ReturnType<typeof startWixFake>>;
