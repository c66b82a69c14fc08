import {
  PublishError,
  type AdapterContext,
  type ConnectInput,
  type ConnectResult,
  type MediaFile,
  type PostInput,
  type PublishingAdapter,
  type UploadedMedia,
} from "../../types";
import { typedToken } from "../connect-input";
import {
  DOC_TOKEN,
  MAX_IMAGE_BYTES,
  MAX_PAGES,
  NEEDED_SCOPES,
  PAGE_SIZE,
  type WebflowConfig,
  WebflowRequestError,
  type WfItem,
  type WfSite,
  call,
  readConfig,
  token,
} from "./client.server";
import { webflowDoctor } from "./doctor.server";
import {
  chooseCollection,
  chooseSite,
  fieldData,
  fitText,
  getItem,
  mapWebflowFields,
  publishItem,
  scopesOf,
  toRemote,
  webflowSlug,
} from "./mapping.server";

/**
 * Webflow: one CMS item per article in a collection of the customer's site,
 * over the Data API v2 (docs/decisions/033).
 *
 * Why platformRequest and not the official client (webflow-api 3.3.4): the
 * client always calls the global fetch (core/fetcher/getFetchFn) and has no
 * option to hand it ours, so its requests would skip the SSRF guard and the
 * per-host limit of http.server.ts, and it retries twice by itself (honouring
 * Retry-After up to 60 s) on top of the engine's retries. The handful of JSON
 * endpoints we need (token introspection, sites, collections, items, publish)
 * are simple enough to call directly; the base URL comes from WEBFLOW_API_URL.
 *
 * Flow: connect with a site API token (OAuth can follow: Webflow's token has
 * no refresh, so it would only add the authorize redirect), find the site the
 * customer named and its blog collection, and map our fields to the
 * collection's field slugs by type and name (stored in config; the customer
 * can change it through remapWebflowFields). Articles are created as staged
 * items (isDraft for drafts); live articles are then published as items, which
 * needs no site publish (one per minute, and it would publish the customer's
 * other pending changes too) but needs the site to have been published once.
 *
 * Idempotency: Webflow has no marker field of its own and no idempotency key.
 * A create whose answer was lost is found by its slug (or the slug with the
 * "-2" suffix a clash gives it) and its name, so an unrelated item that
 * happens to have the slug is never taken for ours.
 */

type ConnectContext = Omit<AdapterContext, "config" | "credentials" | "saveCredentials">;

/** The token's scopes as Webflow reports them; a refused token is explained for the connect form. */
async function introspectToken(ctx: ConnectContext, secret: string) {
  const introspection = await call<{ authorization?: { scope?: string } }>(ctx, secret, "GET", "/token/introspect", {
    subject: "token",
  }).catch((error: unknown) => {
    if (error instanceof PublishError && error.kind === "auth") {
      throw new PublishError("auth", "Webflow did not accept this token. Copy it again from the site's settings.", {
        detail: error.detail,
        fix: DOC_TOKEN,
      });
    }
    throw error;
  });
  return scopesOf(introspection);
}

async function connectWebflow(input: ConnectInput, ctx: ConnectContext): Promise<ConnectResult> {
  const secret = typedToken(input);
  const scopes = await introspectToken(ctx, secret);
  const missing = NEEDED_SCOPES.filter((s) => !scopes.includes(s));
  if (scopes.length > 0 && missing.length > 0) {
    throw new PublishError("config", `This Webflow token lacks the permissions ${missing.join(", ")}.`, { fix: DOC_TOKEN });
  }
  const { sites = [] } = await call<{ sites?: WfSite[] }>(ctx, secret, "GET", "/sites", { subject: "token" });
  const { site, domain } = chooseSite(sites, input.siteUrl, input.options.siteId?.trim() || undefined);
  const collection = await chooseCollection(ctx, secret, site, input.options.collectionId?.trim() || undefined);
  const mapping = mapWebflowFields(collection.fields ?? []);
  const siteName = site.displayName ?? site.shortName ?? "Webflow site";
  const config: WebflowConfig = {
    siteId: site.id,
    siteName,
    siteShortName: site.shortName ?? "",
    siteDomain: domain,
    collectionId: collection.id,
    collectionName: collection.displayName,
    collectionSlug: collection.slug ?? "",
    mapping,
  };
  return {
    siteUrl: domain ? `https://${domain}` : input.siteUrl,
    name: `${siteName} · ${collection.displayName}`,
    credentials: { token: secret },
    config,
  };
}

/** By the post's slug (or the "-2" a clash gives it) and its name, page by page through the collection. */
async function findWebflowItem(ctx: AdapterContext, post: PostInput) {
  const config = readConfig(ctx);
  const slug = webflowSlug(post.slug);
  const candidates = [slug, `${slug}-2`];
  const title = fitText(config.mapping.title, post.title);
  for (const wanted of candidates) {
    for (let page = 0; page < MAX_PAGES; page++) {
      const offset = page * PAGE_SIZE;
      const query = new URLSearchParams({ slug: wanted, limit: String(PAGE_SIZE), offset: String(offset) });
      const answer = await call<{ items?: WfItem[]; pagination?: { total?: number } }>(
        ctx,
        token(ctx),
        "GET",
        `/collections/${config.collectionId}/items?${query}`,
        { subject: "collection" },
      );
      const items = answer.items ?? [];
      // The slug is unique in a collection; the name tells our item from a customer's own with that slug.
      const found = items.find((i) => i.fieldData?.slug === wanted && i.fieldData?.name === title);
      if (found) return toRemote(found, config);
      if (items.some((i) => i.fieldData?.slug === wanted)) break;
      const total = answer.pagination?.total ?? 0;
      if (items.length < PAGE_SIZE || offset + PAGE_SIZE >= total) break;
    }
  }
  return null;
}

