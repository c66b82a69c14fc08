import { getEnv } from "#app/env.server";
import { PublishError, type AdapterContext, type ConnectionConfig, type PostInput, type RemotePost, type UploadedMedia } from "../../types";
import { htmlToWebflowRichText } from "./richtext";
import {
  BLOG_SLUGS,
  BODY_FIX,
  type Ctx,
  DOC_TOKEN,
  FIELD_TYPES,
  type FieldRef,
  LABELS,
  MAPPING_KEYS,
  type MappingKey,
  TYPE_NAMES,
  type WebflowConfig,
  type WebflowMapping,
  type WfCollection,
  type WfField,
  type WfItem,
  type WfSite,
  call,
  detailsText,
  readConfig,
  ref,
  token,
} from "./client.server";

/**
 * Which Webflow site, collection and fields an article goes to (the field mapping,
 * chosen at connect and checked again on every publish), and an article as a
 * collection item's fieldData.
 */

/** Our fields → the collection's field slugs, by type first and then by name. */
export function mapWebflowFields(fields: WfField[]): WebflowMapping {
  const used = new Set(["name", "slug"]);
  const pick = (types: string[], patterns: RegExp[], fallback: boolean): FieldRef | null => {
    const candidates = fields.filter((f) => types.includes(f.type) && !used.has(f.slug));
    const found =
      patterns.map((p) => candidates.find((f) => p.test(f.displayName) || p.test(f.slug))).find(Boolean) ??
      (fallback ? candidates[0] : undefined);
    if (!found) return null;
    used.add(found.slug);
    return ref(found);
  };
  const byName = (slug: string, fallback: string, type = "PlainText") => {
    const f = fields.find((x) => x.slug === slug);
    return f ? ref(f) : { slug, name: fallback, type };
  };
  // SEO fields first: "Meta description" must not be taken for the summary.
  const seoTitle = pick(["PlainText"], [/seo.?title|meta.?title|title.?tag/i], false);
  const metaDescription = pick(["PlainText"], [/meta.?desc|seo.?desc/i], false);
  return {
    title: byName("name", "Name"),
    slug: byName("slug", "Slug"),
    body: pick(["RichText"], [/body/i, /content|article|post/i], true),
    summary: pick(["PlainText"], [/summary|excerpt|teaser|intro|abstract/i, /description/i], false),
    cover: pick(["Image"], [/main|cover|featured|hero|header|banner/i], true),
    date: pick(["DateTime"], [/publish|posted|release/i, /date/i], true),
    seoTitle,
    metaDescription,
  };
}

/** The mapping in words, for the connection's card. */
export function describeWebflowMapping(config: ConnectionConfig) {
  const c = config as Partial<WebflowConfig>;
  const mapping = c.mapping;
  const row = (key: "title" | "slug" | MappingKey) => {
    const target = mapping?.[key] ?? null;
    return {
      key,
      label: LABELS[key],
      field: target ? `${target.name} (${TYPE_NAMES[target.type] ?? target.type})` : null,
      slug: target?.slug ?? null,
      required: key === "title" || key === "slug" || key === "body",
    };
  };
  return {
    site: c.siteName ?? null,
    collection: c.collectionName ?? null,
    rows: (["title", "slug", ...MAPPING_KEYS] as const).map(row),
  };
}

export async function readCollection(ctx: Ctx, accessToken: string, collectionId: string) {
  return call<WfCollection>(ctx, accessToken, "GET", `/collections/${encodeURIComponent(collectionId)}`, { subject: "collection" });
}

/**
 * Changes which collection fields our fields go to (field slugs or ids; null leaves one unmapped),
 * checked against the collection's current schema. Returns the new config to store.
 * With `collectionId` the connection moves to another collection of the site and is mapped afresh first.
 */
