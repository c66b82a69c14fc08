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

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * What a sealed secret is bound to: the id of the row that stores it. It is
 * authenticated but not stored, so a ciphertext copied into another row (or
 * another column given its own binding) no longer decrypts.
 */
export type SecretBinding = { aad: string };

function checkBinding(aad: string) {
  if (!aad) throw new Error("A stored secret must be bound to its row (aad)");
}

function key() {
  return Buffer.from(getEnv().encryptionKey, "hex");
}

/** AES-256-GCM under ENCRYPTION_KEY, bound to `aad`; output is iv.tag.ciphertext in base64url. */
export function encryptSecret(plain: string, { aad }: SecretBinding) {
  checkBinding(aad);
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv("aes-256-gcm", key(), iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(aad, "utf8"));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString("base64url")).join(".");
}

/** The secret sealed by encryptSecret for the same binding; throws on any other binding, key or tampering. */
export function decryptSecret(sealed: string, { aad }: SecretBinding) {
  checkBinding(aad);
  const parts = sealed.split(".");
  if (parts.length !== 3) throw new Error("Malformed secret");
  const [iv, tag, body] = parts.map((p) => Buffer.from(p, "base64url")) as [Buffer, Buffer, Buffer];
  // GCM would otherwise accept any prefix of the tag down to 4 bytes, a much weaker check.
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new Error("Malformed secret");
  const decipher = crypto.createDecipheriv("aes-256-gcm", key(), iv, { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(aad, "utf8"));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
}
