import type { CmsPlatform } from "#app/db/schema";
import type { FigureMarkup, ImageVariant } from "./figures";

/**
 * The one interface every publishing destination implements (docs/decisions/033).
 * An adapter knows its platform's protocol and nothing else: the publication
 * engine (publish.server.ts) decides when to look for an existing post, when to
 * create or update, records every remote id the moment it is known, and turns
 * PublishError kinds into retries, "needs attention" or a failure the customer reads.
 */

export type PlatformId = CmsPlatform;

/** One image the post uses: read from our image store, uploaded to the platform's media library before the post. */
export type MediaFile = {
  /** Our own path or URL as it appears in the article HTML (`/uploads/articles/…`); the key of publication_media. */
  localPath: string;
  /** The same file at a public absolute URL of this app (for platforms that import images by URL). */
  publicUrl: string;
  filename: string;
  mimeType: string;
  bytes: Buffer;
  alt: string;
  width: number | null;
  height: number | null;
};

/** An image as it now lives in the platform's media library. */
export type UploadedMedia = {
  remoteId: string;
  url: string;
  /** Smaller copies the platform made or serves (srcset); none when it makes none. */
  variants?: ImageVariant[];
};

/** What a destination receives: the article, ready to send. */
export type PostInput = {
  articleId: string;
  title: string;
  /** Our slug; adapters use it as the remote slug/handle and to find a post whose create answer was lost. */
  slug: string;
  /** Sanitized article HTML. Image src values are localPath until the engine rewrites them to uploaded URLs. */
  html: string;
  markdown: string;
  /** Plain-text summary (the meta description, or the first paragraph). */
  excerpt: string;
  metaTitle: string;
  metaDescription: string;
  keyword: string;
  tags: string[];
  /** The post's cover: also its first image, when it has one. */
  featuredImage: MediaFile | null;
  /** Every image of the body, featured image included when it appears there. */
  images: MediaFile[];
  /** draft: arrives for review (the default); live: public now, or at scheduleAt. */
  mode: "draft" | "live";
  /** A future UTC time for a live post the platform schedules itself; null = now. */
  scheduleAt: Date | null;
  /** Where the article was first published, when the customer set one (for canonical links). */
  canonicalUrl: string | null;
  /** The article's publication id: an idempotency marker for platforms that can store one (Notion property, webhook id). */
  publicationId: string;
  correlationId: string;
  /** The site's brand, for author names and disclosure lines. */
  brandName: string;
};

/** A remote post as the platform reports it. */
export type RemotePost = {
  remoteId: string;
  /** Public URL when the post is live; the platform's preview or edit URL otherwise; null when it has none. */
  url: string | null;
  /** The platform's own word: draft, publish, future, published, scheduled… */
  status: string;
  /** True when the post is publicly visible now. */
  live: boolean;
  /** A version stamp to send back on the next update (Ghost's updated_at), when the platform uses one. */
  version?: string | null;
};

/** One line of the connection doctor's report. */
export type DoctorCheck = {
  id: string;
  label: string;
  state: "pass" | "warn" | "fail";
  /** Plain words: what was found. */
  detail: string;
  /** What the customer can do about it (for warn and fail). */
  fix?: string;
};

/** The decrypted credentials of a connection; adapter-specific keys. Never sent to the browser. */
export type Credentials = Record<string, string>;
/** Non-secret settings of a connection, stored as JSON (REST root, chosen blog, field mapping…). */
export type ConnectionConfig = Record<string, unknown>;

/** What an adapter call gets: the connection, its secrets, and ways to record what changes. */
export type AdapterContext = {
  connectionId: string;
  siteId: string;
  siteUrl: string;
  config: ConnectionConfig;
  credentials: Credentials;
  correlationId: string;
  signal: AbortSignal;
  /** Stores refreshed tokens at once (encrypted), before anything else can fail. */
  saveCredentials(credentials: Credentials): Promise<void>;
  /** Diagnostic log line (operators' page), detail cut at 200 characters. */
  log(level: "info" | "warn" | "error", stage: string, detail: string): Promise<void>;
};

