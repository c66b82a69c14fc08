import { describe, expect, it } from "vitest";
import { REDACTED, redactSecrets } from "./redact";

describe("redactSecrets", () => {
  it("hides the token of every link in plain text, whatever the path", () => {
    const text = [
      "Verify my email: http://localhost:3000/verify?token=AbC_123-xyz",
      "Reset: https://app.example/reset-password?token=q9w8e7r6t5&utm=mail",
      "Revert: https://app.example/account/revert-email?lang=en&token=zz%2Bzz",
      "Sign in: https://idp.example/cb?code=secret-code#frag",
    ].join("\n");
    const out = redactSecrets(text);
    for (const secret of ["AbC_123-xyz", "q9w8e7r6t5", "zz%2Bzz", "secret-code"]) expect(out).not.toContain(secret);
    expect(out).toContain(`/verify?token=${REDACTED}`);
    expect(out).toContain(`token=${REDACTED}&utm=mail`);
    expect(out).toContain(`?lang=en&token=${REDACTED}`);
    expect(out).toContain(`?code=${REDACTED}#frag`);
  });

  it("hides tokens in HTML attributes (with &amp;) and in link text", () => {
    const html = `<a href="https://app.example/verify?x=1&amp;token=T0KEN-1">Verify</a> or paste https://app.example/verify?token=T0KEN-2</p>`;
    const out = redactSecrets(html);
    expect(out).not.toMatch(/T0KEN/);
    expect(out).toContain(`?x=1&amp;token=${REDACTED}"`);
    expect(out).toContain(`?token=${REDACTED}</p>`);
  });

  it("hides a token carried inside an encoded redirect parameter", () => {
    const out = redactSecrets("https://app.example/signin?redirectTo=%2Fverify%3Ftoken%3DHIDDEN123");
    expect(out).not.toContain("HIDDEN123");
  });

  it("leaves text without secret parameters untouched and is idempotent", () => {
    const text = "Welcome aboard. Verify: https://example.com/verify and https://example.com/?page=2&tokens=3";
    expect(redactSecrets(text)).toBe(text);
    const once = redactSecrets("https://a.example/verify?token=abc");
    expect(redactSecrets(once)).toBe(once);
  });
});
