import { cleanKeyword, isPluralPhrase } from "#app/modules/articles/keyword-shape";

/**
 * Search queries people type, built from the noun phrases of a site's own
 * products, categories, topics and FAQs (docs/decisions/050-content-plan.md).
 * A phrase is read by its head noun (the last word before any "for"/"at"
 * tail): a tool gives "how to use a moka pot", a kit "how to make cold brew
 * at home", a drink "how to make espresso at home", a measure "what grind
 * size for pour over", a service "is a coffee subscription worth it". A
 * phrase whose head is an adjective or a participle ("roasted", "fresh") is
 * no topic and yields nothing; each phrase yields at most two queries, so no
 * head is repeated with a row of template suffixes. Small word lists cover
 * the industries the product is tried with (coffee, crafts, software); an
 * unknown noun phrase still gets a plain, grammatical form. Pure.
 */

type QueryForm = "how-to" | "question" | "comparison" | "topic";
export type Query = { query: string; form: QueryForm };

const words = (text: string) => new Set(text.split(/\s+/).filter(Boolean));

/** Tools and appliances: one uses, cleans and compares them. */
const EQUIPMENT =
  words(`grinder grinders kettle kettles dripper drippers press pot pots scale scales machine machines brewer brewers maker makers
  carafe tamper pitcher jug filter filters wheel wheels kiln kilns tool tools brush brushes aeropress chemex v60 siphon frother`);
/** Bundles that make something: "cold brew kit" is for making cold brew. */
const KITS = words("kit kits set sets bundle bundles");
/** Drinks and foods one makes; countable ones take "a". */
const DRINKS_MASS = words("coffee espresso tea decaf milk matcha chocolate bread");
const DRINKS_COUNT = words("latte lattes cappuccino cappuccinos cortado americano macchiato mocha white");
/** Materials and goods one chooses, stores and compares. */
const MATERIALS = words("beans bean clay clays glaze glazes stoneware porcelain earthenware paint yarn fabric wood");
/** Goods one asks about by name: "what is an espresso blend". */
const GOODS = words("blend blends roast roasts origin lot lots");
/** Shop words in a product's name that no one searches: "House Espresso Blend" is searched as "espresso blend". */
const SHOP_MODIFIERS = words("house signature classic original our the");
/** Services and subscriptions: is it worth it, how does it work. */
const SERVICES = words(`subscription subscriptions membership memberships delivery service services class classes course courses workshop
  workshops lesson lessons software app apps platform platforms plan plans tool`);
/** Measures one looks up for a method. */
const MEASURES = words("size ratio temperature time chart recipe recipes dose setting settings");
/** Gear bought as a whole: one chooses it. */
const GEAR = words("gear equipment supplies accessories");
/** Brewing and making methods a measure or a kit is compared with. */
const METHODS = [
  "pour over",
  "french press",
  "cold brew",
  "aeropress",
  "moka pot",
  "espresso",
  "chemex",
  "drip coffee",
  "wheel throwing",
  "hand building",
  "slip casting",
];
/** Methods that are crafts one learns, not drinks one makes. */
const CRAFTS = new Set(["wheel throwing", "hand building", "slip casting"]);
/** The method a method is usually weighed against, when the site names no other. */
const RIVALS: Record<string, string[]> = {
  "cold brew": ["french press", "iced coffee"],
  "pour over": ["french press", "chemex", "drip coffee"],
  "french press": ["pour over", "aeropress"],
  "moka pot": ["espresso", "aeropress"],
  aeropress: ["french press", "pour over"],
  espresso: ["moka pot"],
  chemex: ["pour over"],
  "drip coffee": ["pour over"],
  "wheel throwing": ["hand building"],
  "hand building": ["wheel throwing"],
  "slip casting": ["wheel throwing"],
};

