import crypto from "node:crypto";
import http from "node:http";
import zlib from "node:zlib";
import { listen, readBody, sendJson } from "./http-fake";
import { verifySigV4, type SigV4Failure } from "./s3-sigv4";

/**
 * A local S3-compatible object store for the official SDK (@aws-sdk/client-s3) with path-style addressing
 * (http://host/<bucket>/<key>), speaking Amazon S3's REST protocol: PutObject, GetObject (with Range),
 * HeadObject, DeleteObject, ListObjectsV2 (prefix, continuation token, max-keys, start-after) and
 * HeadBucket/CreateBucket. Every request must carry a valid AWS Signature Version 4 (s3-sigv4.ts): a wrong
 * secret is answered 403 SignatureDoesNotMatch, an unknown key id 403 InvalidAccessKeyId, in S3's XML error
 * shape. Declared checksums (Content-MD5, x-amz-checksum-crc32/sha1/sha256) are verified (400 BadDigest).
 *
 * Like many S3-compatible services, it does not take aws-chunked uploads (the SDK's streamed trailing
 * checksums): 501 NotImplemented. The app's client asks for checksums only when an operation requires them
 * (docs/decisions/079), which these requests prove. Test controls: /__fake/objects, /__fake/requests,
 * /__fake/fail-next {status, count}, /__fake/reset.
 */

type StoredObject = { body: Buffer; contentType: string; etag: string; lastModified: Date };
type LoggedRequest = { method: string; path: string; status: number };

const XML = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = "http://s3.amazonaws.com/doc/2006-03-01/";
const MAX_KEYS = 1000;

const escapeXml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);
const element = (name: string, value: string | number | boolean) => `<${name}>${escapeXml(String(value))}</${name}>`;

class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, string> = {},
  ) {
    super(message);
  }
}

function sendError(req: http.IncomingMessage, res: http.ServerResponse, error: S3Error | SigV4Failure, requestId: string) {
  const { status, code, message } = error;
  const headers = { "x-amz-request-id": requestId, "x-amz-id-2": `fake-${requestId}` };
  // S3 answers a HEAD request's errors with the status alone.
  if (req.method === "HEAD") return void res.writeHead(status, headers).end();
  const extra = Object.entries(error.extra ?? {}).map(([name, value]) => element(name, value));
  const body = `${XML}<Error>${element("Code", code)}${element("Message", message)}${extra.join("")}${element("RequestId", requestId)}${element("HostId", `fake-${requestId}`)}</Error>`;
  res.writeHead(status, { ...headers, "Content-Type": "application/xml", "Content-Length": Buffer.byteLength(body) });
  res.end(body);
}

function verifyChecksums(req: http.IncomingMessage, body: Buffer) {
  if (/aws-chunked/i.test(String(req.headers["content-encoding"] ?? "")))
    throw new S3Error(501, "NotImplemented", "A header you provided implies functionality that is not implemented.", {
      Header: "Content-Encoding",
    });
  const crc32 = Buffer.alloc(4);
  crc32.writeUInt32BE(zlib.crc32(body));
  const declared: Array<[string, string, string]> = [
    ["content-md5", "Content-MD5", crypto.createHash("md5").update(body).digest("base64")],
    ["x-amz-checksum-crc32", "CRC32", crc32.toString("base64")],
    ["x-amz-checksum-sha1", "SHA1", crypto.createHash("sha1").update(body).digest("base64")],
    ["x-amz-checksum-sha256", "SHA256", crypto.createHash("sha256").update(body).digest("base64")],
  ];
  for (const [header, name, actual] of declared) {
    const given = req.headers[header];
    if (given !== undefined && given !== actual)
      throw new S3Error(400, "BadDigest", `The ${name} you specified did not match the calculated checksum.`);
  }
}

/** The first and last byte a Range header asks for; null for the whole object. */
function byteRange(header: string | undefined, size: number) {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (!match[1] && !match[2])) return null;
  const [start, end] = match[1]
    ? [Number(match[1]), match[2] ? Math.min(Number(match[2]), size - 1) : size - 1]
    : [Math.max(size - Number(match[2]), 0), size - 1];
  if (start >= size || end < start)
    throw new S3Error(416, "InvalidRange", "The requested range is not satisfiable", { RangeRequested: header });
  return { start, end };
}

