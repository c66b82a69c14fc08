/**
 * What generated filler is made of, per language (docs/decisions/074-the-judge.md): the stock phrases models
 * open, link and close with, and the generic words (evaluations, intensifiers, hedges, abstractions) that fit
 * any article on any topic. A sentence built only of these and the keyword tells the reader nothing. The lists
 * are the product's own judgement, not grammar: stop words come from stopwords-iso.
 */

type FillerWords = {
  /** Phrases that mark a sentence as stock text wherever they appear (lower case, matched as substrings). */
  phrases: string[];
  /** Words that name no thing, step or figure (matched by stem). */
  generic: string;
  /** Words that make a sentence a comparison ("than", "instead of"). */
  comparison: RegExp;
};

const EN: FillerWords = {
  phrases: [
    "in today's fast-paced world",
    "in today’s fast-paced world",
    "in today's world",
    "whether you're a",
    "whether you’re a",
    "let's dive",
    "let’s dive",
    "dive into",
    "delve into",
    "look no further",
    "to the next level",
    "game-changer",
    "game changer",
    "it's important to",
    "it’s important to",
    "it is important to",
    "it's essential to",
    "it’s essential to",
    "it is essential to",
    "plays a crucial role",
    "plays a vital role",
    "in conclusion",
    "by following these",
    "with these tips",
    "at the end of the day",
    "the world of",
    "unlock the",
    "elevate your",
    "a happy ",
    "rest assured",
    "when it comes to",
    "can make all the difference",
    "more than just",
    "the perfect ",
    "the right ",
    "your needs",
    "your preferences",
    "makes all the difference",
    "the key to success",
    "whether you are",
    "stay tuned",
    "happy brewing",
    "happy throwing",
    "take your time",
    "don't be afraid",
    "don’t be afraid",
  ],
  generic:
    "important essential crucial vital key great good better best perfect ideal optimal ultimate amazing incredible incredibly truly really " +
    "very highly significantly significant overall various numerous many several different proper properly regular regularly consistent " +
    "consistently routine quality high-quality experience experiences journey world level levels success successful result results " +
    "benefit benefits enjoy enjoyable ensure ensuring enhance enhancing elevate improve improving boost maximize maximise optimal seamless " +
    "robust effective effectively efficient efficiently easy easily simple simply help helps helpful tips tip practice practices " +
    "approach approaches aspect aspects factor factors process processes step steps way ways thing things something everything anyone " +
    "everyone beginner beginners seasoned pro pros expert experts enthusiast enthusiasts lover lovers passionate passion matter matters " +
    "remember keep mind maintain maintaining maintenance care caring attention detail details time times long-term longevity " +
    "performance overall aspect world today modern fast-paced happy satisfying rewarding worth investment valuable value crucial " +
    "ultimately certainly definitely absolutely undoubtedly surely possibly might may perhaps generally typically usually often " +
    "understand understanding know knowing learn learning discover explore guide comprehensive essential mastering master " +
    // What marketing copy praises with: words that rate a thing without saying what it is.
    "rich velvety bold vibrant unique distinctive wonderful harmonious balanced well-balanced versatile versatility satisfying exciting " +
    "intense classic carefully curated premium trusted reputable noticeable difference option options choice choices preference " +
    "preferences personal art form ritual daily heart decision role huge consideration considerations diversity appreciate " +
    "consistency overwhelming technically suitable environment crave characteristic characteristics lifeless dull deliver delivers " +
    "shine shines special specific particular right wrong correct appropriate suitable relevant favourite favorite flavorful delicious " +
    "perfectly wide range variety kind kinds type types whole entire full full-bodied smooth lovely beautiful stunning fantastic " +
    "excellent superior top-notch unmatched unparalleled exceptional remarkable impressive powerful strong ability able potential " +
    "opportunity opportunities goal goals need needs want wants prefer depend depends ultimately simply matter",
  comparison: /(?<![\p{L}\p{N}])(?:than|instead of|rather than|unlike|compared (?:to|with)|versus|vs\.?|whereas|while a)(?![\p{L}\p{N}])/iu,
};

