import crypto from "node:crypto";
import type http from "node:http";

/**
 * AWS Signature Version 4 as Amazon S3 checks it on a request signed in its Authorization header
 * (AmazonS3/latest/API/sig-v4-header-based-auth.html): the canonical request from the method, the path as sent
 * (S3 does not normalise or re-encode it), the sorted, strictly encoded query, the signed headers and the payload
 * hash the client declared in x-amz-content-sha256; the string to sign with the credential scope; the signing key
 * derived from the secret by date, region and service. The fake S3 (s3.ts) answers the failures with S3's own
 * error codes, so the client's error handling meets the real shapes.
 */

export type SigV4Failure = { status: number; code: string; message: string; extra?: Record<string, string> };

const ALGORITHM = "AWS4-HMAC-SHA256";

/** RFC 3986 encoding as SigV4 wants it: unreserved characters stay, everything else is %XX in upper case. */
function strictEncode(value: string) {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function canonicalQuery(rawQuery: string) {
  if (!rawQuery) return "";
  return rawQuery
    .split("&")
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf("=");
      const [name, value] = at < 0 ? [pair, ""] : [pair.slice(0, at), pair.slice(at + 1)];
      return [strictEncode(decodeURIComponent(name)), strictEncode(decodeURIComponent(value))] as const;
    })
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
}

function headerValue(req: http.IncomingMessage, name: string) {
  const value = req.headers[name];
  return (Array.isArray(value) ? value.join(",") : (value ?? "")).trim().replace(/\s+/g, " ");
}

const hmac = (key: crypto.BinaryLike, data: string) => crypto.createHmac("sha256", key).update(data).digest();
const sha256Hex = (data: string | Buffer) => crypto.createHash("sha256").update(data).digest("hex");

function parseAuthorization(header: string | undefined) {
  if (!header?.startsWith(`${ALGORITHM} `)) return null;
  const fields = Object.fromEntries(
    header
      .slice(ALGORITHM.length + 1)
      .split(",")
      .map((part) => part.trim().split("=", 2) as [string, string]),
  );
  const [accessKeyId, date, region, service, terminal] = (fields.Credential ?? "").split("/");
  if (!accessKeyId || !date || !region || !service || terminal !== "aws4_request" || !fields.SignedHeaders || !fields.Signature)
    return null;
  return { accessKeyId, date, region, service, signedHeaders: fields.SignedHeaders.split(";"), signature: fields.Signature };
}

/**
 * Checks the request's signature against the secret of its access key id; null when it holds. `body` is the
 * whole payload, checked against a declared hex hash (UNSIGNED-PAYLOAD declares none).
 */
export function verifySigV4(req: http.IncomingMessage, body: Buffer, secrets: Map<string, string>): SigV4Failure | null {
  const auth = parseAuthorization(req.headers.authorization);
  if (!auth) {
    return req.headers.authorization
      ? { status: 400, code: "AuthorizationHeaderMalformed", message: "The authorization header is malformed." }
      : { status: 403, code: "AccessDenied", message: "Access Denied" };
  }
  const secret = secrets.get(auth.accessKeyId);
  if (secret === undefined) {
    return {
      status: 403,
      code: "InvalidAccessKeyId",
      message: "The AWS Access Key Id you provided does not exist in our records.",
      extra: { AWSAccessKeyId: auth.accessKeyId },
    };
  }
  const payloadHash = headerValue(req, "x-amz-content-sha256");
  if (!payloadHash)
    return { status: 400, code: "InvalidRequest", message: "Missing required header for this request: x-amz-content-sha256" };
  if (/^[0-9a-f]{64}$/.test(payloadHash) && sha256Hex(body) !== payloadHash) {
    return {
      status: 400,
      code: "XAmzContentSHA256Mismatch",
      message: "The provided 'x-amz-content-sha256' header does not match what was computed.",
    };
  }
  const amzDate = headerValue(req, "x-amz-date");
  const url = req.url ?? "/";
  const queryAt = url.indexOf("?");
  const canonicalRequest = [
    req.method ?? "GET",
    queryAt < 0 ? url : url.slice(0, queryAt),
    canonicalQuery(queryAt < 0 ? "" : url.slice(queryAt + 1)),
    auth.signedHeaders.map((name) => `${name}:${headerValue(req, name)}\n`).join(""),
    auth.signedHeaders.join(";"),
    payloadHash,
  ].join("\n");
  const scope = `${auth.date}/${auth.region}/${auth.service}/aws4_request`;
  const stringToSign = [ALGORITHM, amzDate, scope, sha256Hex(canonicalRequest)].join("\n");
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, auth.date), auth.region), auth.service), "aws4_request");
  const expected = hmac(key, stringToSign).toString("hex");
  const given = Buffer.from(auth.signature);
  if (given.length === expected.length && crypto.timingSafeEqual(given, Buffer.from(expected))) return null;
  return {
    status: 403,
    code: "SignatureDoesNotMatch",
    message: "The request signature we calculated does not match the signature you provided. Check your key and signing method.",
    extra: { AWSAccessKeyId: auth.accessKeyId, StringToSign: stringToSign, CanonicalRequest: canonicalRequest },
  };
}
