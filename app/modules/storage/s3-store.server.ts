import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import type { Env } from "#app/env.server";
import { assertObjectKey, isObjectPrefix, ObjectStoreError, type ObjectInfo, type ObjectStore } from "./objects";

/**
 * The object store in an S3-compatible bucket through the official SDK (docs/decisions/079): Tigris on Fly
 * (virtual-hosted addressing at https://fly.storage.tigris.dev, region "auto"), Amazon S3, or a local fake with
 * path-style addressing. The SDK reaches the configured endpoint with its own Node HTTP handler rather than
 * guardedFetch: the endpoint is the operator's configuration (AWS_ENDPOINT_URL_S3), never an address a user
 * typed, so there is nothing for the SSRF guard to decide. Every setting is passed explicitly, so the SDK's own
 * reading of AWS_* variables and ~/.aws files decides nothing; the secret is handed to the signer only and no
 * message here carries it.
 */

/** The bucket's settings, read from the environment (env.server.ts objectStorage). */
export type S3Config = Extract<Env["objectStorage"], { kind: "s3" }>;

// Refusals that mean the keys are wrong (or lack the bucket), so the message can say where to look.
const CREDENTIAL_CODES = new Set(["SignatureDoesNotMatch", "InvalidAccessKeyId", "AccessDenied", "InvalidToken", "ExpiredToken"]);

const unquote = (etag: string | undefined) => (etag ? etag.replace(/^"|"$/g, "") : null);

function isMissingObject(error: unknown) {
  // HeadObject's 404 has no body, so its name is the status's ("NotFound"); a missing bucket is never "missing".
  return error instanceof S3ServiceException && (error.name === "NoSuchKey" || error.name === "NotFound");
}

/** The SDK's failure as an ObjectStoreError whose message says where, what, why and which setting to check. */
function failure(where: string, operation: string, key: string, error: unknown) {
  if (error instanceof S3ServiceException) {
    const status = error.$metadata.httpStatusCode ?? null;
    // A HEAD answer has no body, so its refusal has no code ("Unknown"): the status is all there is.
    const code = error.name && error.name !== "Unknown" ? error.name : null;
    const reason = code ? `${code} (HTTP ${status ?? "?"}), ${error.message}` : `HTTP ${status ?? "?"} with no reason given.`;
    const hint =
      (code && CREDENTIAL_CODES.has(code)) || status === 403
        ? " Check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY."
        : code === "NoSuchBucket"
          ? " Check BUCKET_NAME."
          : "";
    return new ObjectStoreError(`Object storage at ${where} refused ${operation} of ${key}: ${reason}${hint}`, code, status);
  }
  const code = (error as NodeJS.ErrnoException).code ?? (error as Error).name ?? null;
  return new ObjectStoreError(
    `Object storage at ${where} could not be reached for ${operation} of ${key}: ${(error as Error).message}`,
    code,
  );
}

export function createS3Store(config: S3Config): ObjectStore {
  const { bucket } = config;
  const where = `${config.endpoint ?? "Amazon S3"} (bucket ${bucket})`;
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Checksums only where an operation requires them: the default since SDK 3.729 sends a CRC32 on every upload,
    // streamed ones as aws-chunked bodies with a trailer, which Tigris and other S3-compatible services refused.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });

  return {
    description: `s3 ${bucket}`,

    async put(key, body, options) {
      assertObjectKey(key);
      const [Body, ContentLength] = body instanceof Uint8Array ? [body, body.byteLength] : [body.stream, body.size];
      try {
        await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body, ContentLength, ContentType: options?.contentType }));
      } catch (error) {
        throw failure(where, "PutObject", key, error);
      }
    },

    async get(key, options) {
      assertObjectKey(key);
      const Range = options?.range ? `bytes=${options.range.start}-${options.range.end}` : undefined;
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key, Range }));
        return answer.Body ? await answer.Body.transformToByteArray() : new Uint8Array(0);
      } catch (error) {
        if (isMissingObject(error)) return null;
        // A range that starts past the end holds no bytes, as on disk.
        if (error instanceof S3ServiceException && error.name === "InvalidRange") return new Uint8Array(0);
        throw failure(where, "GetObject", key, error);
      }
    },

    async stream(key) {
      assertObjectKey(key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!answer.Body) return null;
        return {
          key,
          size: answer.ContentLength ?? 0,
          etag: unquote(answer.ETag),
          lastModified: answer.LastModified ?? null,
          contentType: answer.ContentType ?? null,
          body: answer.Body.transformToWebStream() as ReadableStream<Uint8Array>,
        };
      } catch (error) {
        if (isMissingObject(error)) return null;
        throw failure(where, "GetObject", key, error);
      }
    },

    async head(key) {
      assertObjectKey(key);
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return { key, size: answer.ContentLength ?? 0, etag: unquote(answer.ETag), lastModified: answer.LastModified ?? null };
      } catch (error) {
        if (isMissingObject(error)) return null;
        throw failure(where, "HeadObject", key, error);
      }
    },

    async delete(key) {
      assertObjectKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      } catch (error) {
        throw failure(where, "DeleteObject", key, error);
      }
    },

    async *list(prefix) {
      if (!isObjectPrefix(prefix)) throw new ObjectStoreError(`Not a prefix of the object store: ${JSON.stringify(prefix)}`);
      let token: string | undefined;
      do {
        let page;
        try {
          page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
        } catch (error) {
          throw failure(where, "ListObjectsV2", prefix || "(all)", error);
        }
        for (const item of page.Contents ?? []) {
          if (!item.Key) continue;
          const info: ObjectInfo = {
            key: item.Key,
            size: item.Size ?? 0,
            etag: unquote(item.ETag),
            lastModified: item.LastModified ?? null,
          };
          yield info;
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
