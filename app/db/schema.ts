import type { Generated, Selectable } from "kysely";

/** Typed tables, written by hand: keep in step with migrations/ (the integration tests run the typed queries on the migrated schema). */

type Timestamp = string;
type Bool = number;
type AutoId = Generated<number>;

interface UsersTable {
  id: string;
  email: string;
  email_verified_at: Timestamp | null;
  password_hash: string | null;
  full_name: Generated<string>;
  username: Generated<string>;
  avatar_path: string | null;
  is_operator: Generated<Bool>;
  onboarding_completed_at: Timestamp | null;
  /** When the user dismissed the 'Getting started' checklist (docs/decisions/035). */
  getting_started_dismissed_at: Timestamp | null;
  /** Null until the first sign-in (the greeting says 'Welcome to Inkpilot!' then). */
  last_signed_in_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
interface SessionsTable {
  id: string;
  user_id: string;
  expires_at: Timestamp;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  user_agent: string | null;
  ip: string | null;
  /** The site this session works on (migration 0017, docs/decisions/043); re-checked against memberships on every request. */
  current_site_id: string | null;
}
export type AuthTokenKind = "verify_email" | "reset_password" | "change_email" | "revert_email";
interface AuthTokensTable {
  id: string;
  user_id: string;
  kind: AuthTokenKind;
  token_hash: string;
  payload: string | null;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}
interface OauthAccountsTable {
  id: string;
  provider: string;
  subject: string;
  user_id: string;
  email: string | null;
  created_at: Timestamp;
}
export interface WorkspacesTable {
  id: string;
  name: string;
  plan: Generated<"trial" | "pro">;
  trial_ends_at: Timestamp;
  trial_articles_used: Generated<number>;
  stripe_customer_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export type WorkspaceRole = "owner" | "admin" | "editor";
export type DigestFrequency = "daily" | "weekly" | "off";
interface MembershipsTable {
  workspace_id: string;
  user_id: string;
  role: WorkspaceRole;
  created_at: Timestamp;
  /** The auto-pilot digest this member gets for this workspace (migration 0024). */
  digest: Generated<DigestFrequency>;
}
interface InvitationsTable {
  id: string;
  workspace_id: string;
  email: string;
  role: "admin" | "editor";
  token_hash: string;
  invited_by: string | null;
  expires_at: Timestamp;
  accepted_at: Timestamp | null;
  created_at: Timestamp;
}
export interface SitesTable {
  id: string;
  workspace_id: string;
  name: string;
  url: string | null;
  slug: string;
  /** Globally unique: the hosted blog lives at /b/:blog_slug (migration 0010). */
  blog_slug: string | null;
  language: Generated<string>;
  timezone: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
/** A hosted blog's former address, answering 301 to the site's current one (migration 0048). */
interface BlogSlugRedirectsTable {
  old_slug: string;
  site_id: string;
  created_at: Timestamp;
}
/** A hosted blog's own domain and its certificate (migration 0050, docs/decisions/076). */
interface BlogDomainsTable {
  site_id: string;
  hostname: string;
  ownership_token: string;
  /** pending_dns: the records are not all there yet; issuing: Fly is issuing the certificate; active: served. */
  status: "pending_dns" | "issuing" | "active";
  /** Fly's certificate status ("pending_validation", "active", …) as last read. */
  certificate_status: string | null;
  /** JSON: the last record check (DomainCheck), shown in settings. */
  last_check: string | null;
  checked_at: Timestamp | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
interface BlogProxiesTable {
  site_id: string;
  /** https://theircompany.com/blog: where the customer's proxy serves the blog, without a trailing slash. */
  public_url: string;
  /** What the proxy sends in Inkpilot-Proxy-Token, so only it may have the blog rendered for that address. */
  token: string;
  /** pending: not yet seen through the proxy; active: a check through it found the blog, which answers there. */
  status: "pending" | "active";
  last_error: string | null;
  checked_at: Timestamp | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface BrandSettingsTable {
  site_id: string;
  logo_path: string | null;
  brand_name: Generated<string>;
  description: Generated<string>;
  target_audience: Generated<string>;
  industry: Generated<string>;
  tone_of_voice: Generated<string>;
  language: Generated<string>;
  /** JSON array of strings */
  tags: Generated<string>;
  /** JSON array of strings */
  internal_links: Generated<string>;
  updated_at: Timestamp;
  /** When what the business is last changed (name, industry, description, audience, tags); migration 0047. */
  described_at: Timestamp | null;
  /** #RRGGBB, as the customer chose it (the blog derives readable shades from it); null: the default blue. Migration 0051. */
  accent_color: string | null;
  /** A font pairing id of settings/brand-look.ts (system font stacks only). Migration 0051. */
  font_pairing: Generated<string>;
}
/** A hosted blog's own look (docs/decisions/077): its theme, one row per site once one was chosen. Migration 0051. */
interface BlogAppearanceTable {
  site_id: string;
  /** A theme id of hosted-blog/themes.ts; anything else reads as the default theme. */
  theme: string;
  updated_by: string | null;
  updated_at: Timestamp;
}
interface ContentSettingsTable {
  site_id: string;
  use_brand_info: Generated<Bool>;
  article_length: Generated<"short" | "medium" | "long">;
  brand_mentions: Generated<"none" | "minimal" | "regular" | "maximal">;
  internal_links_count: Generated<"none" | "few" | "regular" | "many">;
  external_search: Generated<Bool>;
  external_links: Generated<"none" | "few" | "regular" | "many">;
  language: Generated<string>;
  specific_instructions: Generated<string>;
  exclusions: Generated<string>;
  image_style: Generated<string>;
  auto_generation: Generated<Bool>;
  auto_gen_time: Generated<string>;
  auto_publish: Generated<Bool>;
  /** The SEO score an article needs before auto-pilot publishes it on its own (migration 0022). */
  autopilot_min_score: Generated<number>;
  /** Every auto-pilot article waits for a named person's approval (migration 0023). */
  review_mode: Generated<Bool>;
  /** Hold an auto-pilot article whose external links are not verified working (migration 0023). */
  autopilot_strict_links: Generated<Bool>;
  /** End published AI-written posts with the 'AI-assisted' disclosure line (migration 0023). */
  ai_disclosure: Generated<Bool>;
  /** End published posts written from research with their 'Sources' (migration 0038). */
  show_sources: Generated<Bool>;
  updated_at: Timestamp;
}
interface PublishingSettingsTable {
  site_id: string;
  scheduled_date: string | null;
  scheduled_time: Generated<string>;
  /** JSON array of 'HH:MM': the extra daily times beside scheduled_time (migration 0021). */
  daily_times: Generated<string>;
  updated_at: Timestamp;
}
export interface TopicsTable {
  id: string;
  site_id: string;
  name: string;
  description: Generated<string>;
  keywords: Generated<string>;
  category: Generated<string>;
  color: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export type ArticleStatus = "draft" | "generating" | "scheduled" | "publishing" | "published" | "failed";
export interface ArticlesTable {
  id: string;
  site_id: string;
  author_id: string | null;
  topic_id: string | null;
  title: string;
  slug: string;
  content_html: Generated<string>;
  meta_description: Generated<string>;
  target_keyword: Generated<string>;
  status: Generated<ArticleStatus>;
  scheduled_at: Timestamp | null;
  /** Indexed by migration 0027: articles_site_past (the scheduler's Past order, with updated_at) and articles_site_status_updated. */
  published_at: Timestamp | null;
  word_count: Generated<number>;
  featured_image: string | null;
  source: Generated<"manual" | "ai" | "offline">;
  seo_score: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** What seo_score was computed against (scorer version and the site's SEO settings); null: never recorded (migration 0012). */
  seo_basis: string | null;
}
/** Each site's articles by status and whether published_at is set, kept by triggers (migrations/0032_article_counts.ts); never written by the code. */
interface ArticleCountsTable {
  site_id: string;
  status: ArticleStatus;
  /** 1 when published_at is set. */
  dated: number;
  n: number;
}
export type RevisionKind = "autosave" | "save" | "ai_accept" | "restore" | "publish" | "generated" | "api" | "proposal_accept";
/** A snapshot of an article's publishable fields (migration 0029; app/modules/articles/revisions.server.ts). */
export interface ArticleRevisionsTable {
  id: string;
  article_id: string;
  site_id: string;
  kind: RevisionKind;
  title: string;
  slug: string;
  content_html: string;
  meta_description: Generated<string>;
  target_keyword: Generated<string>;
  featured_image: string | null;
  topic_id: string | null;
  author_id: string | null;
  /** The author's name as it was, so the record outlives the account. */
  author_name: Generated<string>;
  /** When the revision began; a coalesced autosave keeps its first time here and its last in saved_at. */
  created_at: Timestamp;
  saved_at: Timestamp;
  /** 1, 2, 3… per article: the order of the revisions. */
  seq: number;
}
/** Which articles of a site hold each sentence hash of 8+ words (migrations/0034_article_sentences.ts). */
interface ArticleSentencesTable {
  site_id: string;
  hash: number;
  article_id: string;
}
/** Each indexed article's own sentence hashes, a JSON list (migrations/0034_article_sentences.ts). */
interface ArticleSentenceSetsTable {
  article_id: string;
  hashes: string;
}
/** Provider answers and fetched pages per site and key (migrations/0035_research.ts). */
interface ResearchCacheTable {
  site_id: string;
  kind: string;
  key: string;
  /** JSON. */
  data: string;
  fetched_at: string;
}
/** What the site's own pages say (migrations/0035_research.ts); facts and faq are JSON lists. */
interface SitePagesTable {
  site_id: string;
  url: string;
  kind: string;
  title: string;
  summary: Generated<string>;
  facts: Generated<string>;
  faq: Generated<string>;
  fetched_at: string;
}
/** An article's research snapshot and claim ledger, both JSON (migrations/0035_research.ts). */
interface ArticleResearchTable {
  article_id: string;
  site_id: string;
  snapshot: string;
  sources: Generated<string>;
  updated_at: string;
}
interface ArticleImagesTable {
  id: string;
  article_id: string;
  path: string;
  alt: Generated<string>;
  prompt: string | null;
  position: Generated<number>;
  created_at: Timestamp;
}
/** A regenerated version waiting beside the working copy for Accept or Discard (migration 0046; generation/proposals.server.ts). */
export interface ArticleProposalsTable {
  article_id: string;
  site_id: string;
  generation_id: string;
  title: string;
  slug: string;
  content_html: string;
  meta_description: string;
  target_keyword: string;
  featured_image: string | null;
  /** JSON: the generated images the proposal shows ({ url, alt, prompt, position }[]). */
  images: Generated<string>;
  source: "ai" | "offline";
  seo_score: number;
  word_count: number;
  created_at: Timestamp;
}
interface GenerationsTable {
  id: string;
  article_id: string;
  job_id: number | null;
  status: Generated<"running" | "succeeded" | "failed" | "cancelled">;
  step: Generated<string>;
  progress: Generated<number>;
  error: string | null;
  prompt_tokens: Generated<number>;
  completion_tokens: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** JSON: the pipeline's finished intermediate results (migration 0002). */
  state: Generated<string>;
}
interface PlanItemsTable {
  id: string;
  site_id: string;
  date: string;
  keyword: string;
  intent: Generated<string>;
  rationale: Generated<string>;
  topic_id: string | null;
  article_id: string | null;
  status: Generated<"planned" | "written" | "published" | "skipped">;
  created_at: Timestamp;
  /** The content plan (migration 0020, decision 050): working title, origin and evidence, keyword data, cannibalisation flag. */
  title: Generated<string>;
  origin: Generated<PlanItemOrigin>;
  evidence_kind: Generated<PlanEvidenceKind>;
  /** The page URL, topic id or tag the evidence names; '' when none. */
  evidence_ref: Generated<string>;
  volume: number | null;
  difficulty: string | null;
  /** The provider's keyword difficulty, 0-100 (migration 0037); null without one. */
  keyword_difficulty: number | null;
  conflict_kind: "article" | "item" | null;
  conflict_id: string | null;
  conflict_label: Generated<string>;
  conflict_score: number | null;
  kept_conflict_id: string | null;
  updated_at: Timestamp | null;
}
export type PlanItemOrigin = "scheduler" | "offline" | "ai" | "manual";
export type PlanEvidenceKind = "" | "page" | "product" | "topic" | "gap" | "brand" | "manual";
/**
 * Every publishing destination, the one list (docs/decisions/072): the API's schema and the live check's advice
 * tables are derived from it, and the database holds it as the rows of cms_platforms (migration 0049), which
 * cms_connections.platform references: a new platform is added here and INSERTed by a migration.
 */
export const CMS_PLATFORMS = ["hosted", "wordpress", "wordpress_com", "shopify", "wix", "ghost", "webflow", "notion", "webhook"] as const;
export type CmsPlatform = (typeof CMS_PLATFORMS)[number];
export type ConnectionStatus = "connected" | "needs_attention" | "disconnected";
/** The publishing destinations a connection may name (CMS_PLATFORMS, migration 0049). */
interface CmsPlatformsTable {
  name: CmsPlatform;
}

export interface CmsConnectionsTable {
  id: string;
  site_id: string;
  platform: CmsPlatform;
  name: Generated<string>;
  site_url: Generated<string>;
  /** AES-256-GCM bound to the row id; NULL for the hosted blog and once disconnected. */
  credentials_encrypted: string | null;
  /** JSON, nothing secret: REST root, chosen blog or collection, field mapping, capabilities. */
  config: Generated<string>;
  status: Generated<ConnectionStatus>;
  is_default: Generated<Bool>;
  /** JSON: the connection doctor's last report. */
  doctor: Generated<string>;
  last_error: string | null;
  last_checked_at: Timestamp | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export type PublicationStatus = "pending" | "scheduled" | "publishing" | "published" | "failed";
export interface PublicationsTable {
  id: string;
  site_id: string;
  article_id: string;
  connection_id: string;
  mode: Generated<"draft" | "live">;
  status: Generated<PublicationStatus>;
  scheduled_for: Timestamp | null;
  /** What the adapter can search for to find a post whose create answer was lost (usually the slug). */
  marker: string;
  remote_id: string | null;
  remote_url: string | null;
  remote_status: string | null;
  /** The platform's version stamp last read (Ghost's updated_at), sent back on update. */
  remote_version: string | null;
  /** Set just before a create call, cleared once its remote id is stored: a create whose outcome is unknown. */
  create_started_at: Timestamp | null;
  content_hash: string | null;
  attempts: Generated<number>;
  last_error: string | null;
  correlation_id: string;
  published_at: Timestamp | null;
  /** JSON: the after-publish check of the live URL. */
  live_check: string | null;
  live_checked_at: Timestamp | null;
  requested_by: string | null;
  /** The exact revision sent (migration 0029); null for publications requested before it. */
  revision_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
interface PublicationMediaTable {
  connection_id: string;
  local_path: string;
  remote_id: string;
  remote_url: string;
  /** The platform's sizes of the image as JSON [{url, width, height}] (srcset); null when it makes none. */
  variants: string | null;
  created_at: Timestamp;
}
interface OauthStatesTable {
  state: string;
  provider: string;
  site_id: string | null;
  payload: Generated<string>;
  expires_at: Timestamp;
  created_at: Timestamp;
}
interface CmsInstallsTable {
  id: string;
  provider: "shopify" | "wix";
  external_id: string;
  site_id: string | null;
  scope: Generated<string>;
  created_at: Timestamp;
}
interface DiagLogsTable {
  id: AutoId;
  site_id: string | null;
  provider: string;
  level: "debug" | "info" | "warn" | "error";
  stage: string;
  detail: Generated<string>;
  correlation_id: string;
  created_at: Timestamp;
}
/** A day's life (migration 0039): writing, then ready / held / written, approved, scheduled (handed to the destination), published or failed; or skipped. */
export type AutopilotState = "writing" | "written" | "ready" | "held" | "approved" | "scheduled" | "published" | "failed" | "skipped";
interface AutopilotDaysTable {
  id: string;
  site_id: string;
  /** The site's local day, 'YYYY-MM-DD'. */
  day: string;
  keyword: Generated<string>;
  plan_item_id: string | null;
  article_id: string | null;
  generation_id: string | null;
  publish_at: Timestamp | null;
  state: Generated<AutopilotState>;
  /** JSON array of the quality gate's reasons, or why the day was skipped or failed. */
  reasons: Generated<string>;
  notified_at: Timestamp | null;
  /** When the owners were mailed about the day's failed publication (once). */
  failure_mailed_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
/** One change of an auto-pilot day's state, with its time: the day's timeline. */
interface AutopilotDayEventsTable {
  id: Generated<number>;
  day_id: string;
  site_id: string;
  state: AutopilotState;
  detail: Generated<string>;
  at: Timestamp;
}
interface ArticleApprovalsTable {
  id: string;
  article_id: string;
  site_id: string;
  user_id: string | null;
  /** The approver's name as it was, so the record outlives the account. */
  user_name: string;
  decision: "approved" | "rejected";
  created_at: Timestamp;
  /** The revision approved (migration 0029); null for decisions made before it. */
  revision_id: string | null;
}
interface SubscriptionsTable {
  id: string;
  workspace_id: string;
  stripe_customer_id: string;
  stripe_subscription_id: string;
  plan: Generated<string>;
  interval: "month" | "year";
  status: string;
  quantity: Generated<number>;
  current_period_end: Timestamp | null;
  cancel_at_period_end: Generated<Bool>;
  created_at: Timestamp;
  updated_at: Timestamp;
  stripe_price_id: string | null;
  stripe_item_id: string | null;
  current_period_start: Timestamp | null;
  /** When the latest payment failed; cleared by a paid invoice (the past-due banner). */
  payment_failed_at: Timestamp | null;
  ended_at: Timestamp | null;
}
interface StripeEventsTable {
  id: string;
  type: string;
  received_at: Timestamp;
  object_id: string | null;
  notified_at: Timestamp | null;
}
/** Shopify webhook deliveries already handled (X-Shopify-Webhook-Id), kept 30 days so a repeat does nothing. */
interface ShopifyWebhookIdsTable {
  id: string;
  topic: string;
  shop: string;
  received_at: Timestamp;
}
interface UsageEventsTable {
  id: AutoId;
  workspace_id: string;
  site_id: string;
  article_id: string | null;
  month: string;
  kind: "article_created";
  created_at: Timestamp;
}
interface ApiKeysTable {
  id: string;
  workspace_id: string;
  name: Generated<string>;
  prefix: string;
  key_hash: string;
  created_by: string | null;
  last_used_at: Timestamp | null;
  created_at: Timestamp;
  /** Null: every site of the workspace (migration 0018). */
  site_id: string | null;
  /** Set when revoked; the key is refused from then on (migration 0018). */
  revoked_at: Timestamp | null;
}
/** A workspace's event webhook (migration 0018; docs/decisions/047). */
interface WebhookEndpointsTable {
  id: string;
  workspace_id: string;
  url: string;
  /** JSON list of the event types it receives. */
  events: Generated<string>;
  /** The whsec_ signing secret, AES-256-GCM bound to the row id. */
  secret_encrypted: string;
  enabled: Generated<Bool>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Failed attempts in a row (timeouts, refusals, errors); a success resets it (docs/decisions/051). */
  failure_streak: Generated<number>;
  /** While set and in the future, deliveries to it wait instead of trying. */
  backoff_until: Timestamp | null;
  /** Why it was turned off (410 Gone, or paused after failing for too long); null while on or when turned off before 0025. */
  paused_reason: string | null;
}
type WebhookDeliveryStatus = "pending" | "succeeded" | "failed";
/** One event sent to one endpoint; id is the Standard Webhooks webhook-id, the same on every retry. */
interface WebhookDeliveriesTable {
  id: string;
  endpoint_id: string;
  event_type: string;
  /** The exact JSON body that is signed and sent. */
  payload: string;
  status: Generated<WebhookDeliveryStatus>;
  attempts: Generated<number>;
  response_status: number | null;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  delivered_at: Timestamp | null;
}
type JobStatus = "queued" | "running" | "succeeded" | "failed" | "cancelled";
export interface JobsTable {
  id: AutoId;
  name: string;
  payload: Generated<string>;
  status: Generated<JobStatus>;
  run_at: Timestamp;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  locked_until: Timestamp | null;
  last_error: string | null;
  idempotency_key: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  finished_at: Timestamp | null;
  /** Set afresh by every claim; only its holder may heartbeat or record the outcome. */
  lease_token: string | null;
  /** Jobs of one group (a publishing destination) run at most GROUP_CONCURRENCY at once (migration 0011). */
  group_key: string | null;
  /** The workspace whose share of its lane the job uses (migration 0025, docs/decisions/051). */
  tenant_key: string | null;
  /** How many jobs of its group may run at once; null is GROUP_CONCURRENCY. */
  group_limit: number | null;
}
interface MailOutboxTable {
  id: AutoId;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  tag: Generated<string>;
  status: Generated<"queued" | "sent" | "failed" | "outbox">;
  transport: "postmark" | "outbox";
  provider_message_id: string | null;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
  /** Set before each Postmark call, cleared when Postmark answers: still set means the outcome is unknown. */
  send_started_at: Timestamp | null;
  /** When the body was dropped, 30 days after the mail was made (metadata stays). */
  body_purged_at: Timestamp | null;
}
interface AppConfigTable {
  key: string;
  value: string;
  is_secret: Generated<Bool>;
  updated_by: string | null;
  updated_at: Timestamp;
}
interface AuditLogTable {
  id: AutoId;
  actor_id: string | null;
  workspace_id: string | null;
  action: string;
  target: Generated<string>;
  detail: Generated<string>;
  ip: string | null;
  created_at: Timestamp;
}
interface ContactMessagesTable {
  id: AutoId;
  name: string;
  email: string;
  company: Generated<string>;
  message: string;
  source: Generated<string>;
  created_at: Timestamp;
}

export type LinkKind = "internal" | "external";
export type LinkStatus = "unchecked" | "ok" | "redirect" | "broken" | "blocked" | "error";
interface LinksTable {
  id: string;
  site_id: string;
  article_id: string;
  url: string;
  kind: LinkKind;
  anchor_text: Generated<string>;
  status: Generated<LinkStatus>;
  http_status: number | null;
  final_url: string | null;
  checked_at: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
  /** When a check run last took this link, checked or skipped; the next run starts with the oldest. */
  attempted_at: Timestamp | null;
  /** Why the last check failed, classified where it ran (migration 0013); null when it did not fail. */
  failure: LinkFailure | null;
}
export type LinkFailure = "dns" | "timeout" | "tls" | "http" | "blocked" | "connection" | "redirects" | "invalid";
/** The backlink-data provider's last answer for a site (migration 0013, decision 039); summary and links are JSON. */
interface BacklinkDataTable {
  site_id: string;
  /** The domain asked about (the site's address without scheme and www.). */
  target: string;
  /** The last request to the provider, answered or failed: at most one an hour. */
  requested_at: Timestamp;
  fetched_at: Timestamp | null;
  summary: string | null;
  links: string | null;
  /** The last failed request and its correlation id (the log has the details). */
  error_at: Timestamp | null;
  error_id: string | null;
}
/** AI actions per site and UTC day ('YYYY-MM-DD'), by kind (migration 0008, decision 018). */
interface AiUsageTable {
  site_id: string;
  day: string;
  kind: string;
  units: Generated<number>;
  calls: Generated<number>;
  updated_at: Timestamp;
}
/** A site's Google Search Console property and its sealed OAuth tokens (migrations/0040_search_console.ts). */
interface SearchConsoleConnectionsTable {
  site_id: string;
  workspace_id: string;
  /** The Google account that granted access, shown to the customer. */
  google_email: string;
  /** 'sc-domain:example.com' or 'https://example.com/'; null until the customer picks one. */
  property: string | null;
  /** The scopes Google granted, space separated. */
  scopes: Generated<string>;
  /** Sealed with encryptSecret (aad `search-console:<site_id>:refresh`). */
  refresh_token: string;
  /** Sealed with encryptSecret (aad `search-console:<site_id>:access`). */
  access_token: string | null;
  access_token_expires_at: Timestamp | null;
  /** needs_reconnect: Google refused the refresh token (revoked or expired); the import stops until reconnected. */
  status: Generated<"active" | "needs_reconnect">;
  /** Last day number (days since 1970-01-01 UTC) whose final by-date rows are stored. */
  days_imported_through: number | null;
  /** Monday's day number of the last complete week whose page-query rows are stored. */
  weeks_imported_through: number | null;
  last_import_at: Timestamp | null;
  last_error: string | null;
  last_error_at: Timestamp | null;
  connected_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
/** A URL of a site seen in Search Console, mapped to the article published there when there is one. */
interface SearchPagesTable {
  id: Generated<number>;
  site_id: string;
  url: string;
  article_id: string | null;
}
interface SearchQueriesTable {
  id: Generated<number>;
  site_id: string;
  query: string;
}
/** A day's or week's figures: position is Google's impression-weighted average position (1 = top). */
interface SearchSiteDaysTable {
  site_id: string;
  /** Days since 1970-01-01 UTC. */
  day: number;
  clicks: number;
  impressions: number;
  position: number;
}
interface SearchPageDaysTable {
  page_id: number;
  day: number;
  clicks: number;
  impressions: number;
  position: number;
}
interface SearchPageQueryWeeksTable {
  page_id: number;
  /** The Monday's day number. */
  week: number;
  query_id: number;
  clicks: number;
  impressions: number;
  position: number;
}
interface SearchQueryWeeksTable {
  query_id: number;
  week: number;
  clicks: number;
  impressions: number;
  position: number;
}
/** A hosted blog's IndexNow key (migration 0045), served at /b/<blog slug>/<key>.txt. */
interface IndexnowKeysTable {
  site_id: string;
  key: string;
  created_at: Timestamp;
}
/** One hosted-blog URL and change (the sent revision's content hash) for IndexNow, sent in batches. */
interface IndexnowSubmissionsTable {
  id: AutoId;
  site_id: string;
  url: string;
  change: string;
  status: Generated<"queued" | "sent" | "failed">;
  /** What the IndexNow endpoint answered (200, 202, 400, 403, 422, 429, ...). */
  http_status: number | null;
  attempts: Generated<number>;
  last_error: string | null;
  sent_at: Timestamp | null;
  created_at: Timestamp;
}
/** The hosted blog's sitemap, last submitted to Search Console (at most once a day per site). */
interface SitemapSubmissionsTable {
  site_id: string;
  sitemap_url: string;
  status: "sent" | "failed";
  last_error: string | null;
  submitted_at: Timestamp;
}
/** Google's index status of a published post (URL Inspection API) and when to look again. */
interface UrlInspectionsTable {
  publication_id: string;
  site_id: string;
  url: string;
  published_at: Timestamp;
  /** PASS, PARTIAL, FAIL, NEUTRAL, VERDICT_UNSPECIFIED; null before the first inspection. */
  verdict: string | null;
  coverage_state: string | null;
  last_crawl_time: Timestamp | null;
  inspections: Generated<number>;
  inspected_at: Timestamp | null;
  /** Null once indexed, or when the schedule gave up. */
  next_inspection_at: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
/** URL Inspection calls per Search Console property and period ('d:<Pacific date>' or 'm:<ISO minute>'). */
interface SearchConsoleCallsTable {
  property: string;
  period: string;
  calls: number;
}
export type SearchFindingKind = "decay" | "striking" | "cannibal" | "gap";
export type SearchFindingStatus = "open" | "refreshing" | "dismissed" | "resolved";
/** What the search figures teach, one row per site, kind, article and query (migrations/0042_search_findings.ts). */
interface SearchFindingsTable {
  id: string;
  site_id: string;
  kind: SearchFindingKind;
  /** The article it is about; null for a gap (no article answers the query) or a query several articles share. */
  article_id: string | null;
  /** The query it is about; '' for a decaying article. */
  query: Generated<string>;
  /** JSON: the figures behind it (app/modules/results/rules.ts). */
  evidence: Generated<string>;
  /** How much it matters, for the order on the page (lost clicks, impressions). */
  score: Generated<number>;
  status: Generated<SearchFindingStatus>;
  /** The refresh started from it. */
  generation_id: string | null;
  /** The plan item a gap became. */
  plan_item_id: string | null;
  detected_at: Timestamp;
  updated_at: Timestamp;
}
export type StoredImageKind = "article" | "logo" | "avatar";
/** Every file of the image store and its owner; path is "uploads/<kind>/<file>", its key (migration 0008, decisions 019, 079). */
interface StoredImagesTable {
  path: string;
  kind: StoredImageKind;
  site_id: string | null;
  article_id: string | null;
  user_id: string | null;
  bytes: Generated<number>;
  created_at: Timestamp;
}
/** A rate limit's counter (rate-limiter-flexible's store layout; migration 0053, docs/decisions/080). */
interface RateLimitsTable {
  key: string;
  /** Points used in the window. */
  points: number;
  /** When the window ends, in ms since the epoch; null for a counter without an end. */
  expire: number | null;
}
/** A form post under way, per client address, counted across the primary's processes (migration 0053). */
interface RequestsInFlightTable {
  id: Generated<number>;
  client: string;
  /** ms since the epoch. */
  started_at: number;
}
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  auth_tokens: AuthTokensTable;
  oauth_accounts: OauthAccountsTable;
  workspaces: WorkspacesTable;
  memberships: MembershipsTable;
  invitations: InvitationsTable;
  blog_slug_redirects: BlogSlugRedirectsTable;
  blog_domains: BlogDomainsTable;
  blog_appearance: BlogAppearanceTable;
  blog_proxies: BlogProxiesTable;
  sites: SitesTable;
  brand_settings: BrandSettingsTable;
  content_settings: ContentSettingsTable;
  publishing_settings: PublishingSettingsTable;
  topics: TopicsTable;
  articles: ArticlesTable;
  article_counts: ArticleCountsTable;
  article_sentences: ArticleSentencesTable;
  article_sentence_sets: ArticleSentenceSetsTable;
  article_images: ArticleImagesTable;
  research_cache: ResearchCacheTable;
  site_pages: SitePagesTable;
  article_research: ArticleResearchTable;
  article_revisions: ArticleRevisionsTable;
  generations: GenerationsTable;
  article_proposals: ArticleProposalsTable;
  plan_items: PlanItemsTable;
  cms_platforms: CmsPlatformsTable;
  cms_connections: CmsConnectionsTable;
  publications: PublicationsTable;
  publication_media: PublicationMediaTable;
  oauth_states: OauthStatesTable;
  cms_installs: CmsInstallsTable;
  shopify_webhook_ids: ShopifyWebhookIdsTable;
  diag_logs: DiagLogsTable;
  subscriptions: SubscriptionsTable;
  stripe_events: StripeEventsTable;
  autopilot_days: AutopilotDaysTable;
  autopilot_day_events: AutopilotDayEventsTable;
  article_approvals: ArticleApprovalsTable;
  usage_events: UsageEventsTable;
  api_keys: ApiKeysTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  jobs: JobsTable;
  mail_outbox: MailOutboxTable;
  app_config: AppConfigTable;
  audit_log: AuditLogTable;
  contact_messages: ContactMessagesTable;
  links: LinksTable;
  backlink_data: BacklinkDataTable;
  ai_usage: AiUsageTable;
  stored_images: StoredImagesTable;
  search_console_connections: SearchConsoleConnectionsTable;
  search_pages: SearchPagesTable;
  search_queries: SearchQueriesTable;
  search_site_days: SearchSiteDaysTable;
  search_page_days: SearchPageDaysTable;
  search_page_query_weeks: SearchPageQueryWeeksTable;
  search_query_weeks: SearchQueryWeeksTable;
  indexnow_keys: IndexnowKeysTable;
  indexnow_submissions: IndexnowSubmissionsTable;
  sitemap_submissions: SitemapSubmissionsTable;
  url_inspections: UrlInspectionsTable;
  search_console_calls: SearchConsoleCallsTable;
  search_findings: SearchFindingsTable;
  rate_limits: RateLimitsTable;
  requests_in_flight: RequestsInFlightTable;
}

export type Job = Selectable<JobsTable>;
export type Subscription = Selectable<SubscriptionsTable>;