/** What the connect dialog or an OAuth callback hands to connect(). */
export type ConnectInput = {
  siteUrl: string;
  /** The key, token or "username:application_password" the customer typed. */
  secret: string;
  /** Platform-specific choices (blog id, collection id, field mapping…). */
  options: Record<string, string>;
};

export type ConnectResult = {
  siteUrl: string;
  name: string;
  credentials: Credentials;
  config: ConnectionConfig;
};

/** What a platform cannot do, said on its card before connecting (and how Inkpilot handles it). */
type PlatformFacts = {
  platform: PlatformId;
  name: string;
  description: string;
  /** How the customer connects: a form with a URL and a secret, an OAuth redirect, or nothing (hosted). */
  connectKind: "form" | "oauth" | "builtin";
  /**
   * The connect form's URL is the customer's own server, where every request of the connection goes (WordPress,
   * Ghost, a webhook): the SSRF guard checks it when the connection is saved (decision 052).
   */
  customerHost?: boolean;
  /** Draft in the platform (review before going live) is possible. */
  supportsDraft: boolean;
  /** The platform can hold a post until a future date itself. */
  supportsSchedule: boolean;
  limitations: string[];
};

export interface PublishingAdapter {
  readonly facts: PlatformFacts;
  /** How the post's images are written (app/modules/publishing/figures.ts); plain HTML figures when not said. */
  readonly figures?: FigureMarkup;
  /** Validates what the customer gave and reads what the connection needs; throws PublishError with a message for the dialog. */
  connect(input: ConnectInput, ctx: Omit<AdapterContext, "config" | "credentials" | "saveCredentials">): Promise<ConnectResult>;
  /** The connection doctor: a real health check with every problem explained. Never throws for a failing check. */
  doctor(ctx: AdapterContext): Promise<DoctorCheck[]>;
  /** A post this app may already have created for the article (after a lost answer): by stored marker or slug. */
  findExisting(ctx: AdapterContext, post: PostInput): Promise<RemotePost | null>;
  uploadMedia(ctx: AdapterContext, file: MediaFile): Promise<UploadedMedia>;
  create(ctx: AdapterContext, post: PostInput, featured: UploadedMedia | null): Promise<RemotePost>;
  update(
    ctx: AdapterContext,
    remote: { remoteId: string; version: string | null },
    post: PostInput,
    featured: UploadedMedia | null,
  ): Promise<RemotePost>;
  /** The post as the platform has it now; null when it was deleted there. */
  read(ctx: AdapterContext, remoteId: string): Promise<RemotePost | null>;
  /** Revokes our access where the platform allows it; best effort. */
  disconnect?(ctx: AdapterContext): Promise<void>;
}

/**
 * Every failure an adapter reports. The kind decides what happens next:
 * - auth: credentials rejected or revoked; the connection needs attention, no retry.
 * - config: the platform refuses for a reason the customer must fix (role, blocked REST, missing field mapping); no retry.
 * - rate_limit: retry after retryAfterMs.
 * - transient: 5xx, timeouts, malformed answers; retried with backoff.
 * - conflict: the remote copy changed since we read it (Ghost 409); re-read and retry once.
 * - not_found: the remote post is gone; the engine creates it again.
 * - invalid: the platform rejected the content; no retry, the message says what.
 */
export type PublishErrorKind = "auth" | "config" | "rate_limit" | "transient" | "conflict" | "not_found" | "invalid";

export class PublishError extends Error {
  override name = "PublishError";
  readonly kind: PublishErrorKind;
  /** For the diagnostic log: status, code, the first 200 characters of the body. */
  readonly detail: string;
  readonly retryAfterMs: number | null;
  /** What the customer can do, when there is a fix. */
  readonly fix: string | null;
  constructor(
    kind: PublishErrorKind,
    message: string,
    options: { detail?: string; retryAfterMs?: number | null; fix?: string | null; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.kind = kind;
    this.detail = options.detail ?? "";
    this.retryAfterMs = options.retryAfterMs ?? null;
    this.fix = options.fix ?? null;
  }
}
