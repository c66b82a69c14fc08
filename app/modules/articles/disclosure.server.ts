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
      "c.language",
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
  const words = DISCLOSURES[(row.language ?? "en").split("-")[0]!.toLowerCase()] ?? DISCLOSURES.en!;
  return row.approvedBy ? words.reviewed(row.approvedBy) : words.plain;
}

/** The line in the blog's content language, where the product has checked words for it; English otherwise. */
const DISCLOSURES: Record<string, { plain: string; reviewed: (name: string) => string }> = {
  en: {
    plain: "This article was written with AI assistance.",
    reviewed: (name) => `This article was written with AI assistance and reviewed by ${name}.`,
  },
  de: {
    plain: "Dieser Artikel wurde mit KI-Unterstützung verfasst.",
    reviewed: (name) => `Dieser Artikel wurde mit KI-Unterstützung verfasst und von ${name} geprüft.`,
  },
  es: {
    plain: "Este artículo se escribió con ayuda de IA.",
    reviewed: (name) => `Este artículo se escribió con ayuda de IA y lo revisó ${name}.`,
  },
  fr: {
    plain: "Cet article a été rédigé avec l'aide de l'IA.",
    reviewed: (name) => `Cet article a été rédigé avec l'aide de l'IA et relu par ${name}.`,
  },
  pt: {
    plain: "Este artigo foi escrito com assistência de IA.",
    reviewed: (name) => `Este artigo foi escrito com assistência de IA e revisto por ${name}.`,
  },
  it: {
    plain: "Questo articolo è stato scritto con l'assistenza dell'IA.",
    reviewed: (name) => `Questo articolo è stato scritto con l'assistenza dell'IA e revisionato da ${name}.`,
  },
  nl: {
    plain: "Dit artikel is geschreven met hulp van AI.",
    reviewed: (name) => `Dit artikel is geschreven met hulp van AI en nagekeken door ${name}.`,
  },
};

/** The article's HTML with the line appended as its last paragraph. */
export function withDisclosure(html: string, line: string | null) {
  return line ? `${html}\n<p class="ai-disclosure"><em>${escapeHtml(line)}</em></p>` : html;
}