const DE: FillerWords = {
  phrases: [
    "in der heutigen schnelllebigen",
    "in der heutigen zeit",
    "egal ob sie",
    "ob anfänger oder profi",
    "tauchen wir ein",
    "lassen sie uns eintauchen",
    "es ist wichtig",
    "es ist entscheidend",
    "es ist unerlässlich",
    "spielt eine entscheidende rolle",
    "spielt eine wichtige rolle",
    "zusammenfassend lässt sich sagen",
    "abschließend lässt sich sagen",
    "fazit:",
    "auf das nächste level",
    "auf die nächste stufe",
    "mit diesen tipps",
    "wenn sie diese tipps",
    "wenn es um",
    "den unterschied ausmachen",
    "macht den unterschied",
    "der schlüssel zum erfolg",
    "nehmen sie sich zeit",
    "eine saubere kaffeemühle ist eine glückliche",
  ],
  generic:
    "wichtig wichtige wichtigen entscheidend entscheidende unerlässlich wesentlich wesentliche gut gute guten besser beste besten perfekt " +
    "perfekte ideal ideale optimal optimale ultimativ wirklich sehr besonders erheblich insgesamt verschiedene zahlreiche viele mehrere " +
    "regelmäßig regelmäßige konsequent routine qualität hochwertig hochwertige erlebnis erfahrung erfahrungen welt niveau erfolg erfolgreich " +
    "ergebnis ergebnisse vorteil vorteile genießen genuss sicherstellen gewährleisten verbessern steigern optimieren einfach einfache " +
    "leicht helfen hilft hilfreich tipps tipp praxis ansatz aspekt aspekte faktor faktoren prozess schritt schritte weise dinge alles " +
    "jeder anfänger profi profis experte experten liebhaber leidenschaft sorgfalt pflege aufmerksamkeit detail details zeit langfristig " +
    "lebensdauer leistung heute modern glücklich lohnend wert wertvoll letztlich sicherlich definitiv absolut möglicherweise generell " +
    "normalerweise oft häufig verstehen wissen lernen entdecken leitfaden umfassend meistern",
  comparison:
    /(?<![\p{L}\p{N}])(?:\p{L}+er\s+als|mehr\s+als|weniger\s+als|statt|anstatt|anstelle|im vergleich|verglichen mit|gegenüber|wohingegen)(?![\p{L}\p{N}])/iu,
};

const ES: FillerWords = {
  phrases: [
    "en el mundo actual",
    "en el acelerado mundo",
    "en la actualidad",
    "ya seas principiante",
    "ya sea que seas",
    "tanto si eres",
    "sumérgete",
    "adentrémonos",
    "es importante",
    "es fundamental",
    "es esencial",
    "es crucial",
    "juega un papel crucial",
    "juega un papel fundamental",
    "desempeña un papel",
    "en conclusión",
    "en resumen",
    "al siguiente nivel",
    "con estos consejos",
    "siguiendo estos consejos",
    "cuando se trata de",
    "marca la diferencia",
    "la clave del éxito",
    "tómate tu tiempo",
  ],
  generic:
    "importante importantes fundamental esencial crucial vital clave bueno buena buenos mejor mejores perfecto perfecta ideal óptimo óptima " +
    "increíble realmente muy altamente significativo general diversos diversas numerosos numerosas varios varias diferentes adecuado " +
    "adecuada adecuadamente regular regularmente constante rutina calidad experiencia viaje mundo nivel éxito resultado resultados " +
    "beneficio beneficios disfrutar garantizar asegurar mejorar potenciar optimizar fácil fácilmente sencillo simple ayudar ayuda útil " +
    "consejos consejo práctica prácticas enfoque aspecto aspectos factor factores proceso pasos paso manera forma cosas todo todos " +
    "principiante principiantes experto expertos amante amantes pasión cuidado atención detalle detalles tiempo largo plazo durabilidad " +
    "rendimiento hoy moderno feliz gratificante valor valioso inversión definitivamente absolutamente seguramente posiblemente " +
    "generalmente normalmente entender conocer aprender descubrir explorar guía completa dominar",
  comparison:
    /(?<![\p{L}\p{N}])(?:más\s+\S+(?:\s+\S+)?\s+que|menos\s+\S+(?:\s+\S+)?\s+que|en lugar de|en vez de|a diferencia de|comparado con|frente a|mientras que)(?![\p{L}\p{N}])/iu,
};

