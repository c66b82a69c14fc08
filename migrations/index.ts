import * as m0001 from "./0001_initial";
import * as m0002GenerationState from "./0002_generation_state";
import * as m0003ArticlesList from "./0003_articles_list";
import * as m0004LinkChecks from "./0004_link_checks";
import * as m0005JobLanes from "./0005_job_lanes";
import * as m0006MailOutboxSecrets from "./0006_mail_outbox_secrets";
import * as m0007EmailRevert from "./0007_email_revert";
import * as m0008AiUsageAndStoredImages from "./0008_ai_usage_and_stored_images";
import * as m0009LinksSiteUrl from "./0009_links_site_url";
import * as m0010Publishing from "./0010_publishing";
import * as m0011JobGroups from "./0011_job_groups";
import * as m0012ArticleSeoBasis from "./0012_article_seo_basis";
import * as m0013BacklinkData from "./0013_backlink_data";
import * as m0014GettingStarted from "./0014_getting_started";
import * as m0015LastSignedIn from "./0015_last_signed_in";
import * as m0016Billing from "./0016_billing";
import * as m0017CurrentSite from "./0017_current_site";
import * as m0018DeveloperApi from "./0018_developer_api";
import * as m0020ContentPlan from "./0020_content_plan";
import * as m0021PublishingSettings from "./0021_publishing_settings";
import * as m0022Autopilot from "./0022_autopilot";
import * as m0023AutopilotReview from "./0023_autopilot_review";
import * as m0024Digest from "./0024_digest";
import * as m0025TenantLanes from "./0025_tenant_lanes";
import * as m0026ShopifyWebhookIds from "./0026_shopify_webhook_ids";
import * as m0027PageIndexes from "./0027_page_indexes";
import * as m0028ArticleSlugs from "./0028_article_slugs";
import * as m0029ArticleRevisions from "./0029_article_revisions";
import * as m0030PublicationMediaVariants from "./0030_publication_media_variants";
import * as m0032ArticleCounts from "./0032_article_counts";
import * as m0033SiteScheduled from "./0033_site_scheduled";
import * as m0034ArticleSentences from "./0034_article_sentences";
import * as m0035Research from "./0035_research";
import * as m0037PlanKeywordDifficulty from "./0037_plan_keyword_difficulty";
import * as m0038ShowSources from "./0038_show_sources";
import * as m0039AutopilotTimeline from "./0039_autopilot_timeline";
import * as m0040SearchConsole from "./0040_search_console";
import * as m0042SearchFindings from "./0042_search_findings";
import * as m0045Indexing from "./0045_indexing";
import * as m0046ArticleProposals from "./0046_article_proposals";
import * as m0047BrandDescribedAt from "./0047_brand_described_at";
import * as m0048BlogSlugRedirects from "./0048_blog_slug_redirects";
import * as m0049CmsPlatforms from "./0049_cms_platforms";
import * as m0050BlogDomains from "./0050_blog_domains";
import * as m0051BlogAppearance from "./0051_blog_appearance";
import * as m0052BlogProxies from "./0052_blog_proxies";
import * as m0053SharedLimits from "./0053_shared_limits";
import type { Migration } from "kysely";

// Listed by hand so the server bundle carries them and the order is explicit.
export const migrations: Record<string, Migration> = {
  "0001_initial": m0001,
  "0002_generation_state": m0002GenerationState,
  "0003_articles_list": m0003ArticlesList,
  "0004_link_checks": m0004LinkChecks,
  "0005_job_lanes": m0005JobLanes,
  "0006_mail_outbox_secrets": m0006MailOutboxSecrets,
  "0007_email_revert": m0007EmailRevert,
  "0008_ai_usage_and_stored_images": m0008AiUsageAndStoredImages,
  "0009_links_site_url": m0009LinksSiteUrl,
  "0010_publishing": m0010Publishing,
  "0011_job_groups": m0011JobGroups,
  "0012_article_seo_basis": m0012ArticleSeoBasis,
  "0013_backlink_data": m0013BacklinkData,
  "0014_getting_started": m0014GettingStarted,
  "0015_last_signed_in": m0015LastSignedIn,
  "0016_billing": m0016Billing,
  "0017_current_site": m0017CurrentSite,
  "0018_developer_api": m0018DeveloperApi,
  "0020_content_plan": m0020ContentPlan,
  "0021_publishing_settings": m0021PublishingSettings,
  "0022_autopilot": m0022Autopilot,
  "0023_autopilot_review": m0023AutopilotReview,
  "0024_digest": m0024Digest,
  "0025_tenant_lanes": m0025TenantLanes,
  "0026_shopify_webhook_ids": m0026ShopifyWebhookIds,
  "0027_page_indexes": m0027PageIndexes,
  "0028_article_slugs": m0028ArticleSlugs,
  "0029_article_revisions": m0029ArticleRevisions,
  "0030_publication_media_variants": m0030PublicationMediaVariants,
  "0032_article_counts": m0032ArticleCounts,
  "0033_site_scheduled": m0033SiteScheduled,
  "0034_article_sentences": m0034ArticleSentences,
  "0035_research": m0035Research,
  "0037_plan_keyword_difficulty": m0037PlanKeywordDifficulty,
  "0038_show_sources": m0038ShowSources,
  "0039_autopilot_timeline": m0039AutopilotTimeline,
  "0040_search_console": m0040SearchConsole,
  "0042_search_findings": m0042SearchFindings,
  "0045_indexing": m0045Indexing,
  "0046_article_proposals": m0046ArticleProposals,
  "0047_brand_described_at": m0047BrandDescribedAt,
  "0048_blog_slug_redirects": m0048BlogSlugRedirects,
  "0049_cms_platforms": m0049CmsPlatforms,
  "0050_blog_domains": m0050BlogDomains,
  "0051_blog_appearance": m0051BlogAppearance,
  "0052_blog_proxies": m0052BlogProxies,
  "0053_shared_limits": m0053SharedLimits,
};
