import crypto from "node:crypto";
import { getEnv } from "#app/env.server";

/** A URL-safe random token for links in mail (verification, reset, invitations). */
export function randomToken(bytes = 32) {
  return crypto.randomBytes(bytes).toString("base64url");
}

/** Tokens are stored only as their SHA-256, so a database leak reveals no live link. */
export function hashToken(token: string) {
  return crypto.createHash("sha256").update(token).digest("hex");
}

export function newId() {
  return crypto.randomUUID();
}

/** AES-256-GCM under ENCRYPTION_KEY; output is iv.tag.ciphertext in base64url. */
export function encryptSecret(plain: string) {
  const key = Buffer.from(getEnv().encryptionKey, "hex");
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString("base64url")).join(".");
}

export function decryptSecret(sealed: string) {
  const [iv, tag, body] = sealed.split(".").map((p) => Buffer.from(p, "base64url"));
  if (!iv || !tag || !body) throw new Error("Malformed secret");
  const key = Buffer.from(getEnv().encryptionKey, "hex");
  const decipher = crypto.createDecipheriv("aes-256-gcm", key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
}
