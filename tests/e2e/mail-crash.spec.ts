import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { startFakePostmark, type FakeMail } from "../fakes/postmark";
import { exited, soloAppEnv, spawnSoloApp, stopSoloApp, waitForHealth, type SoloApp } from "./solo-app";
import { SOLO_APP_PORT } from "./stack";

/**
 * "Killing the server with SIGKILL while a mail job runs loses no mail: on
 * restart it is delivered once." This spec runs its own app process (the shared
 * stack cannot be killed), its own fake Postmark that holds the send in flight,
 * and a pass-through TCP proxy in between that tells the test the moment the
 * whole request has reached the fake, so the kill lands mid-send, not before.
 */

const APP_PORT = SOLO_APP_PORT;
const APP_URL = `http://127.0.0.1:${APP_PORT}`;
const HOLD_MS = 1_500;
const LEASE_MS = 2_000;
// HOLD_MS < LEASE_MS: the held answer comes due before the lease lets the job run again, so the
// final count also covers the late answer to the killed connection (which must not count).

const dataDir = path.resolve(`tests/.tmp/mail-crash-${APP_PORT}`);
const databasePath = path.join(dataDir, "inkpilot.sqlite");

type Proxy = { port: number; requestArrived: Promise<number>; close: () => Promise<void> };

/** Forwards bytes both ways; resolves requestArrived once a full POST /email body has been handed to the fake. */
async function startProxy(targetPort: number): Promise<Proxy> {
  let arrived!: (at: number) => void;
  const requestArrived = new Promise<number>((resolve) => (arrived = resolve));
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, "127.0.0.1");
    sockets.add(client).add(upstream);
    let seen = Buffer.alloc(0);
    client.on("data", (chunk: Buffer) => {
      upstream.write(chunk, () => {
        seen = Buffer.concat([seen, chunk]);
        const text = seen.toString("latin1");
        const headerEnd = text.indexOf("\r\n\r\n");
        if (!text.startsWith("POST /email") || headerEnd < 0) return;
        const length = Number(/content-length:\s*(\d+)/i.exec(text.slice(0, headerEnd))?.[1] ?? 0);
        if (seen.length - (headerEnd + 4) >= length) arrived(Date.now());
      });
    });
    upstream.on("data", (chunk: Buffer) => client.write(chunk));
    // A dead app means a dead connection: close the fake's side hard, as the kernel would.
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    requestArrived,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function startApp(postmarkUrl: string, token: string, log: string[]) {
  return spawnSoloApp(
    soloAppEnv(
      "mail-crash",
      { port: APP_PORT, dataDir },
      {
        POSTMARK_SERVER_TOKEN: token,
        POSTMARK_API_URL: postmarkUrl,
        JOB_LEASE_MS: String(LEASE_MS),
        JOB_POLL_MS: "100",
        // The killed send never reached Postmark's records (the fake drops it): no need to wait for its search to catch up.
        POSTMARK_SEARCH_SETTLE_MS: "0",
        LOG_LEVEL: "info",
      },
    ),
    log,
  );
}

/** What sendMail does (outbox row plus its delivery job in one transaction), written straight into the app's file. */
function enqueueMail(to: string) {
  const sqlite = new Database(databasePath);
  sqlite.pragma("busy_timeout = 5000");
  try {
    const now = new Date().toISOString();
    return sqlite.transaction(() => {
      const mailId = Number(
        sqlite
          .prepare(
            `INSERT INTO mail_outbox (to_address, subject, html, text, tag, transport, created_at)
             VALUES (?, 'Reset your password', '<p>Reset it</p>', 'Reset it', 'reset-password', 'postmark', ?)`,
          )
          .run(to, now).lastInsertRowid,
      );
      sqlite
        .prepare(
          `INSERT INTO jobs (name, payload, run_at, max_attempts, idempotency_key, created_at, updated_at)
           VALUES ('deliver-mail', ?, ?, 8, ?, ?, ?)`,
        )
        .run(JSON.stringify({ mailId }), now, `mail:${mailId}`, now, now);
      return mailId;
    })();
  } finally {
    sqlite.close();
  }
}

function readRows(mailId: number) {
  const sqlite = new Database(databasePath, { readonly: true });
  try {
    const mail = sqlite
      .prepare("SELECT status, attempts, provider_message_id, send_started_at FROM mail_outbox WHERE id = ?")
      .get(mailId) as {
      status: string;
      attempts: number;
      provider_message_id: string | null;
      send_started_at: string | null;
    };
    const job = sqlite.prepare("SELECT status, attempts FROM jobs WHERE idempotency_key = ?").get(`mail:${mailId}`) as {
      status: string;
      attempts: number;
    };
    return { mail, job };
  } finally {
    sqlite.close();
  }
}

test("SIGKILL during a mail send loses no mail: after restart it is delivered exactly once", async () => {
  test.setTimeout(60_000);
  expect(HOLD_MS).toBeLessThan(LEASE_MS);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });

  const fake = await startFakePostmark();
  const proxy = await startProxy(fake.port);
  const postmarkUrl = `http://127.0.0.1:${proxy.port}`;
  const messages = async () => (await (await fetch(`${fake.url}/__fake/messages`)).json()) as FakeMail[];
  const log: string[] = [];
  let app: SoloApp | undefined;

  try {
    await fetch(`${fake.url}/__fake/hold`, { method: "POST", body: JSON.stringify({ ms: HOLD_MS }) });
    app = startApp(postmarkUrl, fake.token, log);
    await waitForHealth(app, APP_URL);

    const mailId = enqueueMail("crash@example.com");
    const heldSince = await proxy.requestArrived;

    app.child.kill("SIGKILL");
    await exited(app.child);
    const afterKill = readRows(mailId);
    expect(afterKill.mail).toMatchObject({ status: "queued", attempts: 1, provider_message_id: null });
    // The send was recorded as started before it went out, so the restart knows its outcome is unknown.
    expect(afterKill.mail.send_started_at).not.toBeNull();
    expect(afterKill.job).toMatchObject({ status: "running", attempts: 1 });

    await fetch(`${fake.url}/__fake/hold`, { method: "POST", body: JSON.stringify({ ms: 0 }) });
    app = startApp(postmarkUrl, fake.token, log);
    await waitForHealth(app, APP_URL);

    await expect.poll(async () => (await messages()).length, { timeout: 20_000 }).toBe(1);
    await expect.poll(() => readRows(mailId).mail.status, { timeout: 5_000 }).toBe("sent");
    // By now the killed connection's held answer was written (and dropped): it did not count.
    expect(Date.now()).toBeGreaterThan(heldSince + HOLD_MS);

    const delivered = await messages();
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toMatchObject({ To: "crash@example.com", Subject: "Reset your password" });
    const final = readRows(mailId);
    expect(final.mail).toMatchObject({ status: "sent", attempts: 2, provider_message_id: delivered[0]!.MessageID, send_started_at: null });
    expect(final.job).toMatchObject({ status: "succeeded", attempts: 2 });
  } catch (error) {
    console.error(log.join(""));
    throw error;
  } finally {
    await stopSoloApp(app);
    await proxy.close();
    await fake.close();
  }
});
