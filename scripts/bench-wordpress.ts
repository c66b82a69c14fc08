import { spawn } from "node:child_process";
import type { DB } from "#app/db/client.server";
import type { saveConnection } from "#app/modules/publishing/connections.server";

/**
 * The fake WordPress in its own process, as a customer's server would be: its work does not share the
 * engine's event loop. Used by the publishing and auto-pilot benchmarks.
 */
export async function startWordPressProcess(latencyMs: number) {
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "--input-type=module",
      "-e",
      `const { startWordPressFake } = await import("#tests/fakes/wordpress");
       const fake = await startWordPressFake({ settings: { latencyMs: ${latencyMs} } });
       console.log(JSON.stringify({ url: fake.url, port: fake.port, credentials: fake.credentials }));`,
    ],
    { cwd: process.cwd(), stdio: ["ignore", "pipe", "inherit"] },
  );
  const fake = await new Promise<{ url: string; port: number; credentials: string }>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes("\n")) resolve(JSON.parse(out.split("\n")[0]!) as { url: string; port: number; credentials: string });
    });
    child.once("exit", (code) => reject(new Error(`the WordPress fake exited (${code})`)));
  });
  return { ...fake, stop: () => child.kill() };
}

/** The p-th percentile of the values (nearest rank). */
export function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/**
 * Makes the fake WordPress each seeded site's default destination: the first site connects through the app's real
 * connect flow (discovery, credentials check); later sites save that same answer, as connecting again would, without
 * repeating the discovery requests. The app's modules are imported on first use, after the caller set its environment.
 */
export function wordpressDestinations(fake: { url: string; credentials: string }) {
  type Saved = Parameters<typeof saveConnection>[1];
  let template: { result: Saved["result"]; doctor: Saved["doctor"] } | null = null;
  return async (db: DB, tenant: { siteId: string; userId: string }) => {
    const { connectPlatform } = await import("#app/modules/publishing/connect.server");
    const { getConnectionForUse, saveConnection: save, setDefaultConnection } = await import("#app/modules/publishing/connections.server");
    if (!template) {
      const connected = await connectPlatform(db, tenant, "wordpress", { siteUrl: fake.url, secret: fake.credentials, options: {} });
      const use = await getConnectionForUse(db, tenant.siteId, connected.connection.id);
      template = {
        result: { siteUrl: use.siteUrl, name: use.name, credentials: use.credentials, config: use.config },
        doctor: connected.doctor,
      };
      await setDefaultConnection(db, tenant.siteId, connected.connection.id);
      return;
    }
    const saved = await save(db, { ...tenant, platform: "wordpress", result: template.result, doctor: template.doctor });
    await setDefaultConnection(db, tenant.siteId, saved.id);
  };
}