export async function remapWebflowFields(
  ctx: AdapterContext,
  overrides: Partial<Record<MappingKey, string | null>> & { collectionId?: string },
): Promise<WebflowConfig> {
  const config = readConfig(ctx);
  const accessToken = token(ctx);
  const collectionId = overrides.collectionId ?? config.collectionId;
  const collection = await readCollection(ctx, accessToken, collectionId);
  const fields = collection.fields ?? [];
  const mapping = collectionId === config.collectionId ? { ...config.mapping } : mapWebflowFields(fields);
  for (const key of MAPPING_KEYS) {
    const wanted = overrides[key];
    if (wanted === undefined) continue;
    if (wanted === null || wanted === "") {
      mapping[key] = null;
      continue;
    }
    const field = fields.find((f) => f.slug === wanted || f.id === wanted);
    if (!field) throw new PublishError("config", `The collection "${collection.displayName}" has no field "${wanted}".`);
    if (!FIELD_TYPES[key].includes(field.type)) {
      const allowed = FIELD_TYPES[key].map((t) => TYPE_NAMES[t] ?? t).join(" or ");
      throw new PublishError(
        "config",
        `"${field.displayName}" is a ${TYPE_NAMES[field.type] ?? field.type} field; the ${LABELS[key].toLowerCase()} needs a ${allowed} field.`,
      );
    }
    mapping[key] = ref(field);
  }
  const slugs = MAPPING_KEYS.map((k) => mapping[k]?.slug).filter(Boolean);
  if (new Set(slugs).size !== slugs.length)
    throw new PublishError("config", "Two of Inkpilot's fields cannot go to the same Webflow field.");
  return {
    ...config,
    collectionId: collection.id,
    collectionName: collection.displayName,
    collectionSlug: collection.slug ?? config.collectionSlug,
    mapping,
  };
}

