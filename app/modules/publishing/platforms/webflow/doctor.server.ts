import { check, failedCheck, imagesReachableCheck, unreadableSettingsCheck } from "../doctor";
import { PublishError, type AdapterContext, type DoctorCheck } from "../../types";
import {
  BODY_FIX,
  DOC_TOKEN,
  FIELD_TYPES,
  LABELS,
  MAPPING_KEYS,
  type MappingKey,
  NEEDED_SCOPES,
  SEO_FIX,
  SITE_NOT_PUBLISHED_FIX,
  WANTED_SCOPES,
  type WebflowConfig,
  type WfCollection,
  type WfSite,
  call,
  readConfig,
  token,
} from "./client.server";
import { readCollection, scopesOf } from "./mapping.server";

/**
 * Webflow's connection doctor: the token and its permissions, the site and the collection, then the field mapping,
 * the SEO fields and whether the site was ever published. A step that fails stops the ones that need it.
 */
export async function webflowDoctor(ctx: AdapterContext): Promise<DoctorCheck[]> {
  let config: WebflowConfig;
  let accessToken: string;
  try {
    config = readConfig(ctx);
    accessToken = token(ctx);
  } catch (error) {
    const failure = error instanceof PublishError ? error : new PublishError("config", String(error));
    return [unreadableSettingsCheck("Webflow", failure)];
  }

  const checks: DoctorCheck[] = [];
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
  checks.push(scopesCheck(scopes));
  if (checks.at(-1)!.state === "fail") return checks;

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

  checks.push(fieldMappingCheck(config, collection), seoFieldsCheck(config, collection), sitePublishedCheck(site));
  checks.push(
    ...imagesReachableCheck(
      (appUrl) =>
        `Webflow imports images from Inkpilot's address (${appUrl}), which it cannot reach from the internet, so images will be left out.`,
    ),
  );
  return checks;
}

/** A check that failed on an error; anything but a PublishError means Webflow did not answer. */
function failed(id: string, label: string, error: unknown, fix = "Check again in a minute."): DoctorCheck {
  const failure = error instanceof PublishError ? error : new PublishError("transient", "Webflow did not answer.");
  return failedCheck(id, label, failure, fix);
}

/** Only a reported scope list that lacks a needed scope fails; a token whose scopes Webflow does not list is tried as it is. */
function scopesCheck(scopes: string[]): DoctorCheck {
  if (scopes.length === 0) {
    return check(
      "scopes",
      "Token permissions",
      "warn",
      "Webflow did not say what this token may do; the checks below show whether it can read the site and collection.",
      DOC_TOKEN,
    );
  }
  const missing = WANTED_SCOPES.filter((s) => !scopes.includes(s));
  const missingNeeded = missing.filter((s) => NEEDED_SCOPES.includes(s));
  return missing.length === 0
    ? check("scopes", "Token permissions", "pass", `The token may ${WANTED_SCOPES.join(", ")}.`)
    : check(
        "scopes",
        "Token permissions",
        missingNeeded.length ? "fail" : "warn",
        missingNeeded.length
          ? `The token lacks ${missing.join(", ")}, so Inkpilot cannot read or write the collection.`
          : `The token lacks ${missing.join(", ")}. Publishing articles works; it is only needed to publish the whole site, which Inkpilot leaves to you.`,
        DOC_TOKEN,
      );
}

/** The collection's field the mapping names for `key`, while it is still there with a type that fits; else null. */
function mappedField(config: WebflowConfig, collection: WfCollection, key: MappingKey) {
  const target = config.mapping[key];
  const field = target && (collection.fields ?? []).find((f) => f.slug === target.slug);
  return field && FIELD_TYPES[key].includes(field.type) ? field : null;
}

/** The body needs a Rich text field, and every required field of the collection must be one Inkpilot fills. */
function fieldMappingCheck(config: WebflowConfig, collection: WfCollection): DoctorCheck {
  const fields = collection.fields ?? [];
  const body = mappedField(config, collection, "body");
  const mapped = new Set(["name", "slug", ...MAPPING_KEYS.map((k) => config.mapping[k]?.slug).filter((s): s is string => Boolean(s))]);
  const unfilled = fields.filter((f) => f.isRequired && !mapped.has(f.slug));
  if (!body) {
    const richText = fields.filter((f) => f.type === "RichText");
    return check(
      "fields",
      "Field mapping",
      "fail",
      config.mapping.body
        ? `The body field "${config.mapping.body.name}" is no longer a Rich text field of "${collection.displayName}".`
        : richText.length
          ? `No field of "${collection.displayName}" is chosen for the article body (Rich text fields: ${richText.map((f) => f.displayName).join(", ")}).`
          : `"${collection.displayName}" has no Rich text field for the article body.`,
      BODY_FIX,
    );
  }
  if (unfilled.length) {
    return check(
      "fields",
      "Field mapping",
      "fail",
      `"${collection.displayName}" requires ${unfilled.map((f) => `"${f.displayName}"`).join(", ")}, which Inkpilot does not fill.`,
      "Make those fields optional in the collection settings, or map them to Inkpilot's fields.",
    );
  }
  const gone = MAPPING_KEYS.filter((k) => k !== "body" && config.mapping[k] && !mappedField(config, collection, k));
  return gone.length
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
      );
}

function seoFieldsCheck(config: WebflowConfig, collection: WfCollection): DoctorCheck {
  const seoTitle = mappedField(config, collection, "seoTitle");
  const metaDescription = mappedField(config, collection, "metaDescription");
  return seoTitle && metaDescription
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
        seoTitle || metaDescription ? "Only one of the SEO fields is mapped." : "The collection has no SEO fields.",
        SEO_FIX,
      );
}

function sitePublishedCheck(site: WfSite): DoctorCheck {
  return site.lastPublished
    ? check("published", "Site published", "pass", "The site has been published, so articles can go live.")
    : check(
        "published",
        "Site published",
        "warn",
        "The site has never been published: drafts work, but live publishing needs one site publish first.",
        SITE_NOT_PUBLISHED_FIX,
      );
}
