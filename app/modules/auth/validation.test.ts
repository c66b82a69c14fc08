import { describe, expect, it } from "vitest";
import { MAX_PASSWORD_BYTES, PASSWORD_TOO_LONG_MESSAGE, PasswordSchema, passwordByteLength } from "./validation";

const messagesOf = (password: string) => {
  const parsed = PasswordSchema.safeParse(password);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};

describe("PasswordSchema", () => {
  it("counts the bcrypt maximum in UTF-8 bytes, not characters", () => {
    expect(MAX_PASSWORD_BYTES).toBe(72);
    const euros = "€".repeat(30); // 30 characters, 90 bytes
    expect(euros.length).toBe(30);
    expect(passwordByteLength(euros)).toBe(90);
    expect(messagesOf(euros)).toEqual([PASSWORD_TOO_LONG_MESSAGE]);
    expect(messagesOf("€".repeat(24))).toEqual([]); // exactly 72 bytes
    expect(messagesOf("a".repeat(72))).toEqual([]);
    expect(messagesOf("a".repeat(73))).toEqual([PASSWORD_TOO_LONG_MESSAGE]);
    expect(messagesOf("🔑".repeat(19))).toEqual([PASSWORD_TOO_LONG_MESSAGE]); // 76 bytes in 38 UTF-16 units
    expect(PASSWORD_TOO_LONG_MESSAGE).toMatch(/72 bytes/);
  });

  it("keeps the spec's 6-character minimum", () => {
    expect(messagesOf("12345")).toEqual(["Password must be at least 6 characters long"]);
    expect(messagesOf("abcdef")).toEqual([]);
  });
});