function normalizeHost(value: string | undefined | null): string | null {
  const raw = value?.trim();
  if (!raw) return null;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`);
    return url.hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return null;
  }
}

function siteAddresses(site: WfSite) {
  const domains = (site.customDomains ?? []).map((d) => d.url).filter((u): u is string => Boolean(u));
  return site.shortName ? [...domains, `${site.shortName}.webflow.io`] : domains;
}

export function chooseSite(sites: WfSite[], siteUrl: string, siteId: string | undefined): { site: WfSite; domain: string } {
  const describe = (s: WfSite) => `${s.displayName ?? s.shortName ?? s.id} (${siteAddresses(s)[0] ?? s.id})`;
  if (sites.length === 0) {
    throw new PublishError("config", "This Webflow token gives access to no site. Generate the token in the site's own settings.", {
      fix: DOC_TOKEN,
    });
  }
  if (siteId) {
    const site = sites.find((s) => s.id === siteId);
    if (!site) throw new PublishError("config", `This token has no access to the Webflow site ${siteId}.`);
    return { site, domain: siteAddresses(site)[0] ?? "" };
  }
  const wanted = normalizeHost(siteUrl);
  if (wanted) {
    for (const site of sites) {
      const match = siteAddresses(site).find((a) => normalizeHost(a) === wanted);
      if (match) return { site, domain: match };
    }
    throw new PublishError(
      "config",
      `This token does not belong to ${wanted}. It opens ${sites.map(describe).join(", ")}. Enter one of these addresses, or a token of the right site.`,
    );
  }
  if (sites.length === 1) return { site: sites[0]!, domain: siteAddresses(sites[0]!)[0] ?? "" };
  throw new PublishError("config", `Please enter the address of the Webflow site to publish to: ${sites.map(describe).join(", ")}.`);
}

export async function chooseCollection(
  ctx: Ctx,
  accessToken: string,
  site: WfSite,
  collectionId: string | undefined,
): Promise<WfCollection> {
  const { collections = [] } = await call<{ collections?: WfCollection[] }>(
    ctx,
    accessToken,
    "GET",
    `/sites/${encodeURIComponent(site.id)}/collections`,
    { subject: "site" },
  );
  const siteName = site.displayName ?? site.shortName ?? "the site";
  if (collectionId) {
    const chosen = collections.find((c) => c.id === collectionId || c.slug === collectionId);
    if (!chosen) {
      throw new PublishError(
        "config",
        `${siteName} has no collection ${collectionId}. Its collections: ${collections.map((c) => c.displayName).join(", ") || "none"}.`,
      );
    }
    return readCollection(ctx, accessToken, chosen.id);
  }
  if (collections.length === 0) {
    throw new PublishError("config", `${siteName} has no CMS collections yet.`, {
      fix: "In the Webflow Designer, open the CMS panel and add a Blog Posts collection (with a Rich text field), then connect again.",
    });
  }
  for (const slug of BLOG_SLUGS) {
    const chosen = collections.find((c) => c.slug === slug);
    if (chosen) return readCollection(ctx, accessToken, chosen.id);
  }
  // No collection looks like a blog by its slug: the one with a Rich text field is where articles go.
  const schemas: WfCollection[] = [];
  for (const c of collections.slice(0, 10)) schemas.push(await readCollection(ctx, accessToken, c.id));
  const withBody = schemas.filter((c) => (c.fields ?? []).some((f) => f.type === "RichText"));
  if (withBody.length === 1) return withBody[0]!;
  const named = withBody.filter((c) => /blog|post|article|news/i.test(`${c.displayName} ${c.slug ?? ""}`));
  if (named.length === 1) return named[0]!;
  if (withBody.length === 0) {
    throw new PublishError("config", `No collection of ${siteName} has a Rich text field for the article body.`, { fix: BODY_FIX });
  }
  throw new PublishError(
    "config",
    `Several collections of ${siteName} could hold articles (${withBody.map((c) => c.displayName).join(", ")}); choose one.`,
  );
}

/** Plain text within the field's maximum length (set in the collection; Webflow refuses longer text). Names: 256. */
export function fitText(target: FieldRef, value: string) {
  const limit = target.maxLength ?? (target.slug === "name" ? 256 : undefined);
  return limit && value.length > limit ? `${value.slice(0, limit - 1).trimEnd()}…` : value;
}

export function webflowSlug(slug: string) {
  return (
    slug
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 200) || "article"
  );
}

export function fieldData(ctx: AdapterContext, config: WebflowConfig, post: PostInput, featured: UploadedMedia | null, creating: boolean) {
  const { mapping } = config;
  if (!mapping.body) {
    throw new PublishError(
      "config",
      `The Webflow collection "${config.collectionName}" has no Rich text field chosen for the article body.`,
      {
        fix: BODY_FIX,
      },
    );
  }
  const { html, warnings } = htmlToWebflowRichText(post.html, { baseUrl: getEnv().appUrl });
  for (const warning of warnings) void ctx.log("warn", "webflow.convert", warning);
  const data: Record<string, unknown> = {
    slug: webflowSlug(post.slug),
    [mapping.body.slug]: html,
  };
  const text = (target: FieldRef, value: string) => {
    data[target.slug] = fitText(target, value);
  };
  text(mapping.title, post.title);
  if (mapping.summary) text(mapping.summary, post.excerpt || post.metaDescription);
  if (mapping.cover && (featured || !creating)) {
    data[mapping.cover.slug] = featured ? { url: featured.url, alt: post.featuredImage?.alt ?? "" } : null;
  }
  // The date is the first publication's; an update keeps it.
  if (mapping.date && creating) data[mapping.date.slug] = (post.scheduleAt ?? new Date()).toISOString();
  if (mapping.seoTitle) text(mapping.seoTitle, post.metaTitle || post.title);
  if (mapping.metaDescription) text(mapping.metaDescription, post.metaDescription || post.excerpt);
  return data;
}

export function toRemote(item: WfItem, config: WebflowConfig): RemotePost {
  const published = Boolean(item.lastPublished);
  const live = published && !item.isDraft && !item.isArchived;
  let status = "published";
  if (item.isArchived) status = "archived";
  else if (item.isDraft) status = "draft";
  else if (!published) status = "queued to publish";
  else if (item.lastUpdated && Date.parse(item.lastUpdated) > Date.parse(item.lastPublished!) + 1000) status = "published, changes staged";
  const slug = typeof item.fieldData?.slug === "string" ? item.fieldData.slug : null;
  const url = live && slug && config.siteDomain ? `https://${config.siteDomain}/${config.collectionSlug}/${slug}` : null;
  return { remoteId: item.id, url, status, live, version: null };
}

export async function publishItem(ctx: AdapterContext, config: WebflowConfig, itemId: string) {
  const answer = await call<{ publishedItemIds?: string[]; errors?: unknown[] }>(
    ctx,
    token(ctx),
    "POST",
    `/collections/${config.collectionId}/items/publish`,
    { json: { itemIds: [itemId] }, subject: "collection" },
  );
  if (answer.publishedItemIds && !answer.publishedItemIds.includes(itemId)) {
    throw new PublishError("invalid", `Webflow did not publish the item: ${detailsText(answer.errors) || "no reason given"}.`, {
      detail: JSON.stringify(answer).slice(0, 200),
    });
  }
}

export async function getItem(ctx: AdapterContext, config: WebflowConfig, itemId: string) {
  return call<WfItem>(ctx, token(ctx), "GET", `/collections/${config.collectionId}/items/${encodeURIComponent(itemId)}`, {
    subject: "item",
  });
}

export function scopesOf(introspection: { authorization?: { scope?: string } }) {
  return (introspection.authorization?.scope ?? "").split(/[\s,]+/).filter(Boolean);
}
