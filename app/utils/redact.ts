/**
 * Every secret link this product mails or receives carries its secret in a
 * query parameter (`token=`, `code=` and `state=` of OAuth, `secret=`). Request
 * logs, operators, and any copy of a mail kept after delivery see the link with
 * that value replaced. Works on URLs, text and HTML alike: `&amp;` separators
 * and URL-encoded redirect targets included.
 */
export const REDACTED = "[redacted]";

// A separator (raw, HTML-escaped or URL-encoded), a secret-bearing name, "=" (raw or encoded), then the value.
const SECRET_PARAM = /((?:[?&;]|%3F|%26)(?:[\w-]{0,32}token|code|state|secret)(?:=|%3D))(?!\[redacted\])[^&\s"'<>#]+/gi;

export function redactSecrets(body: string) {
  return body.replace(SECRET_PARAM, `$1${REDACTED}`);
}