/** Verbs a how-to starts with; the gerund form maps back to them ("steaming milk" → "steam milk"). */
const VERBS: Record<string, string> = {
  store: "store",
  storing: "store",
  brew: "brew",
  brewing: "brew",
  make: "make",
  making: "make",
  grind: "grind",
  grinding: "grind",
  clean: "clean",
  cleaning: "clean",
  descale: "descale",
  descaling: "descale",
  steam: "steam",
  steaming: "steam",
  froth: "froth",
  frothing: "froth",
  dial: "dial",
  dialling: "dial",
  dialing: "dial",
  pull: "pull",
  pulling: "pull",
  choose: "choose",
  choosing: "choose",
  pick: "pick",
  taste: "taste",
  tasting: "taste",
  cup: "cup",
  glaze: "glaze",
  glazing: "glaze",
  throw: "throw",
  fire: "fire",
  firing: "fire",
  center: "center",
  centering: "center",
  centre: "centre",
  centring: "centre",
  trim: "trim",
  trimming: "trim",
  wedge: "wedge",
  wedging: "wedge",
  write: "write",
  writing: "write",
  plan: "plan",
  planning: "plan",
  track: "track",
  tracking: "track",
  manage: "manage",
  managing: "manage",
  automate: "automate",
  automating: "automate",
  reduce: "reduce",
  reducing: "reduce",
  improve: "improve",
  improving: "improve",
  measure: "measure",
  measuring: "measure",
  build: "build",
  use: "use",
};
/** After a gerund, these words make it a verb phrase ("dialling in espresso"), not a modifier ("brewing gear"). */
const PARTICLES = words("in out up down a an the your");
/** Verbs that are also nouns ("brew methods", "plan templates"): a verb phrase only before a particle or a thing one acts on. */
const NOUN_TOO = words(
  "brew plan cup fire center centre track trim wedge taste use build measure steam pick dial grind glaze throw pull store",
);

/** Words that are never a topic's head: adjectives and participles ('what is roasted' is the bug this prevents). */
const ADJECTIVES = words(`fresh roasted organic specialty artisan artisanal handmade local new best premium quality sustainable ethical fair
  natural washed single double light dark medium strong smooth bitter sweet hot cold iced custom easy simple small large modern affordable
  cheap good great top fast secure online digital whole ground instant decaffeinated free daily weekly monthly better professional advanced
  beginner ultimate complete essential unique popular favorite favourite delicious perfect ready`);
const NOUNS_ENDING_ED = words("seed seeds bed beds feed feeds speed need needs shed red");
const PARTICIPLE_OR_ADJECTIVE = /(ed|ous|ful|ive|able|ible|less|ish|ese|ian|ean)$/;

const TAIL = /\s+(?:for|with|at|in|on|of|from|without|near|under)\s+.*$/;

/** The phrase without a prepositional tail, and its last word (the head noun). */
function headOf(phrase: string) {
  const core = phrase.replace(TAIL, "").trim();
  const parts = core.split(/\s+/);
  return { core, head: parts.at(-1) ?? "", modifiers: parts.slice(0, -1) };
}

