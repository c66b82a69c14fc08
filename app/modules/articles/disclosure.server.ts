import type { DB } from "#app/db/client.server";
import { escapeHtml } from "#app/utils/html";

/**
 * The 'AI-assisted' disclosure line (docs/decisions/049): with
 * Settings → Content's disclosure on, a post the AI engine wrote ends with a
 * line saying so, naming who approved it when someone did (the EU AI Act asks
 * for disclosure unless a human holds editorial responsibility). Added where a
 * post is rendered or sent: the hosted blog and every publishing platform.
 */
export async function disclosureLine(db: DB, siteId: string, articleId: string): Promise<string | null> {
  const row = await db
    .selectFrom("articles as a")
    .innerJoin("content_settings as c", "c.site_id", "a.site_id")
    .select((eb) => [
      "a.source",
      "c.ai_disclosure",
      eb
        .selectFrom("article_approvals as p")
        .select("p.user_name")
        .whereRef("p.article_id", "=", "a.id")
        .where("p.decision", "=", "approved")
        .orderBy("p.created_at", "desc")
        .limit(1)
        .as("approvedBy"),
    ])
    .where("a.site_id", "=", siteId)
    .where("a.id", "=", articleId)
    .executeTakeFirst();
  if (!row || row.ai_disclosure !== 1 || row.source === "manual") return null;
  return row.approvedBy
    ? `This article was written with AI assistance and reviewed by ${row.approvedBy}.`
    : "This article was written with AI assistance.";
}

/** The article's HTML with the line appended as its last paragraph. */
export function withDisclosure(html: string, line: string | null) {
  return line ? `${html}\n<p class="ai-disclosure"><em>${escapeHtml(line)}</em></p>` : html;
}
