import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret } from "./crypto.server";

/** Stored credentials: AES-256-GCM with a full 16-byte tag, bound to their row by additional authenticated data. */

function withTag(sealed: string, edit: (tag: Buffer) => Buffer) {
  const [iv, tag, body] = sealed.split(".");
  return [iv, edit(Buffer.from(tag!, "base64url")).toString("base64url"), body].join(".");
}

describe("encryptSecret / decryptSecret", () => {
  it("round-trips a secret for its own row and never stores it in clear", () => {
    const sealed = encryptSecret("wp-app-password 1234", { aad: "connection-1" });
    expect(sealed).not.toContain("wp-app-password");
    expect(decryptSecret(sealed, { aad: "connection-1" })).toBe("wp-app-password 1234");
    // A fresh IV each time: the same secret never seals to the same text.
    expect(encryptSecret("wp-app-password 1234", { aad: "connection-1" })).not.toBe(sealed);
  });

  it("refuses a ciphertext copied to another row (wrong additional data)", () => {
    const sealed = encryptSecret("token-of-row-a", { aad: "row-a" });
    expect(() => decryptSecret(sealed, { aad: "row-b" })).toThrow();
    expect(() => decryptSecret(sealed, { aad: "" })).toThrow();
    // Sealing without a binding is refused, so no caller can forget it.
    expect(() => encryptSecret("token", { aad: "" })).toThrow();
  });

  it("refuses a truncated authentication tag", () => {
    const sealed = encryptSecret("s3cret", { aad: "row-1" });
    // GCM without a fixed tag length accepts any prefix of the real tag down to 4 bytes.
    for (const length of [4, 8, 12, 15]) {
      expect(() =>
        decryptSecret(
          withTag(sealed, (tag) => tag.subarray(0, length)),
          { aad: "row-1" },
        ),
      ).toThrow();
    }
  });

  it("refuses a tampered tag, body or malformed text", () => {
    const sealed = encryptSecret("s3cret", { aad: "row-1" });
    expect(() =>
      decryptSecret(
        withTag(sealed, (tag) => Buffer.from(tag.map((b, i) => (i === 0 ? b ^ 1 : b)))),
        { aad: "row-1" },
      ),
    ).toThrow();
    const [iv, tag, body] = sealed.split(".");
    const flipped = Buffer.from(body!, "base64url");
    flipped[0] = flipped[0]! ^ 1;
    expect(() => decryptSecret([iv, tag, flipped.toString("base64url")].join("."), { aad: "row-1" })).toThrow();
    expect(() => decryptSecret("not-a-secret", { aad: "row-1" })).toThrow();
    expect(() => decryptSecret(`${iv}.${tag}`, { aad: "row-1" })).toThrow();
  });
});