/** Whether a word can stand as a topic's head noun. */
export function isNounHead(word: string) {
  const w = word.toLowerCase();
  if (!w || !/^[\p{L}\p{N}][\p{L}\p{N}'-]*$/u.test(w)) return false;
  if (ADJECTIVES.has(w) && !DRINKS_COUNT.has(w)) return false;
  if (NOUNS_ENDING_ED.has(w) || EQUIPMENT.has(w) || MATERIALS.has(w) || SERVICES.has(w) || MEASURES.has(w)) return true;
  if (w.endsWith("ing") && !VERBS[w]) return true;
  return !PARTICIPLE_OR_ADJECTIVE.test(w) || w.length <= 3;
}

/** Lower case, single-spaced, hyphens in compounds as spaces ("pour-over" → "pour over"), no trailing punctuation. */
export function normalisePhrase(text: string) {
  return cleanKeyword(
    text
      .toLowerCase()
      .replace(/[–—]/g, " ")
      .replace(/(\p{L})-(\p{L})/gu, "$1 $2")
      .replace(/[“”"()[\]]/g, " ")
      .replace(/&/g, "and"),
  );
}

function article(np: string) {
  return /^[aeiou]/.test(np) ? "an" : "a";
}

/** The method a phrase names, if any: "cold brew kit" → "cold brew". */
function methodIn(phrase: string) {
  return METHODS.find((m) => ` ${phrase} `.includes(` ${m} `)) ?? null;
}

/** How a phrase reads: a verb phrase, a comparison, or a noun phrase with a head of a known class; null when it is no topic. */
export function analysePhrase(raw: string) {
  const phrase = normalisePhrase(raw);
  const parts = phrase.split(" ");
  if (!phrase || parts.length > 7) return null;
  if (/\b(vs|versus)\b/.test(phrase)) return { kind: "comparison" as const, phrase };
  const first = parts[0]!;
  const verb = VERBS[first];
  const rest = parts.slice(1).join(" ");
  if (verb && rest) {
    const next = parts[1]!;
    const restHead = headOf(rest).head;
    const object = DRINKS_MASS.has(restHead) || MATERIALS.has(restHead) || DRINKS_COUNT.has(restHead);
    const verbLike = PARTICLES.has(next) || object || (!first.endsWith("ing") && !NOUN_TOO.has(first));
    if (verbLike) return { kind: "verb" as const, phrase, action: `${verb} ${rest}` };
  }
  const { core, head, modifiers } = headOf(phrase);
  if (!isNounHead(head)) return null;
  const known =
    EQUIPMENT.has(head) ||
    KITS.has(head) ||
    DRINKS_MASS.has(head) ||
    DRINKS_COUNT.has(head) ||
    MATERIALS.has(head) ||
    GOODS.has(head) ||
    GEAR.has(head) ||
    SERVICES.has(head) ||
    MEASURES.has(head) ||
    METHODS.includes(core);
  // A lone word is a topic only when it is a known noun ("espresso"), never a bare tag ("roasted", "colombia").
  if (parts.length === 1 && !known) return null;
  return { kind: "noun" as const, phrase, core, head, modifiers };
}

const ORIGIN = /(ian|ean|an|ese|ish|i)$/;

/**
 * Up to two queries for one phrase, best first; `siblings` are other phrases
 * of the site to compare with. A product's name with no known head ("Ethiopia
 * Guji") is searched as it is.
 */
export function queriesFor(raw: string, { siblings = [] as string[], max = 2, product = false, knownOnly = false } = {}): Query[] {
  const named = normalisePhrase(raw).split(" ");
  const stripped = named.length > 1 && SHOP_MODIFIERS.has(named[0]!) ? named.slice(1).join(" ") : named.join(" ");
  const a = analysePhrase(stripped);
  if (!a) return [];
  if (a.kind === "comparison") return [{ query: a.phrase, form: "comparison" }];
  if (a.kind === "verb") return [{ query: `how to ${a.action}`, form: "how-to" }];
  const { phrase, core, head, modifiers } = a;
  const plural = isPluralPhrase(core);
  const out: Query[] = [];
  const add = (query: string, form: QueryForm) => {
    if (!out.some((q) => q.query === query)) out.push({ query: cleanKeyword(query), form });
  };
  const method = methodIn(core);
  // The site's own methods ("french press coffee", "moka pot"), then the usual rival of this one.
  const siteMethods = siblings
    .map((s) => headOf(normalisePhrase(s)).core)
    .map((c) => ({ c, m: methodIn(c) }))
    .filter((x): x is { c: string; m: string } => !!x.m && ["", "coffee"].includes(x.c.replace(x.m, "").trim()))
    .map((x) => x.m);
  const otherMethod = (of: string | null) => {
    const rivals = of ? (RIVALS[of] ?? []) : [];
    return rivals.find((r) => siteMethods.includes(r)) ?? (of ? rivals[0] : undefined) ?? siteMethods.find((m) => m !== of && m !== method);
  };
  const atHome = " at home";
  if (CRAFTS.has(core)) {
    add(`${core} for beginners`, "topic");
    const other = otherMethod(core);
    if (other) add(`${core} vs ${other}`, "comparison");
  } else if (METHODS.includes(core)) {
    const drink = DRINKS_MASS.has(head) || head === "brew" ? core : `${core} coffee`;
    if (EQUIPMENT.has(head) || ["aeropress", "chemex", "moka pot", "french press"].includes(core))
      add(`how to use ${plural ? "" : `${article(core)} `}${core}`, "how-to");
    else add(`how to make ${drink}${atHome}`, "how-to");
    const other = otherMethod(core);
    if (other) add(`${core} vs ${other}`, "comparison");
  } else if (KITS.has(head) && modifiers.length > 0) {
    const made = modifiers.join(" ");
    add(`how to make ${made}${atHome}`, "how-to");
    const other = method ? otherMethod(method) : undefined;
    if (other) add(`${core} vs ${other}`, "comparison");
    else add(`is ${article(core)} ${core} worth it`, "question");
  } else if (EQUIPMENT.has(head)) {
    add(plural ? `how to choose ${core}` : `how to use ${article(core)} ${core}`, "how-to");
    if (!plural) add(`how to clean ${article(core)} ${core}`, "how-to");
  } else if (DRINKS_COUNT.has(head)) {
    add(`how to make ${article(core)} ${core}${atHome}`, "how-to");
  } else if (DRINKS_MASS.has(head)) {
    const origin = modifiers.length === 1 && ORIGIN.test(modifiers[0]!) && !method;
    if (origin) {
      add(`what does ${core} taste like`, "question");
      const rival = siblings
        .map((s) => headOf(normalisePhrase(s)))
        .find((s) => s.head === head && s.modifiers.length === 1 && s.modifiers[0] !== modifiers[0] && ORIGIN.test(s.modifiers[0]!));
      if (rival) add(`${modifiers[0]} vs ${rival.modifiers[0]} ${head}`, "comparison");
    } else if (method || modifiers.length === 0 || phrase.includes(" at home")) {
      add(`how to make ${core}${atHome}`, "how-to");
    } else add(`what is ${core}`, "question");
  } else if (MEASURES.has(head)) {
    add(core, "topic");
    const subject = modifiers.filter((w) => !DRINKS_MASS.has(w)).join(" ");
    const other = otherMethod(null);
    if (subject && other && !method) add(`what ${subject} ${head} for ${other}`, "question");
  } else if (SERVICES.has(head)) {
    add(plural ? `are ${core} worth it` : `is ${article(core)} ${core} worth it`, "question");
    add(plural ? `how do ${core} work` : `how does ${article(core)} ${core} work`, "question");
  } else if (MATERIALS.has(head)) {
    add(`how to choose ${core}`, "how-to");
    if (plural || head === "beans") add(`how to store ${core}`, "how-to");
  } else if (GEAR.has(head)) {
    add(`how to choose ${core}`, "how-to");
  } else if (GOODS.has(head)) {
    add(plural ? `what are ${core}` : `what is ${article(core)} ${core}`, "question");
  } else if (head.endsWith("ing")) {
    add(`what is ${core}`, "question");
  } else if (!knownOnly || product) {
    // A noun phrase the site itself uses (a product's name, a topic's keyword) is searched as it is.
    add(core, "topic");
  }
  return out.slice(0, max);
}

const SHOP_WORDS = /\b(you|your|yours|we|our|us)\b/;

/**
 * A FAQ question as people search it: "How do I store my beans?" → "how to
 * store beans"; questions about the shop itself ("Do you ship to Germany?")
 * are nobody's search and give null.
 */
export function questionQuery(question: string): Query | null {
  let q = normalisePhrase(question.replace(/\?.*$/, ""));
  if (!q || q.split(" ").length < 3 || q.split(" ").length > 12) return null;
  q = q
    .replace(/^how (?:do|should|can) (?:i|you|we) /, "how to ")
    .replace(/^(what|which) (.+?) (?:should|do|can) (?:i|you|we) (buy|choose|use|get)$/, "$1 $2 to $3")
    .replace(/ (?:should|do|can) (?:i|you|we) use /, " ")
    .replace(/^can (?:i|you|we) /, "can you ")
    .replace(/\b(my|your|our) /g, "");
  if (!/^(how|what|which|why|when|where|is|are|can|does|do|should)\b/.test(q)) return null;
  if (SHOP_WORDS.test(q.replace(/^can you /, ""))) return null;
  if (/\b(ship|shipping|deliver|offer|sell|accept|open|pause|cancel|return|refund|order)\b/.test(q)) return null;
  return { query: q, form: q.startsWith("how to ") ? "how-to" : "question" };
}
