import { getCountryForTimezone } from "countries-and-timezones";

/**
 * Which searchers the research asks about: a country and a language the keyword service covers
 * (docs/decisions/073-research-market.md). A German shop's keywords are researched on Google in
 * Germany in German, not in the United States in English.
 */

/** A place and language searches are researched for, in the provider's codes. */
export type Market = {
  /** DataForSEO's location code (Google Ads geo target: 2840 United States, 2276 Germany). */
  locationCode: number;
  /** DataForSEO's language code ("en", "de", "zh-TW"). */
  languageCode: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** In words for the editor: "Germany (German)". */
  label: string;
};

/** One country the keyword service covers, with the languages it has searches for there. */
export type MarketLocation = {
  locationCode: number;
  country: string;
  name: string;
  languages: Array<{ code: string; name: string }>;
};

export const DEFAULT_MARKET: Market = { locationCode: 2840, languageCode: "en", country: "US", label: "United States (English)" };

function localeOf(tag: string): Intl.Locale | null {
  try {
    return new Intl.Locale(tag);
  } catch {
    return null;
  }
}

/**
 * The countries a site's readers most likely search from, best first: the region of its content
 * language ("de-AT"), the country of its time zone, and where the language is mostly spoken.
 */
export function candidateCountries(languageTag: string, timeZone: string): string[] {
  const locale = localeOf(languageTag);
  const countries = [
    locale?.region,
    getCountryForTimezone(timeZone)?.id,
    locale ? localeOf(locale.language)?.maximize().region : undefined,
  ];
  return [...new Set(countries.filter((c): c is string => Boolean(c && /^[A-Z]{2}$/.test(c))))];
}

/** The provider's language codes to try for a tag, best first: the tag as the provider writes it ("zh-TW"), then its language. */
function languageCodes(languageTag: string): string[] {
  const locale = localeOf(languageTag);
  if (!locale) return [];
  return [...new Set([locale.region ? `${locale.language}-${locale.region}` : null, locale.language].filter((c): c is string => !!c))];
}

/**
 * The market for a site: the first candidate country the service covers in the site's content
 * language, else any country it covers in that language, else the United States in English.
 */
export function chooseMarket(locations: MarketLocation[], languageTag: string, timeZone: string): Market {
  const codes = languageCodes(languageTag);
  const byCountry = new Map(locations.map((l) => [l.country.toUpperCase(), l]));
  const inLanguage = (location: MarketLocation | undefined) => {
    for (const code of codes) {
      const language = location?.languages.find((l) => l.code.toLowerCase() === code.toLowerCase());
      if (location && language) return marketOf(location, language);
    }
    return null;
  };
  for (const country of candidateCountries(languageTag, timeZone)) {
    const market = inLanguage(byCountry.get(country));
    if (market) return market;
  }
  for (const location of locations) {
    const market = inLanguage(location);
    if (market) return market;
  }
  return DEFAULT_MARKET;
}

const marketOf = (location: MarketLocation, language: { code: string; name: string }): Market => ({
  locationCode: location.locationCode,
  languageCode: language.code,
  country: location.country.toUpperCase(),
  label: `${location.name} (${language.name})`,
});

/** A market's part of a cache key, so answers for one market are never served for another. */
export const marketKey = (market: Market) => `${market.locationCode}:${market.languageCode}`;
