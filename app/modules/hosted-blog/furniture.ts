/**
 * The hosted blog's own words around the articles (skip link, pager, dates, contents, author box, 404), in the
 * blog's language where we have them, so a German blog does not say "Keep reading"
 * (docs/decisions/082-blog-furniture-in-its-language.md). A language without its own set gets English words and
 * English dates together, never a mix of the two.
 */

export type BlogWords = {
  /** The language whose words these are; dates are written in it (null: the English 'dd MMM yyyy'). */
  dateLocale: string | null;
  skipToContent: string;
  pagerLabel: string;
  newerPosts: string;
  olderPosts: string;
  pageOf: (page: number, total: number) => string;
  noPostsYet: string;
  /** Before a post's date: "Published 24 Nov 2026". */
  published: string;
  updated: string;
  breadcrumbLabel: string;
  blog: string;
  inThisArticle: string;
  publishedBy: string;
  moreArticlesFrom: (name: string) => string;
  keepReading: string;
  readTheArticle: string;
  pageNotFound: string;
  pageDoesNotExist: string;
  articleNotPublished: string;
  allArticlesFrom: (name: string) => string;
  rssFeedOf: (name: string) => string;
  articlesFrom: (name: string) => string;
  blogTitle: (name: string) => string;
  /** A later page of the index: "Acme blog – page 2". */
  titlePage: (title: string, page: number) => string;
};

const en: BlogWords = {
  dateLocale: null,
  skipToContent: "Skip to content",
  pagerLabel: "Pages of posts",
  newerPosts: "← Newer posts",
  olderPosts: "Older posts →",
  pageOf: (page, total) => `Page ${page} of ${total}`,
  noPostsYet: "No posts yet. Articles appear here as soon as they are published.",
  published: "Published",
  updated: "Updated",
  breadcrumbLabel: "Breadcrumb",
  blog: "Blog",
  inThisArticle: "In this article",
  publishedBy: "Published by",
  moreArticlesFrom: (name) => `More articles from ${name} →`,
  keepReading: "Keep reading",
  readTheArticle: "Read the article",
  pageNotFound: "Page not found",
  pageDoesNotExist: "This page does not exist.",
  articleNotPublished: "This article does not exist or is not published.",
  allArticlesFrom: (name) => `See all articles from ${name}`,
  rssFeedOf: (name) => `RSS feed of ${name}`,
  articlesFrom: (name) => `Articles from ${name}`,
  blogTitle: (name) => `${name} blog`,
  titlePage: (title, page) => `${title} – page ${page}`,
};

const de: BlogWords = {
  dateLocale: "de",
  skipToContent: "Zum Inhalt springen",
  pagerLabel: "Seiten der Beiträge",
  newerPosts: "← Neuere Beiträge",
  olderPosts: "Ältere Beiträge →",
  pageOf: (page, total) => `Seite ${page} von ${total}`,
  noPostsYet: "Noch keine Beiträge. Artikel erscheinen hier, sobald sie veröffentlicht sind.",
  published: "Veröffentlicht am",
  updated: "Aktualisiert am",
  breadcrumbLabel: "Brotkrümelnavigation",
  blog: "Blog",
  inThisArticle: "In diesem Artikel",
  publishedBy: "Veröffentlicht von",
  moreArticlesFrom: (name) => `Weitere Artikel von ${name} →`,
  keepReading: "Auch lesenswert",
  readTheArticle: "Artikel lesen",
  pageNotFound: "Seite nicht gefunden",
  pageDoesNotExist: "Diese Seite existiert nicht.",
  articleNotPublished: "Dieser Artikel existiert nicht oder ist nicht veröffentlicht.",
  allArticlesFrom: (name) => `Alle Artikel von ${name}`,
  rssFeedOf: (name) => `RSS-Feed von ${name}`,
  articlesFrom: (name) => `Artikel von ${name}`,
  blogTitle: (name) => `${name} Blog`,
  titlePage: (title, page) => `${title} – Seite ${page}`,
};

const fr: BlogWords = {
  dateLocale: "fr",
  skipToContent: "Aller au contenu",
  pagerLabel: "Pages d’articles",
  newerPosts: "← Articles plus récents",
  olderPosts: "Articles plus anciens →",
  pageOf: (page, total) => `Page ${page} sur ${total}`,
  noPostsYet: "Aucun article pour l’instant. Les articles apparaissent ici dès leur publication.",
  published: "Publié le",
  updated: "Mis à jour le",
  breadcrumbLabel: "Fil d’Ariane",
  blog: "Blog",
  inThisArticle: "Dans cet article",
  publishedBy: "Publié par",
  moreArticlesFrom: (name) => `Plus d’articles de ${name} →`,
  keepReading: "À lire aussi",
  readTheArticle: "Lire l’article",
  pageNotFound: "Page introuvable",
  pageDoesNotExist: "Cette page n’existe pas.",
  articleNotPublished: "Cet article n’existe pas ou n’est pas publié.",
  allArticlesFrom: (name) => `Tous les articles de ${name}`,
  rssFeedOf: (name) => `Flux RSS de ${name}`,
  articlesFrom: (name) => `Articles de ${name}`,
  blogTitle: (name) => `Blog de ${name}`,
  titlePage: (title, page) => `${title} – page ${page}`,
};

