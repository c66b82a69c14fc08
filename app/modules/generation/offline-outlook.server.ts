import type { DB } from "#app/db/client.server";
import { builtInLanguageFlag } from "#app/modules/ai/built-in-reach";
import { hasAiProvider } from "#app/modules/ai/providers.server";
import { getContentSettings } from "#app/modules/settings/content.server";
import { pagesThatFit } from "#app/modules/research/grounding";
import { getResearchProvider } from "#app/modules/research/provider.server";
import { listSitePages } from "#app/modules/research/site-pages.server";

/**
 * What the built-in offline writer can and cannot do for a keyword, in one sentence the generate dialog shows before
 * a generation starts without an AI provider (docs/decisions/064-offline-drafts-cost-nothing.md). It draws on the
 * research provider's top results when one is set up and on the site's scanned pages that fit the keyword; without
 * either it can only restate the brand settings. Null when a provider writes the article.
 */
export async function offlineWriterOutlook(db: DB, siteId: string, keyword: string): Promise<string | null> {
  if (hasAiProvider()) return null;
  const { language } = await getContentSettings(db, siteId);
  const flag = builtInLanguageFlag(language);
  const outlook = await draftOutlook(db, siteId, keyword);
  // A language it cannot write is said before anything else (decision 069).
  return flag ? `${flag} ${outlook}` : outlook;
}

async function draftOutlook(db: DB, siteId: string, keyword: string) {
  const topic = `“${keyword.trim()}”`;
  const pages = pagesThatFit(keyword, await listSitePages(db, siteId)).length;
  const research = getResearchProvider() !== null;
  const free = "the draft does not count against your plan";
  if (!research && pages === 0)
    return `Without an AI provider the built-in writer has no research and none of your pages about ${topic}, so it can only write a few lines from your brand settings, not an article; ${free}.`;
  const from = [
    research ? "the top search results' headings, questions and sourced facts" : null,
    pages ? `${pages} of your own ${pages === 1 ? "page" : "pages"} that ${pages === 1 ? "fits" : "fit"} it` : null,
  ]
    .filter(Boolean)
    .join(" and ");
  return `Without an AI provider the built-in writer can draft ${topic} from ${from}, but it cannot explain beyond what they say, answer questions they leave open or write examples, so expect a short draft to finish yourself; ${free}.`;
}
