import { describe, expect, it } from "vitest";
import { COMMON_PASSWORD_COUNT, isCommonPassword } from "./common-passwords.server";

describe("isCommonPassword", () => {
  it("knows the 1,000 most common passwords, case-insensitively", () => {
    expect(COMMON_PASSWORD_COUNT).toBe(1000);
    for (const password of ["password", "password1", "PassWord123", "qwerty123", "iloveyou", "1q2w3e4r", "SUNSHINE"]) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it("lets the demo password and the passwords of the test suites through", () => {
    for (const password of [
      "inkpilot-demo",
      "secret12",
      "correct horse",
      "correct-horse",
      "next-password",
      "renewed-pass",
      "new-secret",
      "brand-new",
      "first-pass",
      "newpass1",
      "x7#Lq!9v",
    ]) {
      expect(isCommonPassword(password), password).toBe(false);
    }
  });
});
