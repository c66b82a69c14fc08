import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { APP, importsOf, sourceFiles } from "./imports";

/**
 * The layer rules of docs/decisions/025-route-map-and-folder-layout.md, checked
 * on the source: routes stay thin, one folder per screen that imports no other
 * route folder, modules never reach up into routes or components or the
 * composition root (app/worker/), utils know no module.
 */

const ROUTE_MODULE_MAX_LINES = 200;

const relative = (file: string) => path.relative(APP, file);

function offenders(dir: string, forbidden: string[]) {
  return sourceFiles(path.join(APP, dir)).flatMap((file) =>
    importsOf(file)
      .filter((target): target is string => target !== null)
      .filter((target) => forbidden.some((layer) => relative(target).startsWith(`${layer}/`)))
      .map((target) => `${relative(file)} -> ${relative(target)}`),
  );
}

describe("layers", () => {
  test("no module under app/modules imports from app/routes, app/components or app/worker", () => {
    expect(offenders("modules", ["routes", "components", "worker"])).toEqual([]);
  });

  test("app/utils imports no module, route or component", () => {
    expect(offenders("utils", ["modules", "routes", "components"])).toEqual([]);
  });

  test("a file under app/routes imports from app/routes only its own folder (shared parts live in app/components)", () => {
    const routes = path.join(APP, "routes");
    const crossing = sourceFiles(routes).flatMap((file) =>
      importsOf(file)
        .filter((target): target is string => target !== null && target.startsWith(`${routes}/`))
        .filter((target) => !target.includes("/+types/") && path.dirname(target) !== path.dirname(file))
        .map((target) => `${relative(file)} -> ${relative(target)}`),
    );
    expect(crossing).toEqual([]);
  });

  test("server code makes no raw fetch: outbound requests go through guardedFetch (app/utils/http.server.ts) or a vendor SDK", () => {
    const raw = sourceFiles(APP)
      .filter((file) => /\.server\.tsx?$/.test(file))
      .filter((file) => /(^|[^\w.])fetch\(/m.test(fs.readFileSync(file, "utf8")))
      .map(relative);
    expect(raw).toEqual([]);
  });

  test("errors are thrown through badRequest()/notFound()/forbidden(), never ad hoc", () => {
    const helpers = path.join(APP, "utils/responses.server.ts");
    const adHoc = sourceFiles(APP)
      .filter((file) => file !== helpers)
      .filter((file) => /throw new Response\(|throw data\(/.test(fs.readFileSync(file, "utf8")))
      .map(relative);
    expect(adHoc).toEqual([]);
  });

  test(`every route module is under ${ROUTE_MODULE_MAX_LINES} lines`, () => {
    const routesFile = fs.readFileSync(path.join(APP, "routes.ts"), "utf8");
    const routeModules = [...new Set([...routesFile.matchAll(/"(routes\/[^"]+\.tsx?)"/g)].map((m) => m[1] ?? ""))];
    expect(routeModules.length).toBeGreaterThan(40);
    const long = routeModules
      .map((file) => ({ file, lines: fs.readFileSync(path.join(APP, file), "utf8").trimEnd().split("\n").length }))
      .filter(({ lines }) => lines >= ROUTE_MODULE_MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(long).toEqual([]);
  });
});
