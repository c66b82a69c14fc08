import path from "node:path";
import { describe, expect, test } from "vitest";
import { APP, importGraph } from "./imports";

/**
 * Each area's face is the files at the root of its folder (docs/decisions/072-areas-with-a-public-face.md): what
 * other areas and the shell may import. Its subfolders hold its parts and are private to it. Below are the folders
 * that belong to a face on purpose, and the reaches into private parts that remain, each with why; a new reach
 * fails, and so does a listed one that no longer occurs, so the list only shrinks.
 */

/** Subfolders that are part of their area's face. */
const OPEN_FOLDERS: Record<string, string> = {
  "email/templates": "each mail is a template that the area sending it calls with its own words",
};

/** "importer -> private folder" reaches that remain. */
const REACHES: Record<string, string> = {
  "admin -> publishing/platforms/shopify": "the operators' Shopify page shows the app's OAuth settings as the platform reads them",
  "routes/integrations -> publishing/platforms/shopify": "the Shopify app's install and callback routes are thin shells over its OAuth",
  "routes/integrations -> publishing/platforms/wix": "the Wix app's install, callback and installed routes are thin shells over its flow",
  "routes/integrations -> publishing/platforms/wordpress-com": "the WordPress.com start and callback routes are thin shells over its OAuth",
  "routes/resources -> publishing/platforms/shopify": "Shopify's compliance webhooks are verified with the platform's own HMAC",
  "site-content -> publishing/platforms/wix": "the Wix installed page's inline script is hashed into the content security policy",
};

/** The importer's name in a reach: its area, or its folder of the shell (routes/integrations). */
function importerOf(file: string) {
  const parts = path.relative(APP, file).split(path.sep);
  if (parts[0] === "modules") return parts[1]!;
  return parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts[0]!.replace(/\.tsx?$/, "");
}

/** The private folder a file sits in ("publishing/platforms/wix"), or null for an area's root file or outside the areas. */
function privateFolderOf(file: string) {
  const parts = path.relative(APP, file).split(path.sep);
  if (parts[0] !== "modules" || parts.length <= 3) return null;
  const folder = parts.slice(1, -1).join("/");
  const open = Object.keys(OPEN_FOLDERS).some((f) => folder === f || folder.startsWith(`${f}/`));
  return open ? null : folder;
}

function reaches() {
  const found = new Map<string, string[]>();
  for (const [file, targets] of importGraph()) {
    for (const target of targets) {
      const folder = privateFolderOf(target);
      const area = path.relative(APP, target).split(path.sep)[1];
      if (!folder || (path.relative(APP, file).startsWith("modules/") && importerOf(file) === area)) continue;
      const key = `${importerOf(file)} -> ${folder}`;
      found.set(key, [...(found.get(key) ?? []), `${path.relative(APP, file)} -> ${path.relative(APP, target)}`]);
    }
  }
  return found;
}

describe("each area is entered through its face", () => {
  const found = reaches();

  test("no area and no screen imports another area's private parts, beyond the listed reaches", () => {
    const unlisted = [...found].filter(([key]) => !(key in REACHES)).map(([key, files]) => `${key}: ${files.join(", ")}`);
    expect(unlisted, "import from the area's root files, or move what is shared there").toEqual([]);
  });

  test("every listed reach still occurs, so the list only shrinks", () => {
    expect(Object.keys(REACHES).filter((key) => !found.has(key))).toEqual([]);
  });

  test("open folders exist", () => {
    for (const folder of Object.keys(OPEN_FOLDERS)) {
      expect([...importGraph().keys()].some((f) => path.relative(path.join(APP, "modules"), f).startsWith(`${folder}/`))).toBe(true);
    }
  });
});
