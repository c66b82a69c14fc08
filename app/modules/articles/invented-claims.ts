import { htmlToText } from "#app/utils/text";
import { languageKit } from "./language/kit";

/**
 * Claims a model invents (docs/decisions/074-the-judge.md): the share of a population ("68% of home baristas"),
 * "one in three", studies, surveys and experts, "according to…", in the article's language, with no link in the
 * sentence's paragraph and not among the claims of its research. A worked calculation ("120 ÷ 150 = 80%") shows its
 * own source and is not one. Pure and isomorphic like seo.ts.
 */

type ClaimPatterns = { share: RegExp; study: RegExp };

const N = "\\p{Nd}+(?:[.,]\\p{Nd}+)?";
const PATTERNS: Record<string, ClaimPatterns> = {
  en: {
    share: new RegExp(
      `${N}\\s?(?:%|percent|per cent)\\s+of\\s|\\b(?:one|two|three|four|${N})\\s+(?:in|out of)\\s+(?:${N}|two|three|four|five|ten)\\b|${N}\\s?(?:x|times)\\s+(?:more|less)\\s+likely`,
      "iu",
    ),
    study:
      /\b(?:stud(?:y|ies)|research(?:ers)?|scientists|survey(?:s|ed)?|experts?|data|statistics|report|analysis|poll)\s+(?:\w+\s+){0,4}(?:shows?|showed|found|finds|suggests?|revealed?|reveals|indicates?|confirms?|agree)\b|\baccording to (?:a |the |one |recent )?(?:\d{4} )?(?:stud|research|survey|report|data|experts)/iu,
  },
  de: {
    share: new RegExp(
      `${N}\\s?(?:%|Prozent)\\s+(?:der|aller|unserer|deutscher)\\s|(?:jede[rs]?|eine[rs]?)\\s+(?:von|aus)\\s+(?:${N}|zwei|drei|vier|fünf|zehn)\\b`,
      "iu",
    ),
    study:
      /\b(?:Studie|Studien|Umfrage|Untersuchung|Forscher|Experten|Daten|Analyse|Erhebung)\s+(?:\S+\s+){0,5}(?:zeigt|zeigen|zeigte|ergab|ergaben|belegt|belegen|fand|fanden|bestätigt|bestätigen|sind sich einig)|\b(?:laut|zufolge)\s+(?:einer|einem|der|dem)?\s*(?:\d{4}\s+)?(?:Studie|Umfrage|Untersuchung|Erhebung|Experten)/iu,
  },
  es: {
    share: new RegExp(
      `${N}\\s?(?:%|por ciento)\\s+de\\s+(?:los|las|la|el)\\s|(?:uno|una|dos|tres|${N})\\s+de\\s+cada\\s+(?:${N}|dos|tres|cuatro|cinco|diez)\\b`,
      "iu",
    ),
    study:
      /\b(?:estudio|estudios|encuesta|investigación|investigadores|expertos|datos|análisis|informe)\s+(?:\S+\s+){0,5}(?:muestra|muestran|demostró|demuestra|revela|reveló|encontró|indica|confirma|coinciden)|\bsegún\s+(?:un|una|el|la)?\s*(?:\S+\s+)?(?:estudio|encuesta|investigación|informe|expertos)/iu,
  },
  fr: {
    share: new RegExp(
      `${N}\\s?(?:%|pour cent)\\s+(?:des|de la|du|de)\\s|(?:un|une|deux|trois|${N})\\s+sur\\s+(?:${N}|deux|trois|quatre|cinq|dix)\\b`,
      "iu",
    ),
    study:
      /\b(?:étude|études|enquête|recherche|chercheurs|experts|données|analyse|rapport|sondage)\s+(?:\S+\s+){0,5}(?:montre|montrent|a montré|révèle|a révélé|indique|confirme|s'accordent|s’accordent)|\bselon\s+(?:une|un|la|le|les)?\s*(?:\S+\s+)?(?:étude|enquête|recherche|rapport|sondage|experts)/iu,
  },
  ja: {
    share: new RegExp(`${N}\\s?(?:%|％|パーセント)(?:の|が|も)|${N}人に${N}人`, "u"),
    study: /(?:研究|調査|専門家|データ|統計|レポート|報告)(?:\S{0,12})(?:によると|によれば|で明らか|が示し|では)/u,
  },
};

/** A worked calculation shows its own source. */
const CALCULATION = /[=÷×]|\bdivided by\b/u;

export type InventedClaims = { claims: number; unsourced: string[] };

const figuresOf = (text: string): string[] => [...(text.match(/\p{Nd}+(?:[.,]\p{Nd}+)*/gu) ?? [])];

export function inventedClaims(html: string, language: string | undefined, sourcedClaims: string[] = []): InventedClaims {
  const kit = languageKit(language ?? "en");
  const patterns = PATTERNS[kit.code];
  if (!patterns) return { claims: 0, unsourced: [] };
  const ledgerFigures = sourcedClaims.map(figuresOf).filter((f) => f.length > 0);
  let claims = 0;
  const unsourced: string[] = [];
  for (const m of html.matchAll(/<(p|li|td|th|figcaption|blockquote)\b[^>]*>([\s\S]*?)<\/\1>/gi)) {
    const inner = m[2] ?? "";
    const linked = /<a\b[^>]*\bhref=/i.test(inner);
    for (const sentence of kit.sentences(htmlToText(inner))) {
      if (CALCULATION.test(sentence) || !(patterns.share.test(sentence) || patterns.study.test(sentence))) continue;
      claims++;
      const figures = figuresOf(sentence);
      const inLedger = figures.length > 0 && ledgerFigures.some((f) => f.every((x) => figures.includes(x)));
      if (!linked && !inLedger) unsourced.push(sentence);
    }
  }
  return { claims, unsourced };
}