function objectHeaders(object: StoredObject) {
  return {
    "Content-Type": object.contentType,
    ETag: object.etag,
    "Last-Modified": object.lastModified.toUTCString(),
    "Accept-Ranges": "bytes",
  };
}

function listObjects(bucketName: string, bucket: Map<string, StoredObject>, query: URLSearchParams, pageSize: number) {
  if (query.has("delimiter")) throw new S3Error(501, "NotImplemented", "This fake lists without a delimiter only.");
  const prefix = query.get("prefix") ?? "";
  const maxKeys = Math.min(Number(query.get("max-keys") ?? MAX_KEYS), pageSize);
  if (!Number.isInteger(maxKeys) || maxKeys < 0)
    throw new S3Error(400, "InvalidArgument", "Provided max-keys not an integer or within integer range");
  const token = query.get("continuation-token");
  const after = token !== null ? Buffer.from(token, "base64url").toString("utf8") : (query.get("start-after") ?? "");
  const keys = [...bucket.keys()].filter((key) => key.startsWith(prefix) && key > after).sort();
  const page = keys.slice(0, maxKeys);
  const truncated = keys.length > page.length;
  const encode = query.get("encoding-type") === "url" ? (v: string) => encodeURIComponent(v) : (v: string) => v;
  const contents = page.map((key) => {
    const object = bucket.get(key)!;
    return `<Contents>${element("Key", encode(key))}${element("LastModified", object.lastModified.toISOString())}${element("ETag", object.etag)}${element("Size", object.body.length)}${element("StorageClass", "STANDARD")}</Contents>`;
  });
  return [
    `${XML}<ListBucketResult xmlns="${NAMESPACE}">`,
    element("Name", bucketName),
    element("Prefix", encode(prefix)),
    element("KeyCount", page.length),
    element("MaxKeys", maxKeys),
    element("IsTruncated", truncated),
    token !== null ? element("ContinuationToken", token) : "",
    truncated ? element("NextContinuationToken", Buffer.from(page[page.length - 1]!).toString("base64url")) : "",
    query.get("encoding-type") === "url" ? element("EncodingType", "url") : "",
    ...contents,
    "</ListBucketResult>",
  ].join("");
}

