import { type BlockObjectRequest, type CreatePageParameters } from "@notionhq/client";
import { getEnv } from "#app/env.server";
import { PublishError, type AdapterContext, type PostInput, type RemotePost, type UploadedMedia } from "../../types";
import { batchBlocks, htmlToNotionBlocks, plainRichText, type NotionBlock } from "./blocks";
import { type NotionConfig, type NotionMapping, type PageLike, type Schema, call, notionError, patiently, ref } from "./client.server";
import type { Client } from "@notionhq/client";

/**
 * An article as a Notion page: properties by the database's mapping (checked
 * again on every publish), the body as blocks appended in batches within
 * Notion's request limits, and a page read back as a RemotePost.
 */

/** Our fields → the customer's properties, by type first and then by name. */
export function mapProperties(schema: Schema): NotionMapping | null {
  const all = Object.values(schema);
  const title = all.find((p) => p.type === "title");
  if (!title) return null;
  const named = (types: string[], pattern: RegExp) => all.find((p) => types.includes(p.type) && pattern.test(p.name));
  const mapping: NotionMapping = { title: ref(title) };
  const summary = named(["rich_text"], /summary|excerpt|description|abstract/i);
  if (summary) mapping.summary = ref(summary);
  const tags = named(["multi_select"], /tag|keyword|topic|categor|label/i) ?? all.find((p) => p.type === "multi_select");
  if (tags) mapping.tags = ref(tags);
  const status = named(["status"], /.*/) ?? named(["select"], /status|state|stage/i);
  if (status) {
    const options = (status.status ?? status.select)?.options.map((o) => o.name) ?? [];
    mapping.status = {
      ...ref(status),
      draft: options.find((o) => /draft/i.test(o)) ?? options.find((o) => /not started|to ?do|idea|review/i.test(o)) ?? null,
      published: options.find((o) => /publish|live/i.test(o)) ?? options.find((o) => /done|complete/i.test(o)) ?? null,
    };
  }
  const date = named(["date"], /publish|date|posted|release/i) ?? all.find((p) => p.type === "date");
  if (date) mapping.date = ref(date);
  // Only a property meant for it: a customer's own Text or URL field is never overwritten.
  const marker = named(["rich_text", "url"], /inkpilot|publication id/i);
  if (marker) mapping.marker = ref(marker);
  const slug = named(["rich_text"], /^slug$|url slug|permalink/i);
  if (slug) mapping.slug = ref(slug);
  const seoTitle = named(["rich_text"], /seo title|meta title/i);
  if (seoTitle) mapping.seoTitle = ref(seoTitle);
  return mapping;
}

export function markerValue(mapping: NotionMapping, publicationId: string) {
  // A URL property needs a URL; a URN keeps the value recognisable and never links anywhere.
  return mapping.marker?.type === "url" ? `urn:inkpilot:publication:${publicationId}` : publicationId;
}

export function toRemote(page: PageLike, mapping: NotionMapping | null): RemotePost {
  let status = page.in_trash || page.archived ? "trashed" : "page";
  if (mapping?.status) {
    const value = Object.values(page.properties ?? {}).find((p) => (p as { id?: string }).id === mapping.status!.id) as
      { status?: { name?: string } | null; select?: { name?: string } | null } | undefined;
    status = value?.status?.name ?? value?.select?.name ?? status;
  }
  // A Notion page is public only when shared to the web (public_url); otherwise its URL opens for workspace members.
  return { remoteId: page.id, url: page.public_url ?? page.url ?? null, status, live: Boolean(page.public_url), version: null };
}

function tagName(tag: string) {
  // Notion refuses commas in option names and names over 100 characters.
  return tag.replace(/,/g, " ").replace(/\s+/g, " ").trim().slice(0, 100);
}

export function pageProperties(mapping: NotionMapping, post: PostInput) {
  const properties: Record<string, unknown> = {
    [mapping.title.id]: { title: plainRichText(post.title).slice(0, 100) },
  };
  const summary = post.metaDescription || post.excerpt;
  if (mapping.summary) properties[mapping.summary.id] = { rich_text: plainRichText(summary).slice(0, 100) };
  if (mapping.tags) {
    const names = [...new Set(post.tags.map(tagName).filter(Boolean))].slice(0, 100);
    properties[mapping.tags.id] = { multi_select: names.map((name) => ({ name })) };
  }
  if (mapping.status) {
    const option = post.mode === "live" ? mapping.status.published : mapping.status.draft;
    if (option) properties[mapping.status.id] = { [mapping.status.type]: { name: option } };
  }
  if (mapping.date) {
    const at = post.mode === "live" ? (post.scheduleAt ?? new Date()) : null;
    properties[mapping.date.id] = { date: at ? { start: at.toISOString() } : null };
  }
  if (mapping.marker) {
    const value = markerValue(mapping, post.publicationId);
    properties[mapping.marker.id] = mapping.marker.type === "url" ? { url: value } : { rich_text: plainRichText(value) };
  }
  if (mapping.slug) properties[mapping.slug.id] = { rich_text: plainRichText(post.slug) };
  if (mapping.seoTitle) properties[mapping.seoTitle.id] = { rich_text: plainRichText(post.metaTitle || post.title).slice(0, 100) };
  return properties as CreatePageParameters["properties"];
}

export function cover(featured: UploadedMedia | null) {
  return featured ? { type: "external" as const, external: { url: featured.url } } : null;
}

export function convert(ctx: AdapterContext, html: string) {
  const { blocks, warnings } = htmlToNotionBlocks(html, { baseUrl: getEnv().appUrl });
  for (const warning of warnings) void ctx.log("warn", "notion.convert", warning);
  return batchBlocks(blocks);
}

export async function appendBatches(ctx: AdapterContext, client: Client, pageId: string, batches: NotionBlock[][]) {
  for (const [index, batch] of batches.entries()) {
    try {
      await patiently(ctx, "page", () => client.blocks.children.append({ block_id: pageId, children: batch as BlockObjectRequest[] }));
    } catch (error) {
      const failure = notionError(error, "page");
      // The page exists with part of its body: say which, for the diagnostic log. The engine's retry
      // finds it by its marker and update() writes the whole body again.
      await ctx.log("warn", "notion.append", `page ${pageId}: batch ${index + 1} of ${batches.length} failed: ${failure.detail}`);
      throw new PublishError(failure.kind, failure.message, {
        detail: `page ${pageId} incomplete (batch ${index + 1}/${batches.length}); ${failure.detail}`.slice(0, 200),
        retryAfterMs: failure.retryAfterMs,
        fix: failure.fix,
        cause: failure,
      });
    }
  }
}

export async function listChildIds(ctx: AdapterContext, client: Client, blockId: string) {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await patiently(ctx, "page", () =>
      client.blocks.children.list({ block_id: blockId, start_cursor: cursor, page_size: 100 }),
    );
    ids.push(...page.results.map((b) => b.id));
    cursor = page.has_more ? (page.next_cursor ?? undefined) : undefined;
  } while (cursor);
  return ids;
}

/** The current schema's mapping, when the stored one lacks the marker (the customer may have added it since). */
export async function currentMapping(ctx: AdapterContext, client: Client, config: NotionConfig): Promise<NotionMapping> {
  if (config.mapping.marker) return config.mapping;
  const source = await call("database", () => client.dataSources.retrieve({ data_source_id: config.dataSourceId }));
  const fresh = mapProperties((source as unknown as { properties: Schema }).properties);
  return fresh?.marker ? { ...config.mapping, marker: fresh.marker } : config.mapping;
}
