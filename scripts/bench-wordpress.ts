import { spawn } from "node:child_process";

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