/** Publishes the saved item and reads it back (or assumes it went live now when the read fails). */
async function publishAndReread(ctx: AdapterContext, config: WebflowConfig, item: WfItem) {
  await publishItem(ctx, config, item.id);
  return getItem(ctx, config, item.id).catch(() => ({ ...item, lastPublished: new Date().toISOString() }));
}

async function createWebflowItem(ctx: AdapterContext, post: PostInput, featured: UploadedMedia | null) {
  const config = readConfig(ctx);
  const data = fieldData(ctx, config, post, featured, true);
  const send = () =>
    call<WfItem>(ctx, token(ctx), "POST", `/collections/${config.collectionId}/items?skipInvalidFiles=true`, {
      json: { isArchived: false, isDraft: post.mode === "draft", fieldData: data },
      subject: "collection",
    });
  let item: WfItem;
  try {
    item = await send();
  } catch (error) {
    if (!(error instanceof WebflowRequestError && error.slugTaken)) throw error;
    // Another item of the collection has the slug: take the next one once (findExisting knows it).
    await ctx.log("warn", "webflow.create", `slug ${String(data.slug)} is taken in the collection; trying ${String(data.slug)}-2`);
    data.slug = `${String(data.slug)}-2`;
    item = await send();
  }
  // The item exists now: a failure in publishing goes to the engine, whose retry finds it and update() publishes it.
  if (post.mode === "live") item = await publishAndReread(ctx, config, item);
  return toRemote(item, config);
}

async function updateWebflowItem(ctx: AdapterContext, remote: { remoteId: string }, post: PostInput, featured: UploadedMedia | null) {
  const config = readConfig(ctx);
  const data = fieldData(ctx, config, post, featured, false);
  const send = () =>
    call<WfItem>(
      ctx,
      token(ctx),
      "PATCH",
      `/collections/${config.collectionId}/items/${encodeURIComponent(remote.remoteId)}?skipInvalidFiles=true`,
      {
        json: { isArchived: false, isDraft: post.mode === "draft", fieldData: data },
        subject: "item",
      },
    );
  let item: WfItem;
  try {
    item = await send();
  } catch (error) {
    if (!(error instanceof WebflowRequestError && error.slugTaken)) throw error;
    // The new slug belongs to another item: the remote item keeps its own.
    await ctx.log("warn", "webflow.update", `slug ${String(data.slug)} is taken in the collection; keeping the item's slug`);
    delete data.slug;
    item = await send();
  }
  if (post.mode === "live") item = await publishAndReread(ctx, config, item);
  return toRemote(item, config);
}

async function readWebflowItem(ctx: AdapterContext, remoteId: string) {
  const config = readConfig(ctx);
  try {
    return toRemote(await getItem(ctx, config, remoteId), config);
  } catch (error) {
    if (error instanceof PublishError && error.kind === "not_found") return null;
    throw error;
  }
}

export const webflowAdapter: PublishingAdapter = {
  facts: {
    platform: "webflow",
    name: "Webflow",
    description: "Publish articles as items of a CMS collection of your Webflow site.",
    connectKind: "form",
    supportsDraft: true,
    supportsSchedule: false,
    limitations: [
      "Webflow rich text drops code blocks: Inkpilot sends each code block as a quote that keeps its lines (without a monospace font), tables as lists with one item per row, and nested lists as one list.",
      "Webflow has no built-in SEO fields for CMS items: Inkpilot fills Plain text fields named 'SEO title' and 'Meta description' when the collection has them; bind them to the page title and meta description in the collection template.",
      "Webflow imports images from Inkpilot's public address, 4 MB at most per image.",
      "Webflow publishes a site at most once a minute and allows 60 API requests a minute on smaller plans: Inkpilot publishes only the article's item and waits when Webflow asks it to.",
      "Scheduling is not available through Webflow's API: Inkpilot keeps scheduled articles and sends them at the chosen time.",
      "Publishing live needs the site to have been published once from Webflow; drafts work before that.",
      "Connect with a site API token (Site settings → Apps & integrations → API access); signing in with Webflow is not available yet.",
    ],
  },
  connect: connectWebflow,
  doctor: webflowDoctor,
  findExisting: findWebflowItem,
  async uploadMedia(_ctx, file: MediaFile) {
    // Webflow imports images by URL when the item is saved (docs/decisions/033): the image's public
    // address in this app is what we hand it, checked against Webflow's limit first.
    if (file.bytes.length > MAX_IMAGE_BYTES) {
      throw new PublishError(
        "invalid",
        `The image ${file.filename} is ${(file.bytes.length / 1024 / 1024).toFixed(1)} MB; Webflow imports images of 4 MB at most.`,
        { fix: "Use a smaller image (under 4 MB) in the article, then publish again." },
      );
    }
    return { remoteId: file.publicUrl, url: file.publicUrl };
  },
  create: createWebflowItem,
  update: updateWebflowItem,
  read: readWebflowItem,
  async disconnect(ctx) {
    // A site API token cannot be revoked over the API (only OAuth tokens can): the site owner deletes it
    // under Site settings → Apps & integrations. We only forget it (the engine drops the credentials).
    await ctx.log("info", "webflow.disconnect", "site token forgotten; delete it in the site's settings to revoke it");
  },
};