export async function startFakeS3({
  port = 0,
  bucket = "inkpilot-test",
  accessKeyId = "AKIAFAKEINKPILOT0001",
  secretAccessKey = "fake-s3-secret-0123456789abcdefghijklmnop",
  region = "auto",
  /** The most keys one ListObjectsV2 page holds (S3's 1,000), lower to make a test page through a short list. */
  listPageSize = MAX_KEYS,
} = {}) {
  const buckets = new Map<string, Map<string, StoredObject>>([[bucket, new Map()]]);
  const secrets = new Map([[accessKeyId, secretAccessKey]]);
  const requests: LoggedRequest[] = [];
  let failNext: { status: number; count: number } | null = null;

  const listAll = () =>
    [...buckets].flatMap(([name, objects]) =>
      [...objects].map(([key, o]) => ({ bucket: name, key, size: o.body.length, etag: o.etag, contentType: o.contentType })),
    );

  function objectsOf(name: string) {
    const objects = buckets.get(name);
    if (!objects) throw new S3Error(404, "NoSuchBucket", "The specified bucket does not exist", { BucketName: name });
    return objects;
  }

  function objectOf(name: string, key: string) {
    const object = objectsOf(name).get(key);
    if (!object) throw new S3Error(404, "NoSuchKey", "The specified key does not exist.", { Key: key });
    return object;
  }

  function handleObject(req: http.IncomingMessage, res: http.ServerResponse, name: string, key: string, body: Buffer) {
    if (req.method === "PUT") {
      verifyChecksums(req, body);
      const objects = objectsOf(name);
      const etag = `"${crypto.createHash("md5").update(body).digest("hex")}"`;
      const contentType = String(req.headers["content-type"] ?? "binary/octet-stream");
      objects.set(key, { body, contentType, etag, lastModified: new Date(Math.floor(Date.now() / 1000) * 1000) });
      return void res.writeHead(200, { ETag: etag, "Content-Length": 0 }).end();
    }
    if (req.method === "DELETE") {
      objectsOf(name).delete(key);
      return void res.writeHead(204).end();
    }
    if (req.method !== "GET" && req.method !== "HEAD")
      throw new S3Error(405, "MethodNotAllowed", "The specified method is not allowed against this resource.");
    const object = objectOf(name, key);
    const range = req.method === "GET" ? byteRange(req.headers.range, object.body.length) : null;
    const bytes = range ? object.body.subarray(range.start, range.end + 1) : object.body;
    const headers: Record<string, string | number> = { ...objectHeaders(object), "Content-Length": bytes.length };
    if (range) headers["Content-Range"] = `bytes ${range.start}-${range.end}/${object.body.length}`;
    res.writeHead(range ? 206 : 200, headers);
    res.end(req.method === "HEAD" ? undefined : bytes);
  }

  function handleBucket(req: http.IncomingMessage, res: http.ServerResponse, name: string, query: URLSearchParams) {
    if (req.method === "PUT") {
      if (!buckets.has(name)) buckets.set(name, new Map());
      return void res.writeHead(200, { Location: `/${name}`, "Content-Length": 0 }).end();
    }
    const objects = objectsOf(name);
    if (req.method === "HEAD") return void res.writeHead(200).end();
    if (req.method === "GET" && query.get("list-type") === "2") {
      const body = listObjects(name, objects, query, listPageSize);
      return void res.writeHead(200, { "Content-Type": "application/xml", "Content-Length": Buffer.byteLength(body) }).end(body);
    }
    throw new S3Error(501, "NotImplemented", "This fake answers ListObjectsV2 (list-type=2) on a bucket only.");
  }

  async function handleControl(req: http.IncomingMessage, res: http.ServerResponse, path: string) {
    if (path === "/__fake/objects") return sendJson(res, 200, listAll());
    if (path === "/__fake/requests") return sendJson(res, 200, requests);
    if (path === "/__fake/fail-next" && req.method === "POST") {
      const armed = JSON.parse((await readBody(req)) || "{}") as { status?: number; count?: number };
      failNext = { status: armed.status ?? 500, count: armed.count ?? 1 };
      return sendJson(res, 200, { ok: true });
    }
    if (path === "/__fake/reset" && req.method === "POST") {
      for (const objects of buckets.values()) objects.clear();
      requests.length = 0;
      failNext = null;
      return sendJson(res, 200, { ok: true });
    }
    return sendJson(res, 404, { error: "no such control" });
  }

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    if (url.pathname.startsWith("/__fake/")) return handleControl(req, res, url.pathname);
    const requestId = crypto.randomBytes(8).toString("hex").toUpperCase();
    const logged: LoggedRequest = { method: req.method ?? "GET", path: url.pathname, status: 0 };
    requests.push(logged);
    res.on("finish", () => (logged.status = res.statusCode));
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    try {
      const denied = verifySigV4(req, body, secrets);
      if (denied) return sendError(req, res, denied, requestId);
      if (failNext) {
        const { status } = failNext;
        if (--failNext.count <= 0) failNext = null;
        throw status === 503
          ? new S3Error(503, "SlowDown", "Please reduce your request rate.")
          : new S3Error(status, "InternalError", "We encountered an internal error. Please try again.");
      }
      // Path style: /<bucket>/<key>, the key percent-encoded segment by segment as the SDK sends it.
      const [, name = "", ...rest] = url.pathname.split("/");
      if (!name) throw new S3Error(501, "NotImplemented", "This fake does not list buckets.");
      const key = decodeURIComponent(rest.join("/"));
      if (key) handleObject(req, res, name, key, body);
      else handleBucket(req, res, name, url.searchParams);
    } catch (error) {
      if (!(error instanceof S3Error)) throw error;
      sendError(req, res, error, requestId);
    }
  });
  const listening = await listen(server, port);
  const env = {
    BUCKET_NAME: bucket,
    AWS_ENDPOINT_URL_S3: listening.url,
    AWS_REGION: region,
    AWS_ACCESS_KEY_ID: accessKeyId,
    AWS_SECRET_ACCESS_KEY: secretAccessKey,
    S3_FORCE_PATH_STYLE: "true",
  };
  return {
    ...listening,
    bucket,
    accessKeyId,
    secretAccessKey,
    region,
    /** The app's environment for this fake (BUCKET_NAME and the AWS_* names `fly storage create` sets). */
    env,
    /** The stored bytes of a key, or undefined. */
    object: (key: string, name = bucket) => buckets.get(name)?.get(key)?.body,
    objects: listAll,
    objectCount: () => listAll().length,
  };
}
