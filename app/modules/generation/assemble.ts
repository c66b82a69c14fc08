import { marked } from "marked";
import { escapeHtml } from "#app/utils/html";
import type { ArticleLabels } from "#app/modules/ai/types";
import type { GenerationState, StoredImage } from "./steps";

/**
 * The article body as HTML from a generation's finished parts: intro, the sections with their links, the table,
 * the images and the video where they belong, the FAQ and the conclusion. Pure; the pipeline sanitizes and scores it.
 */

/**
 * Headings the pipeline adds itself, checked by hand in 7 languages; in any other language the model's own words
 * from the outline (Outline.labels), and English from a writer that gives none (the offline writer writes English).
 */
const FIXED: Record<string, ArticleLabels> = {
  en: { faq: "Frequently Asked Questions", conclusion: "Conclusion", more: "Read more:", source: "Further reading:", video: "Watch:" },
  es: { faq: "Preguntas frecuentes", conclusion: "Conclusión", more: "Lee más:", source: "Lectura adicional:", video: "Mira:" },
  fr: {
    faq: "Questions fréquentes",
    conclusion: "Conclusion",
    more: "À lire aussi :",
    source: "Pour aller plus loin :",
    video: "À voir :",
  },
  de: { faq: "Häufig gestellte Fragen", conclusion: "Fazit", more: "Mehr dazu:", source: "Weiterführend:", video: "Video:" },
  pt: { faq: "Perguntas frequentes", conclusion: "Conclusão", more: "Leia mais:", source: "Leitura adicional:", video: "Assista:" },
  it: { faq: "Domande frequenti", conclusion: "Conclusione", more: "Leggi anche:", source: "Approfondimenti:", video: "Guarda:" },
  nl: { faq: "Veelgestelde vragen", conclusion: "Conclusie", more: "Lees meer:", source: "Verder lezen:", video: "Bekijk:" },
};

function md(markdown: string) {
  // Section bodies sit under our own H2, so the model's top-level headings become H3.
  return marked.parse(markdown.replace(/^#{1,2}\s+/gm, "### "), { async: false, gfm: true });
}

/** The article body from whatever parts are finished (a failed run keeps its partial text). */
export function assemble(state: GenerationState) {
  const outline = state.outline;
  if (!outline) return "";
  const words = labelsOf(state);
  const images = (state.images ?? []).filter((i): i is StoredImage => Boolean(i));
  const inline = images.filter((i) => i.position > 0);
  const parts: string[] = [];
  if (state.introConclusion) parts.push(md(state.introConclusion.intro));
  const tableAt = Math.min(outline.sections.length - 1, Math.floor(outline.sections.length / 2));
  outline.sections.forEach((section, i) => {
    const body = state.sections?.[i];
    if (body == null) return;
    parts.push(`<h2>${escapeHtml(section.heading)}</h2>`);
    parts.push(md(body));
    for (const link of state.links?.filter((l) => l.sectionIndex === i) ?? []) {
      const external = link.kind === "external";
      const attrs = external ? ` rel="noopener noreferrer" target="_blank" data-unverified="true"` : "";
      parts.push(`<p>${external ? words.source : words.more} <a href="${escapeHtml(link.url)}"${attrs}>${escapeHtml(link.anchor)}</a></p>`);
    }
    if (i === tableAt && state.table) {
      const t = state.table;
      parts.push(
        `<p><strong>${escapeHtml(t.caption)}</strong></p><table><thead><tr>${t.columns.map((c) => `<th>${escapeHtml(c)}</th>`).join("")}</tr></thead><tbody>${t.rows
          .map((r) => `<tr>${r.map((c) => `<td>${escapeHtml(c)}</td>`).join("")}</tr>`)
          .join("")}</tbody></table>`,
      );
    }
    const image = inline.find((img) => img.position === imageSlot(i, outline.sections.length));
    if (image) parts.push(`<figure><img src="${escapeHtml(image.url)}" alt="${escapeHtml(image.alt)}" loading="lazy" /></figure>`);
    if (i === 1 && state.video) {
      parts.push(
        `<p>${words.video} ${escapeHtml(state.video.title)}</p><iframe src="https://www.youtube-nocookie.com/embed/${encodeURIComponent(state.video.id)}" title="${escapeHtml(
          state.video.title,
        )}" width="560" height="315" allowfullscreen></iframe>`,
      );
    }
  });
  // Links for a section the article does not have (an offline article without research has none) follow the text.
  for (const link of state.links?.filter((l) => l.kind === "internal" && !outline.sections[l.sectionIndex]) ?? [])
    parts.push(`<p>${words.more} <a href="${escapeHtml(link.url)}">${escapeHtml(link.anchor)}</a></p>`);
  if (state.faq?.length) {
    parts.push(`<h2>${words.faq}</h2>`);
    for (const item of state.faq) parts.push(`<h3>${escapeHtml(item.question)}</h3>`, md(item.answer));
  }
  // A writer with nothing to conclude (the offline writer without research) leaves the heading out too.
  if (state.introConclusion?.conclusion.trim()) parts.push(`<h2>${words.conclusion}</h2>`, md(state.introConclusion.conclusion));
  return parts.join("\n");
}

/** The article's labels, HTML-escaped: a model's words are text like any other it writes. */
function labelsOf(state: GenerationState): ArticleLabels {
  const words = FIXED[(state.brief?.language ?? "en").split("-")[0]!] ?? state.outline?.labels ?? FIXED.en!;
  return {
    faq: escapeHtml(words.faq),
    conclusion: escapeHtml(words.conclusion),
    more: escapeHtml(words.more),
    source: escapeHtml(words.source),
    video: escapeHtml(words.video),
  };
}

/** In-article image n (1-based) follows every second or third section. */
function imageSlot(sectionIndex: number, sectionCount: number) {
  const every = sectionCount >= 6 ? 3 : 2;
  return (sectionIndex + 1) % every === 0 ? (sectionIndex + 1) / every : -1;
}
