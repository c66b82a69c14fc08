import { htmlToText } from "#app/utils/text";
import { languageKit } from "./language/kit";

/**
 * What the article says of the site's own products and business that its facts do not back (docs/decisions/
 * 074-the-judge.md): a sentence in the first person ("our", "we", "unser", "nuestro", "notre", "当店") that states a
 * figure, a price, a warranty, a certification, an award or an exclusivity, when the figure or that word is in none
 * of the facts the writer was given (the research ledger: the site's pages and sources). A model fills gaps in
 * what it knows of a shop with the claims shops usually make. Pure and isomorphic like seo.ts.
 */

type ClaimWords = { self: RegExp; claim: RegExp };
const B = "(?<![\\p{L}\\p{N}])";
const E = "(?![\\p{L}\\p{N}])";
const words = (list: string) => new RegExp(`${B}(?:${list})${E}`, "giu");

const LANGUAGES: Record<string, ClaimWords> = {
  en: {
    self: words("our|we|we're|we’re|we've|we’ve|ours"),
    claim: words(
      "warrant(?:y|ies)|guarantee[ds]?|certified|certification|award(?:s|ed)?|lifetime|only|patent(?:ed)?|exclusive(?:ly)?|free",
    ),
  },
  de: {
    self: words("unser(?:e|er|en|em|es)?|wir"),
    claim: words(
      "garantie|zertifiziert|zertifizierung|tüv|auszeichnung|ausgezeichnet|preisgekrönt|lebenslang(?:e|er)?|einzige[nrs]?|kostenlos(?:e|er|en)?|gratis|patentiert(?:e|er|en)?|exklusiv",
    ),
  },
  es: {
    self: words("nuestr[oa]s?|nosotros|ofrecemos|tenemos|vendemos"),
    claim: words(
      "garantía|certificad[oa]s?|certificación|premiad[oa]s?|premio|de por vida|únic[oa]s?|gratis|gratuit[oa]s?|patentad[oa]s?|exclusiv[oa]s?",
    ),
  },
  fr: {
    self: words("notre|nos|nous|nôtre|nôtres"),
    claim: words(
      "garantie|garanti[es]?|certifié[es]?|certification|récompens(?:e|é|ée)s?|primé[es]?|à vie|seul[es]?|gratuit[es]?|breveté[es]?|exclusi(?:f|ve)s?",
    ),
  },
  ja: {
    self: /当店|弊社|当社|私たち/gu,
    claim: /保証|認定|受賞|唯一|無料|永久|特許|限定/gu,
  },
};

const figuresOf = (text: string): string[] => [...(text.match(/\p{Nd}+(?:[.,]\p{Nd}+)*/gu) ?? [])];
export type ProductClaims = { claims: number; unbacked: string[] };

/** First-person claims of the body and the ones its facts do not back. */
export function productClaims(html: string, language: string | undefined, facts: string[], products: string[] = []): ProductClaims {
  const kit = languageKit(language ?? "en");
  const patterns = LANGUAGES[kit.code];
  if (!patterns) return { claims: 0, unbacked: [] };
  const known = facts.join(" \n ").toLowerCase();
  const knownFigures = new Set(facts.flatMap(figuresOf));
  const names = products.map((p) => p.toLowerCase()).filter((p) => p.length >= 4);
  const aboutUs = (text: string) => new RegExp(patterns.self.source, "iu").test(text) || names.some((n) => text.toLowerCase().includes(n));
  let claims = 0;
  const unbacked: string[] = [];
  for (const m of html.matchAll(/<(p|li|td|blockquote)\b[^>]*>([\s\S]*?)<\/\1>/gi)) {
    const block = htmlToText(m[2] ?? "");
    // A paragraph about the shop's product goes on about it in pronouns ("It is the only kettle…").
    const blockAboutUs = aboutUs(block);
    if (!blockAboutUs) continue;
    for (const sentence of kit.sentences(block)) {
      const self = aboutUs(sentence);
      const markers = (sentence.match(patterns.claim) ?? []).map((w) => w.toLowerCase());
      const figures = self ? figuresOf(sentence) : [];
      if (!markers.length && !figures.length) continue;
      claims++;
      const backed = markers.every((w) => known.includes(w)) && figures.every((f) => knownFigures.has(f));
      if (!backed) unbacked.push(sentence);
    }
  }
  return { claims, unbacked };
}