const FR: FillerWords = {
  phrases: [
    "dans le monde trépidant",
    "dans le monde actuel",
    "de nos jours",
    "que vous soyez débutant",
    "que vous soyez un",
    "plongeons",
    "il est important de",
    "il est essentiel de",
    "il est crucial de",
    "joue un rôle crucial",
    "joue un rôle essentiel",
    "en conclusion",
    "pour conclure",
    "en résumé",
    "au niveau supérieur",
    "avec ces conseils",
    "en suivant ces conseils",
    "lorsqu'il s'agit de",
    "lorsqu’il s’agit de",
    "fait toute la différence",
    "la clé du succès",
    "prenez votre temps",
  ],
  generic:
    "important importante importants essentiel essentielle crucial cruciale vital clé bon bonne bons meilleur meilleure meilleurs parfait " +
    "parfaite idéal idéale optimal optimale incroyable vraiment très hautement significatif global divers diverses nombreux nombreuses " +
    "plusieurs différents différentes approprié régulier régulièrement régulière constant routine qualité expérience voyage monde niveau " +
    "succès réussite résultat résultats avantage avantages profiter garantir assurer améliorer optimiser facile facilement simple " +
    "simplement aider aide utile conseils conseil pratique pratiques approche aspect aspects facteur facteurs processus étape étapes " +
    "manière façon choses tout tous débutant débutants expert experts amateur amateurs passionné passion soin attention détail détails " +
    "temps long terme longévité performance aujourd'hui moderne heureux heureuse gratifiant valeur précieux investissement définitivement " +
    "absolument certainement généralement souvent comprendre connaître apprendre découvrir explorer guide complet maîtriser",
  comparison:
    /(?<![\p{L}\p{N}])(?:plus\s+\S+(?:\s+\S+)?\s+que|moins\s+\S+(?:\s+\S+)?\s+que|au lieu de|plutôt que|contrairement|par rapport|comparé|alors que|tandis que)(?![\p{L}\p{N}])/iu,
};

const JA: FillerWords = {
  phrases: [
    "いかがでしたか",
    "いかがでしたでしょうか",
    "ことが大切です",
    "ことが重要です",
    "ことが大切",
    "ことが重要",
    "ぜひ参考に",
    "参考にしてください",
    "ぜひ試して",
    "してみてはいかがでしょうか",
    "まとめると",
    "この記事では",
    "について解説します",
    "について詳しく",
    "忙しい現代",
    "初心者から上級者まで",
    "快適なコーヒーライフ",
    "豊かな",
    "楽しみましょう",
  ],
  generic:
    "大切 重要 必要 ポイント 大事 おすすめ 最適 最高 素晴らしい 快適 豊か 楽しむ 楽しみ 魅力 方法 コツ 習慣 定期 的 品質 体験 " +
    "ライフ 時間 こと もの 様々 さまざま いろいろ 多く ぜひ しっかり きちんと 丁寧 注意 意識 理解 初心者 上級者 参考 解説 紹介 " +
    "ご紹介 まとめ 長く 長持ち 効果 効果的 簡単 手軽 気軽 安心 意識 工夫 心がけ 自分 自身 ご自身 ライフスタイル 生活 スタイル 特別 一層 " +
    "魅力 ひとつ 正解 近道 選択肢 ペース 見つける 考え方 基本 基本的 具体的 幅広い 押さえる あなた 毎日 日頃 本来 最大限 さらに 一概 " +
    "おいしさ 味わい 楽しさ 楽しみ方 気持ち 場合 状態 環境 ぴったり 最後 意外 見落とし 失敗 心配 気軽 無理",
  comparison: /より|比べ|比較|一方|に対して|ではなく/,
};

const LISTS: Record<string, FillerWords> = { en: EN, de: DE, es: ES, fr: FR, ja: JA };

/** The filler words of a language, or null where the judge has none (its substance is then measured by figures only). */
export function fillerWordsOf(code: string): FillerWords | null {
  return LISTS[code] ?? null;
}
