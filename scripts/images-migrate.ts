// npm run images:migrate [-- --delete-local]: copies every picture under DATA_DIR/uploads into the configured bucket
// (BUCKET_NAME and its keys; docs/decisions/079), so a switch to object storage keeps the pictures already published.
// Safe to run again: what the bucket already holds with the same size and MD5 is skipped, so an interrupted run
// resumes where it stopped. Local files stay unless --delete-local is given, and then only those seen intact in the
// bucket are deleted.
import path from "node:path";
import { getEnv } from "#app/env.server";
import { copyObjects } from "#app/modules/storage/copy.server";
import { createDiskStore } from "#app/modules/storage/disk-store.server";
import { objectStore } from "#app/modules/storage/object-store.server";
import { IMAGE_TYPES, type ImageExt } from "#app/modules/uploads/images.server";

const args = process.argv.slice(2);
if (args.some((arg) => arg !== "--delete-local")) {
  console.error("Usage: npm run images:migrate [-- --delete-local]");
  process.exit(1);
}
const deleteLocal = args.includes("--delete-local");
const contentTypeOf = (key: string) => IMAGE_TYPES[key.slice(key.lastIndexOf(".") + 1) as ImageExt];

try {
  const env = getEnv();
  if (env.objectStorage.kind !== "s3") {
    throw new Error(
      "No bucket is configured (BUCKET_NAME with AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY): nowhere to copy the pictures to.",
    );
  }
  const target = objectStore();
  const from = path.join(env.dataDir, "uploads");
  console.log(
    `Copying the files under ${from} to ${target.description}${deleteLocal ? ", deleting each local file once its copy is verified" : ""}.`,
  );
  let done = 0;
  const report = await copyObjects(createDiskStore(env.dataDir), target, "uploads/", {
    deleteSource: deleteLocal,
    contentTypeOf,
    onProgress: ({ key, outcome, error }) => {
      if (outcome === "failed") console.error(`  ${key}: ${error}`);
      else if (outcome !== "deleted" && ++done % 100 === 0) console.log(`  ${done} done`);
    },
  });
  const deleted = deleteLocal ? `, ${report.deleted} deleted locally` : "";
  console.log(
    `${report.found} files: ${report.copied} copied, ${report.skipped} already in the bucket, ${report.failed} failed${deleted}.`,
  );
  if (report.failed) {
    console.error("Some files were not copied (listed above); run the command again to retry them.");
    process.exitCode = 1;
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
