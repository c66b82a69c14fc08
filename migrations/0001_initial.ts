import { type Kysely, sql } from "kysely";

// The whole domain model of docs/design.md. Raw SQL keeps SQLite's CHECK
// constraints and partial indexes explicit. Timestamps are ISO-8601 UTC text.
const statements = [
  sql`CREATE TABLE users (
    id TEXT PRIMARY KEY,
    email TEXT NOT NULL UNIQUE COLLATE NOCASE,
    email_verified_at TEXT,
    password_hash TEXT,
    full_name TEXT NOT NULL DEFAULT '',
    username TEXT NOT NULL DEFAULT '',
    avatar_path TEXT,
    is_operator INTEGER NOT NULL DEFAULT 0,
    onboarding_completed_at TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  )`,
  sql`CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    expires_at TEXT NOT NULL,
    created_at TEXT NOT NULL,
    last_seen_at TEXT NOT NULL,
    user_agent TEXT,
    ip TEXT
  )`,
  sql`CREATE INDEX sessions_user_id ON sessions(user_id)`,
  sql`CREATE INDEX sessions_expires_at ON sessions(expires_at)`,
  sql`CREATE TABLE auth_tokens (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('verify_email','reset_password','change_email')),
    token_hash TEXT NOT NULL UNIQUE,
    payload TEXT,
    expires_at TEXT NOT NULL,
    used_at TEXT,
    created_at TEXT NOT NULL
  )`,
  sql`CREATE INDEX auth_tokens_user_kind ON auth_tokens(user_id, kind)`,
  sql`CREATE TABLE oauth_accounts (
    id TEXT PRIMARY KEY,
    provider TEXT NOT NULL,
    subject TEXT NOT NULL,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    email TEXT,
    created_at TEXT NOT NULL,
    UNIQUE (provider, subject)
  )`,
  sql`CREATE INDEX oauth_accounts_user_id ON oauth_accounts(user_id)`,

  sql`CREATE TABLE workspaces (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    plan TEXT NOT NULL DEFAULT 'trial' CHECK (plan IN ('trial','pro')),
    trial_ends_at TEXT NOT NULL,
    trial_articles_used INTEGER NOT NULL DEFAULT 0,
    stripe_customer_id TEXT UNIQUE,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  )`,
  sql`CREATE TABLE memberships (
    workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    role TEXT NOT NULL CHECK (role IN ('owner','admin','editor')),
    created_at TEXT NOT NULL,
    PRIMARY KEY (workspace_id, user_id)
  )`,
  sql`CREATE INDEX memberships_user_id ON memberships(user_id)`,
  sql`CREATE TABLE invitations (
    id TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    email TEXT NOT NULL COLLATE NOCASE,
    role TEXT NOT NULL CHECK (role IN ('admin','editor')),
    token_hash TEXT NOT NULL UNIQUE,
    invited_by TEXT REFERENCES users(id) ON DELETE SET NULL,
    expires_at TEXT NOT NULL,
    accepted_at TEXT,
    created_at TEXT NOT NULL
  )`,
  sql`CREATE INDEX invitations_workspace_id ON invitations(workspace_id)`,
  sql`CREATE TABLE sites (
    id TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    url TEXT,
    slug TEXT NOT NULL,
    language TEXT NOT NULL DEFAULT 'en-US',
    timezone TEXT NOT NULL DEFAULT 'UTC',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (workspace_id, slug)
  )`,

  sql`CREATE TABLE brand_settings (
    site_id TEXT PRIMARY KEY REFERENCES sites(id) ON DELETE CASCADE,
    logo_path TEXT,
    brand_name TEXT NOT NULL DEFAULT '',
    description TEXT NOT NULL DEFAULT '',
    target_audience TEXT NOT NULL DEFAULT '',
    industry TEXT NOT NULL DEFAULT '',
    tone_of_voice TEXT NOT NULL DEFAULT '',
    language TEXT NOT NULL DEFAULT 'en-US',
    tags TEXT NOT NULL DEFAULT '[]',
    internal_links TEXT NOT NULL DEFAULT '[]',
    updated_at TEXT NOT NULL
  )`,
  sql`CREATE TABLE content_settings (
    site_id TEXT PRIMARY KEY REFERENCES sites(id) ON DELETE CASCADE,
    use_brand_info INTEGER NOT NULL DEFAULT 1,
    article_length TEXT NOT NULL DEFAULT 'medium' CHECK (article_length IN ('short','medium','long')),
    brand_mentions TEXT NOT NULL DEFAULT 'minimal' CHECK (brand_mentions IN ('none','minimal','regular','maximal')),
    internal_links_count TEXT NOT NULL DEFAULT 'regular' CHECK (internal_links_count IN ('none','few','regular','many')),
    external_search INTEGER NOT NULL DEFAULT 1,
    external_links TEXT NOT NULL DEFAULT 'regular' CHECK (external_links IN ('none','few','regular','many')),
    language TEXT NOT NULL DEFAULT 'en-US',
    specific_instructions TEXT NOT NULL DEFAULT '',
    exclusions TEXT NOT NULL DEFAULT '',
    image_style TEXT NOT NULL DEFAULT '',
    auto_generation INTEGER NOT NULL DEFAULT 0,
    auto_gen_time TEXT NOT NULL DEFAULT '09:00',
    auto_publish INTEGER NOT NULL DEFAULT 0,
    updated_at TEXT NOT NULL
  )`,
  sql`CREATE TABLE publishing_settings (
    site_id TEXT PRIMARY KEY REFERENCES sites(id) ON DELETE CASCADE,
    scheduled_date TEXT,
    scheduled_time TEXT NOT NULL DEFAULT '18:30',
    timezone TEXT NOT NULL DEFAULT 'UTC',
    daily_times TEXT NOT NULL DEFAULT '["18:30"]',
    updated_at TEXT NOT NULL
  )`,

  sql`CREATE TABLE topics (
    id TEXT PRIMARY KEY,
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    keywords TEXT NOT NULL DEFAULT '[]',
    category TEXT NOT NULL DEFAULT '',
    color TEXT NOT NULL DEFAULT '#3B82F6',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  )`,
  sql`CREATE INDEX topics_site_created ON topics(site_id, created_at DESC)`,
  sql`CREATE TABLE articles (
    id TEXT PRIMARY KEY,
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    author_id TEXT REFERENCES users(id) ON DELETE SET NULL,
    topic_id TEXT REFERENCES topics(id) ON DELETE SET NULL,
    title TEXT NOT NULL,
    slug TEXT NOT NULL,
    content_html TEXT NOT NULL DEFAULT '',
    meta_description TEXT NOT NULL DEFAULT '',
    target_keyword TEXT NOT NULL DEFAULT '',
    status TEXT NOT NULL DEFAULT 'draft'
      CHECK (status IN ('draft','generating','scheduled','publishing','published','failed')),
    scheduled_at TEXT,
    published_at TEXT,
    word_count INTEGER NOT NULL DEFAULT 0,
    featured_image TEXT,
    source TEXT NOT NULL DEFAULT 'manual' CHECK (source IN ('manual','ai','offline')),
    seo_score INTEGER,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  )`,
  sql`CREATE INDEX articles_site_created ON articles(site_id, created_at DESC)`,
  sql`CREATE INDEX articles_site_status_created ON articles(site_id, status, created_at DESC)`,
  sql`CREATE INDEX articles_topic_id ON articles(topic_id)`,
  sql`CREATE INDEX articles_scheduled ON articles(status, scheduled_at) WHERE status = 'scheduled'`,
  sql`CREATE TABLE article_images (
    id TEXT PRIMARY KEY,
    article_id TEXT NOT NULL REFERENCES articles(id) ON DELETE CASCADE,
    path TEXT NOT NULL,
    alt TEXT NOT NULL DEFAULT '',
    prompt TEXT,
    position INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL
  )`,
  sql`CREATE INDEX article_images_article ON article_images(article_id)`,

  sql`CREATE TABLE jobs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    payload TEXT NOT NULL DEFAULT '{}',
    status TEXT NOT NULL DEFAULT 'queued'
      CHECK (status IN ('queued','running','succeeded','failed','cancelled')),
    run_at TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    max_attempts INTEGER NOT NULL DEFAULT 5,
    locked_until TEXT,
    last_error TEXT,
    idempotency_key TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    finished_at TEXT
  )`,
  sql`CREATE UNIQUE INDEX jobs_name_idempotency ON jobs(name, idempotency_key) WHERE idempotency_key IS NOT NULL`,
  sql`CREATE INDEX jobs_due ON jobs(status, run_at)`,
  sql`CREATE TABLE generations (
    id TEXT PRIMARY KEY,
    article_id TEXT NOT NULL REFERENCES articles(id) ON DELETE CASCADE,
    job_id INTEGER REFERENCES jobs(id) ON DELETE SET NULL,
    status TEXT NOT NULL DEFAULT 'running' CHECK (status IN ('running','succeeded','failed','cancelled')),
    step TEXT NOT NULL DEFAULT '',
    progress INTEGER NOT NULL DEFAULT 0,
    error TEXT,
    prompt_tokens INTEGER NOT NULL DEFAULT 0,
    completion_tokens INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  )`,
  sql`CREATE INDEX generations_article ON generations(article_id, created_at DESC)`,
  sql`CREATE TABLE plan_items (
    id TEXT PRIMARY KEY,
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    date TEXT NOT NULL,
    keyword TEXT NOT NULL,
    intent TEXT NOT NULL DEFAULT '',
    rationale TEXT NOT NULL DEFAULT '',
    topic_id TEXT REFERENCES topics(id) ON DELETE SET NULL,
    article_id TEXT REFERENCES articles(id) ON DELETE SET NULL,
    status TEXT NOT NULL DEFAULT 'planned' CHECK (status IN ('planned','written','published','skipped')),
    created_at TEXT NOT NULL,
    UNIQUE (site_id, date)
  )`,

  sql`CREATE TABLE cms_connections (
    id TEXT PRIMARY KEY,
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    platform TEXT NOT NULL
      CHECK (platform IN ('wordpress','shopify','wix','ghost','webflow','notion','webhook')),
    site_url TEXT NOT NULL DEFAULT '',
    credentials_encrypted TEXT NOT NULL,
    config TEXT NOT NULL DEFAULT '{}',
    status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active','error','disconnected')),
    last_checked_at TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (site_id, platform, site_url)
  )`,
  sql`CREATE TABLE publications (
    id TEXT PRIMARY KEY,
    article_id TEXT NOT NULL REFERENCES articles(id) ON DELETE CASCADE,
    connection_id TEXT NOT NULL REFERENCES cms_connections(id) ON DELETE CASCADE,
    remote_id TEXT,
    remote_url TEXT,
    status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','publishing','published','failed')),
    attempts INTEGER NOT NULL DEFAULT 0,
    last_error TEXT,
    correlation_id TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (article_id, connection_id)
  )`,
  sql`CREATE INDEX publications_connection ON publications(connection_id)`,
  sql`CREATE TABLE oauth_states (
    state TEXT PRIMARY KEY,
    provider TEXT NOT NULL,
    site_id TEXT REFERENCES sites(id) ON DELETE CASCADE,
    payload TEXT NOT NULL DEFAULT '{}',
    expires_at TEXT NOT NULL,
    created_at TEXT NOT NULL
  )`,
  sql`CREATE TABLE cms_installs (
    id TEXT PRIMARY KEY,
    provider TEXT NOT NULL CHECK (provider IN ('shopify','wix')),
    external_id TEXT NOT NULL,
    site_id TEXT REFERENCES sites(id) ON DELETE CASCADE,
    scope TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    UNIQUE (provider, external_id)
  )`,
  sql`CREATE TABLE diag_logs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    site_id TEXT REFERENCES sites(id) ON DELETE CASCADE,
    provider TEXT NOT NULL,
    level TEXT NOT NULL CHECK (level IN ('debug','info','warn','error')),
    stage TEXT NOT NULL,
    detail TEXT NOT NULL DEFAULT '',
    correlation_id TEXT NOT NULL,
    created_at TEXT NOT NULL
  )`,
  sql`CREATE INDEX diag_logs_created ON diag_logs(created_at DESC)`,
  sql`CREATE INDEX diag_logs_correlation ON diag_logs(correlation_id)`,

  sql`CREATE TABLE subscriptions (
    id TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    stripe_customer_id TEXT NOT NULL,
    stripe_subscription_id TEXT NOT NULL UNIQUE,
    plan TEXT NOT NULL DEFAULT 'pro',
    interval TEXT NOT NULL CHECK (interval IN ('month','year')),
    status TEXT NOT NULL,
    quantity INTEGER NOT NULL DEFAULT 1,
    current_period_end TEXT,
    cancel_at_period_end INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  )`,
  sql`CREATE INDEX subscriptions_workspace ON subscriptions(workspace_id)`,
  sql`CREATE TABLE stripe_events (
    id TEXT PRIMARY KEY,
    type TEXT NOT NULL,
    received_at TEXT NOT NULL
  )`,
  sql`CREATE TABLE usage_events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    article_id TEXT REFERENCES articles(id) ON DELETE SET NULL,
    month TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('article_created')),
    created_at TEXT NOT NULL
  )`,
  sql`CREATE INDEX usage_events_site_month ON usage_events(site_id, month)`,
  sql`CREATE INDEX usage_events_workspace_month ON usage_events(workspace_id, month)`,
  sql`CREATE TABLE api_keys (
    id TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    name TEXT NOT NULL DEFAULT 'Default',
    prefix TEXT NOT NULL,
    key_hash TEXT NOT NULL UNIQUE,
    created_by TEXT REFERENCES users(id) ON DELETE SET NULL,
    last_used_at TEXT,
    created_at TEXT NOT NULL
  )`,
  sql`CREATE INDEX api_keys_workspace ON api_keys(workspace_id)`,

  sql`CREATE TABLE mail_outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    to_address TEXT NOT NULL,
    subject TEXT NOT NULL,
    html TEXT NOT NULL,
    text TEXT NOT NULL,
    tag TEXT NOT NULL DEFAULT '',
    status TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued','sent','failed','outbox')),
    transport TEXT NOT NULL,
    provider_message_id TEXT,
    attempts INTEGER NOT NULL DEFAULT 0,
    last_error TEXT,
    created_at TEXT NOT NULL,
    sent_at TEXT
  )`,
  sql`CREATE INDEX mail_outbox_created ON mail_outbox(created_at DESC)`,
  sql`CREATE TABLE app_config (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL,
    is_secret INTEGER NOT NULL DEFAULT 0,
    updated_by TEXT REFERENCES users(id) ON DELETE SET NULL,
    updated_at TEXT NOT NULL
  )`,
  sql`CREATE TABLE audit_log (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    actor_id TEXT REFERENCES users(id) ON DELETE SET NULL,
    workspace_id TEXT REFERENCES workspaces(id) ON DELETE SET NULL,
    action TEXT NOT NULL,
    target TEXT NOT NULL DEFAULT '',
    detail TEXT NOT NULL DEFAULT '{}',
    ip TEXT,
    created_at TEXT NOT NULL
  )`,
  sql`CREATE INDEX audit_log_created ON audit_log(created_at DESC)`,
  sql`CREATE TABLE contact_messages (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    email TEXT NOT NULL,
    company TEXT NOT NULL DEFAULT '',
    message TEXT NOT NULL,
    source TEXT NOT NULL DEFAULT 'contact',
    created_at TEXT NOT NULL
  )`,
];

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await statement.execute(db);
}
