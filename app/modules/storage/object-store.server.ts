import { getEnv, type Env } from "#app/env.server";
import { createDiskStore } from "./disk-store.server";
import { createS3Store } from "./s3-store.server";
import type { ObjectStore } from "./objects";

/**
 * The one object store (docs/decisions/079): arbitrary keys ("uploads/logos/<file>", later "backups/<file>")
 * mapped to bytes, on the local disk under DATA_DIR (the default, today's layout) or in an S3-compatible bucket
 * when BUCKET_NAME is configured (Tigris on Fly). The image store (uploads/images.server.ts) keeps pictures here;
 * nothing in the interface (objects.ts) is about images, so a database-backup job can put, stream, list and
 * delete its own files through the same configuration.
 */

function createObjectStore(config: Env["objectStorage"], dataDir: string): ObjectStore {
  return config.kind === "s3" ? createS3Store(config) : createDiskStore(dataDir);
}

let current: { env: Env; store: ObjectStore } | undefined;

/** The configured store; made again when the environment was parsed again (tests change it between files). */
export function objectStore(): ObjectStore {
  const env = getEnv();
  if (current?.env !== env) current = { env, store: createObjectStore(env.objectStorage, env.dataDir) };
  return current.store;
}
