import type { MailContent } from "../mailer.server";

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

type MailBody = {
  subject: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footnote?: string;
};

/**
 * The one mail layout: a simple, client-safe HTML table plus the same words as
 * plain text. Templates pass words, never HTML, so nothing needs escaping twice.
 */
export function renderMail({ subject, heading, paragraphs, action, footnote }: MailBody): MailContent {
  const htmlParagraphs = paragraphs
    .map((p) => `<p style="margin:0 0 16px;font-size:15px;line-height:1.6;color:#334155">${escapeHtml(p)}</p>`)
    .join("");
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#2f4ac0;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:600">${escapeHtml(action.label)}</a></p>
       <p style="margin:0 0 16px;font-size:13px;color:#64748b">Or paste this link into your browser: ${escapeHtml(action.url)}</p>`
    : "";
  const note = footnote ? `<p style="margin:24px 0 0;font-size:13px;color:#64748b">${escapeHtml(footnote)}</p>` : "";
  const html = `<!doctype html><html><body style="margin:0;background:#f1f5f9;font-family:-apple-system,Segoe UI,Roboto,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:10px;padding:32px"><tr><td>
<p style="margin:0 0 24px;font-weight:700;font-size:18px;color:#2f4ac0">Inkpilot</p>
<h1 style="margin:0 0 16px;font-size:22px;color:#0f172a">${escapeHtml(heading)}</h1>
${htmlParagraphs}${button}${note}
</td></tr></table></td></tr></table></body></html>`;
  const text = [
    heading,
    "",
    ...paragraphs.flatMap((p) => [p, ""]),
    ...(action ? [`${action.label}: ${action.url}`, ""] : []),
    ...(footnote ? [footnote, ""] : []),
    "— Inkpilot",
  ].join("\n");
  return { subject, html, text };
}
