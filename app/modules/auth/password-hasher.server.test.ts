import { expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./auth.server";
import { BCRYPT_COST } from "./password-hasher.server";

it("hashes at the one bcrypt cost", async () => {
  const hash = await hashPassword("correct horse");
  expect(hash.startsWith(`$2b$${BCRYPT_COST}$`)).toBe(true);
  expect(await verifyPassword("correct horse", hash)).toBe(true);
});
