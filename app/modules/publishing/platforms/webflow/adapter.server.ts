import { PublishError, type DoctorCheck, type MediaFile, type PublishingAdapter } from "../../types";
import { check, failedCheck, imagesReachableCheck, unreadableSettingsCheck } from "../doctor";
import { typedToken } from "../connect-input";
import {
  BODY_FIX,
  DOC_TOKEN,
  FIELD_TYPES,
  LABELS,
  MAPPING_KEYS,
  MAX_IMAGE_BYTES,
  MAX_PAGES,
  type MappingKey,
  NEEDED_SCOPES,
  PAGE_SIZE,
  SEO_FIX,
  SITE_NOT_PUBLISHED_FIX,
  WANTED_SCOPES,
  type WebflowConfig,
  WebflowRequestError,
  type WfCollection,
  type WfItem,
  type WfSite,
  call,
  readConfig,
  token,
} from "./client.server";
import {
  chooseCollection,
  chooseSite,
  fieldData,
  fitText,
  getItem,
  mapWebflowFields,
  publishItem,
  readCollection,
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

  async connect(input, ctx) {
    const secret = typedToken(input);
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
    const scopes = scopesOf(introspection);
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
  },

  async doctor(ctx) {
    const checks: DoctorCheck[] = [];
    let config: WebflowConfig;
    let accessToken: string;
    try {
      config = readConfig(ctx);
      accessToken = token(ctx);
    } catch (error) {
      const failure = error instanceof PublishError ? error : new PublishError("config", String(error));
      return [unreadableSettingsCheck("Webflow", failure)];
    }
    const failed = (id: string, label: string, error: unknown, fix = "Check again in a minute."): DoctorCheck => {
      const failure = error instanceof PublishError ? error : new PublishError("transient", "Webflow did not answer.");
      return failedCheck(id, label, failure, fix);
    };

    let scopes: string[];
    try {
      scopes = scopesOf(await call(ctx, accessToken, "GET", "/token/introspect", { subject: "token" }));
      checks.push(check("token", "API token", "pass", "Webflow accepts the token."));
    } catch (error) {
      if (error instanceof PublishError && error.kind === "auth") {
        checks.push(check("token", "API token", "fail", "Webflow does not accept this token: it was revoked or regenerated.", DOC_TOKEN));
      } else checks.push(failed("token", "API token", error));
      return checks;
    }
    const missing = WANTED_SCOPES.filter((s) => !scopes.includes(s));
    // Only a reported scope list that lacks a needed scope fails; a token whose scopes Webflow does not list is tried as it is.
    const missingNeeded = scopes.length ? missing.filter((s) => NEEDED_SCOPES.includes(s)) : [];
    if (scopes.length === 0) {
      checks.push(
        check(
          "scopes",
          "Token permissions",
          "warn",
          "Webflow did not say what this token may do; the checks below show whether it can read the site and collection.",
          DOC_TOKEN,
        ),
      );
    } else {
      checks.push(
        missing.length === 0
          ? check("scopes", "Token permissions", "pass", `The token may ${WANTED_SCOPES.join(", ")}.`)
          : check(
              "scopes",
              "Token permissions",
              missingNeeded.length ? "fail" : "warn",
              missingNeeded.length
                ? `The token lacks ${missing.join(", ")}, so Inkpilot cannot read or write the collection.`
                : `The token lacks ${missing.join(", ")}. Publishing articles works; it is only needed to publish the whole site, which Inkpilot leaves to you.`,
              DOC_TOKEN,
            ),
      );
    }
    if (missingNeeded.length) return checks;

    let site: WfSite;
    try {
      site = await call<WfSite>(ctx, accessToken, "GET", `/sites/${encodeURIComponent(config.siteId)}`, { subject: "site" });
      checks.push(check("site", "Site", "pass", `Inkpilot can open ${site.displayName ?? config.siteName}.`));
    } catch (error) {
      checks.push(failed("site", "Site", error));
      return checks;
    }

    let collection: WfCollection;
    try {
      collection = await readCollection(ctx, accessToken, config.collectionId);
      checks.push(check("collection", "Collection", "pass", `Articles go to the collection "${collection.displayName}".`));
    } catch (error) {
      checks.push(failed("collection", "Collection", error));
      return checks;
    }

    const fields = collection.fields ?? [];
    const current = (key: MappingKey) => {
      const target = config.mapping[key];
      const field = target && fields.find((f) => f.slug === target.slug);
      return field && FIELD_TYPES[key].includes(field.type) ? field : null;
    };
    const body = current("body");
    const mapped = new Set(["name", "slug", ...MAPPING_KEYS.map((k) => config.mapping[k]?.slug).filter((s): s is string => Boolean(s))]);
    const unfilled = fields.filter((f) => f.isRequired && !mapped.has(f.slug));
    if (!body) {
      const richText = fields.filter((f) => f.type === "RichText");
      checks.push(
        check(
          "fields",
          "Field mapping",
          "fail",
          config.mapping.body
            ? `The body field "${config.mapping.body.name}" is no longer a Rich text field of "${collection.displayName}".`
            : richText.length
              ? `No field of "${collection.displayName}" is chosen for the article body (Rich text fields: ${richText.map((f) => f.displayName).join(", ")}).`
              : `"${collection.displayName}" has no Rich text field for the article body.`,
          BODY_FIX,
        ),
      );
    } else if (unfilled.length) {
      checks.push(
        check(
          "fields",
          "Field mapping",
          "fail",
          `"${collection.displayName}" requires ${unfilled.map((f) => `"${f.displayName}"`).join(", ")}, which Inkpilot does not fill.`,
          "Make those fields optional in the collection settings, or map them to Inkpilot's fields.",
        ),
      );
    } else {
      const gone = MAPPING_KEYS.filter((k) => k !== "body" && config.mapping[k] && !current(k));
      checks.push(
        gone.length
          ? check(
              "fields",
              "Field mapping",
              "warn",
              `Fields chosen for ${gone.map((k) => LABELS[k].toLowerCase()).join(", ")} are no longer in the collection; Inkpilot leaves them out.`,
              "Choose the fields again in the connection's settings.",
            )
          : check(
              "fields",
              "Field mapping",
              "pass",
              `Body goes to "${body.displayName}"${config.mapping.cover ? `, cover image to "${config.mapping.cover.name}"` : ""}.`,
            ),
      );
    }
    checks.push(
      current("seoTitle") && current("metaDescription")
        ? check(
            "seo",
            "SEO fields",
            "pass",
            `SEO title goes to "${config.mapping.seoTitle!.name}", meta description to "${config.mapping.metaDescription!.name}".`,
          )
        : check(
            "seo",
            "SEO fields",
            "warn",
            current("seoTitle") || current("metaDescription")
              ? "Only one of the SEO fields is mapped."
              : "The collection has no SEO fields.",
            SEO_FIX,
          ),
    );
    checks.push(
      site.lastPublished
        ? check("published", "Site published", "pass", "The site has been published, so articles can go live.")
        : check(
            "published",
            "Site published",
            "warn",
            "The site has never been published: drafts work, but live publishing needs one site publish first.",
            SITE_NOT_PUBLISHED_FIX,
          ),
    );
    checks.push(
      ...imagesReachableCheck(
        (appUrl) =>
          `Webflow imports images from Inkpilot's address (${appUrl}), which it cannot reach from the internet, so images will be left out.`,
      ),
    );
    return checks;
  },

  async findExisting(ctx, post) {
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
  },

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

  async create(ctx, post, featured) {
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
    if (post.mode === "live") {
      // The item exists now: a failure here goes to the engine, whose retry finds it and update() publishes it.
      await publishItem(ctx, config, item.id);
      item = await getItem(ctx, config, item.id).catch(() => ({ ...item, lastPublished: new Date().toISOString() }));
    }
    return toRemote(item, config);
  },

  async update(ctx, remote, post, featured) {
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
    if (post.mode === "live") {
      await publishItem(ctx, config, item.id);
      item = await getItem(ctx, config, item.id).catch(() => ({ ...item, lastPublished: new Date().toISOString() }));
    }
    return toRemote(item, config);
  },

  async read(ctx, remoteId) {
    const config = readConfig(ctx);
    try {
      return toRemote(await getItem(ctx, config, remoteId), config);
    } catch (error) {
      if (error instanceof PublishError && error.kind === "not_found") return null;
      throw error;
    }
  },

  async disconnect(ctx) {
    // A site API token cannot be revoked over the API (only OAuth tokens can): the site owner deletes it
    // under Site settings → Apps & integrations. We only forget it (the engine drops the credentials).
    await ctx.log("info", "webflow.disconnect", "site token forgotten; delete it in the site's settings to revoke it");
  },
};