const es: BlogWords = {
  dateLocale: "es",
  skipToContent: "Saltar al contenido",
  pagerLabel: "Páginas de artículos",
  newerPosts: "← Artículos más recientes",
  olderPosts: "Artículos anteriores →",
  pageOf: (page, total) => `Página ${page} de ${total}`,
  noPostsYet: "Todavía no hay artículos. Aparecen aquí en cuanto se publican.",
  published: "Publicado el",
  updated: "Actualizado el",
  breadcrumbLabel: "Ruta de navegación",
  blog: "Blog",
  inThisArticle: "En este artículo",
  publishedBy: "Publicado por",
  moreArticlesFrom: (name) => `Más artículos de ${name} →`,
  keepReading: "Sigue leyendo",
  readTheArticle: "Leer el artículo",
  pageNotFound: "Página no encontrada",
  pageDoesNotExist: "Esta página no existe.",
  articleNotPublished: "Este artículo no existe o no está publicado.",
  allArticlesFrom: (name) => `Todos los artículos de ${name}`,
  rssFeedOf: (name) => `Canal RSS de ${name}`,
  articlesFrom: (name) => `Artículos de ${name}`,
  blogTitle: (name) => `Blog de ${name}`,
  titlePage: (title, page) => `${title} – página ${page}`,
};

const it: BlogWords = {
  dateLocale: "it",
  skipToContent: "Vai al contenuto",
  pagerLabel: "Pagine di articoli",
  newerPosts: "← Articoli più recenti",
  olderPosts: "Articoli meno recenti →",
  pageOf: (page, total) => `Pagina ${page} di ${total}`,
  noPostsYet: "Ancora nessun articolo. Gli articoli compaiono qui appena vengono pubblicati.",
  published: "Pubblicato il",
  updated: "Aggiornato il",
  breadcrumbLabel: "Percorso di navigazione",
  blog: "Blog",
  inThisArticle: "In questo articolo",
  publishedBy: "Pubblicato da",
  moreArticlesFrom: (name) => `Altri articoli di ${name} →`,
  keepReading: "Leggi anche",
  readTheArticle: "Leggi l’articolo",
  pageNotFound: "Pagina non trovata",
  pageDoesNotExist: "Questa pagina non esiste.",
  articleNotPublished: "Questo articolo non esiste o non è pubblicato.",
  allArticlesFrom: (name) => `Tutti gli articoli di ${name}`,
  rssFeedOf: (name) => `Feed RSS di ${name}`,
  articlesFrom: (name) => `Articoli di ${name}`,
  blogTitle: (name) => `Blog di ${name}`,
  titlePage: (title, page) => `${title} – pagina ${page}`,
};

const pt: BlogWords = {
  dateLocale: "pt",
  skipToContent: "Ir para o conteúdo",
  pagerLabel: "Páginas de artigos",
  newerPosts: "← Artigos mais recentes",
  olderPosts: "Artigos anteriores →",
  pageOf: (page, total) => `Página ${page} de ${total}`,
  noPostsYet: "Ainda não há artigos. Os artigos aparecem aqui assim que forem publicados.",
  published: "Publicado em",
  updated: "Atualizado em",
  breadcrumbLabel: "Trilha de navegação",
  blog: "Blog",
  inThisArticle: "Neste artigo",
  publishedBy: "Publicado por",
  moreArticlesFrom: (name) => `Mais artigos de ${name} →`,
  keepReading: "Leia também",
  readTheArticle: "Ler o artigo",
  pageNotFound: "Página não encontrada",
  pageDoesNotExist: "Esta página não existe.",
  articleNotPublished: "Este artigo não existe ou não está publicado.",
  allArticlesFrom: (name) => `Todos os artigos de ${name}`,
  rssFeedOf: (name) => `Feed RSS de ${name}`,
  articlesFrom: (name) => `Artigos de ${name}`,
  blogTitle: (name) => `Blog de ${name}`,
  titlePage: (title, page) => `${title} – página ${page}`,
};

const nl: BlogWords = {
  dateLocale: "nl",
  skipToContent: "Naar de inhoud",
  pagerLabel: "Pagina’s met berichten",
  newerPosts: "← Nieuwere berichten",
  olderPosts: "Oudere berichten →",
  pageOf: (page, total) => `Pagina ${page} van ${total}`,
  noPostsYet: "Nog geen berichten. Artikelen verschijnen hier zodra ze gepubliceerd zijn.",
  published: "Gepubliceerd op",
  updated: "Bijgewerkt op",
  breadcrumbLabel: "Kruimelpad",
  blog: "Blog",
  inThisArticle: "In dit artikel",
  publishedBy: "Gepubliceerd door",
  moreArticlesFrom: (name) => `Meer artikelen van ${name} →`,
  keepReading: "Lees ook",
  readTheArticle: "Lees het artikel",
  pageNotFound: "Pagina niet gevonden",
  pageDoesNotExist: "Deze pagina bestaat niet.",
  articleNotPublished: "Dit artikel bestaat niet of is niet gepubliceerd.",
  allArticlesFrom: (name) => `Alle artikelen van ${name}`,
  rssFeedOf: (name) => `RSS-feed van ${name}`,
  articlesFrom: (name) => `Artikelen van ${name}`,
  blogTitle: (name) => `Blog van ${name}`,
  titlePage: (title, page) => `${title} – pagina ${page}`,
};

/** The languages (primary subtags) with their own words; kept apart from the words so a form can ask cheaply. */
const OWN_WORDS = ["en", "de", "fr", "es", "it", "pt", "nl"] as const;
const WORDS: Record<(typeof OWN_WORDS)[number], BlogWords> = { en, de, fr, es, it, pt, nl };

const primaryLanguage = (tag: string) => tag.split("-")[0]!.toLowerCase();

/** Whether the blog's own words exist in this language (English for any other). */
export function blogHasOwnWords(language: string) {
  return (OWN_WORDS as readonly string[]).includes(primaryLanguage(language));
}

/** The blog's words for a BCP 47 tag, by its primary language ("pt-BR" → Portuguese). */
export function blogWords(language: string): BlogWords {
  return blogHasOwnWords(language) ? WORDS[primaryLanguage(language) as (typeof OWN_WORDS)[number]] : en;
}
