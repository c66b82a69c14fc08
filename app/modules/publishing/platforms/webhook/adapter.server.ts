import crypto from "node:crypto";
import { PublishError, type DoctorCheck, type PublishingAdapter } from "../../types";
import { check } from "../doctor";
import { endpointOf, generateWebhookSecret, maskWebhookUrl, parseWebhookSecret, parseWebhookUrl } from "../../webhook-endpoint.server";
import { type Delivery, deliver, deliverArticle, testPing, webhookFailure } from "./delivery.server";

/**
 * Webhook destination (docs/decisions/033, Standard Webhooks 1.0): the customer's
 * URL receives each published or updated article as signed JSON. Zapier, Make and
 * n8n "catch hooks" are served by this adapter; there is no separate Zapier app.
 *
 * What a webhook cannot do shapes the adapter:
 * - Nothing can be looked up or read back, so findExisting finds nothing and read
 *   reports the last delivery. Idempotency instead rests on `webhook-id`: it is
 *   derived from the publication, the event and the content, so a retry after a
 *   lost answer carries the SAME id and the receiver drops it as a duplicate,
 *   while a real update gets a new id.
 * - Images are not uploaded anywhere: the payload links Inkpilot's public copies.
 *
 * The full endpoint URL is kept in credentials, not config or the connection's
 * site URL: catch-hook URLs carry their own token (anyone holding a Zapier hook
 * URL can trigger the Zap), so they are as secret as the signing key.
 */

export const webhookAdapter: PublishingAdapter = {
  facts: {
    platform: "webhook",
    name: "Webhook",
    description:
      "Sends every published or updated article as signed JSON (Standard Webhooks) to your URL: HTML, Markdown, SEO meta, tags and image links. Use it for Zapier, Make, n8n or your own server.",
    connectKind: "form",
    customerHost: true,
    supportsDraft: true,
    supportsSchedule: false,
    limitations: [
      'A webhook only delivers: Inkpilot cannot read the post back, so it shows \'Delivered\', and a live link only when your receiver answers with {"url": "…"}.',
      "Your receiver decides what a draft is: every message says status draft or published.",
      "Images are sent as links to Inkpilot's copies, not uploaded; copy them if you need them in your own storage.",
      "Scheduled articles are sent at the scheduled time; the receiver cannot hold them itself.",
      "Failed deliveries are retried for about 3 days with the same webhook-id; your receiver should ignore ids it has already seen.",
      "Redirects are not followed, and an answer of 410 Gone turns the connection off until you reconnect.",
    ],
  },

  /**
   * The secret field is optional. Empty (the normal case): Inkpilot creates the
   * secret and shows it once. Filled: a whsec_ secret the customer already has
   * (their receiver is configured with it, or they rotate on their side). We never
   * deliver unsigned: a receiver that does not verify (a Zapier catch hook) simply
   * ignores the headers, so a secret costs it nothing and keeps the option open.
   */
  async connect(input, ctx) {
    const url = parseWebhookUrl(input.siteUrl);
    let secret = generateWebhookSecret();
    const typed = input.secret.trim();
    if (typed) {
      const parsed = parseWebhookSecret(typed);
      if ("error" in parsed) throw new PublishError("config", parsed.error);
      secret = parsed.secret;
    }
    const masked = maskWebhookUrl(url.href);
    await ctx.log("info", "connect", `webhook endpoint ${masked}`);
    const zapier = url.hostname === "hooks.zapier.com";
    return {
      // The origin only, plus a short fingerprint of the whole URL: the URL may carry the receiver's
      // own token (see the module comment), and two hooks on one host (two Zaps) are two connections.
      siteUrl: `${url.origin}#${crypto.createHash("sha256").update(url.href).digest("hex").slice(0, 8)}`,
      name: zapier ? "Zapier" : `Webhook (${url.hostname})`,
      credentials: { url: url.href, secret },
      config: { endpoint: masked, secretSource: typed ? "customer" : "generated", signing: "standard-webhooks-v1" },
    };
  },

  async doctor(ctx) {
    const checks: DoctorCheck[] = [];
    let endpoint: URL;
    try {
      endpoint = endpointOf(ctx);
      checks.push(check("url", "Webhook URL", "pass", maskWebhookUrl(endpoint.href)));
    } catch (error) {
      const message = error instanceof PublishError ? error.message : "The webhook URL cannot be read.";
      checks.push(check("url", "Webhook URL", "fail", message, "Reconnect with the https:// URL your receiver shows."));
      return checks;
    }
    checks.push(
      endpoint.protocol === "https:"
        ? check("https", "Encrypted (https)", "pass", "Deliveries travel over https.")
        : check(
            "https",
            "Encrypted (https)",
            "warn",
            "This test address uses plain http; real connections must use https.",
            "Use an https:// URL.",
          ),
    );
    if ("error" in parseWebhookSecret(ctx.credentials.secret ?? "")) {
      checks.push(
        check("secret", "Signing secret", "fail", "This connection has no valid signing secret.", "Reconnect to get a new secret."),
      );
      return checks;
    }
    checks.push(check("secret", "Signing secret", "pass", "Every delivery is signed (Standard Webhooks v1)."));

    let delivery: Delivery;
    try {
      delivery = await deliver(ctx, `msg_test_${crypto.randomBytes(12).toString("hex")}`, testPing(ctx));
    } catch (error) {
      const failure = error instanceof PublishError ? error : null;
      checks.push(
        check(
          "reachable",
          "Receiver reachable",
          "fail",
          failure?.message ?? "We could not reach your webhook URL.",
          failure?.fix ?? "Check that the receiver is running and reachable from the internet.",
        ),
      );
      return checks;
    }
    const { response, durationMs } = delivery;
    checks.push(check("reachable", "Receiver reachable", "pass", `Answered in ${durationMs} ms.`));
    if (response.status >= 200 && response.status < 300) {
      checks.push(check("test", "Test delivery", "pass", `A signed test.ping was accepted (HTTP ${response.status}).`));
    } else {
      const failure = webhookFailure(response);
      // "Will be retried" belongs to article deliveries; a test is simply answered.
      const detail =
        failure.kind === "config" ? failure.message : `Your receiver answered the signed test.ping with HTTP ${response.status}.`;
      checks.push(check("test", "Test delivery", "fail", detail, failure.fix ?? "Check your receiver's logs."));
    }
    return checks;
  },

  // A webhook cannot be asked what it has: idempotency is the webhook-id, which is
  // identical on a retry of the same delivery so the receiver drops the repeat.
  async findExisting() {
    return null;
  },

  // Receivers fetch images themselves from Inkpilot's public copies: nothing to upload.
  async uploadMedia(_ctx, file) {
    return { remoteId: file.localPath, url: file.publicUrl };
  },

  async create(ctx, post, featured) {
    return deliverArticle(ctx, "article.published", post, featured, null);
  },

  // The returned remoteId is the new delivery's webhook-id; the receiver knows the
  // article by article_id and publication_id, which never change.
  async update(ctx, remote, post, featured) {
    return deliverArticle(ctx, "article.updated", post, featured, remote.remoteId);
  },

  // Nothing to read back. Never null (that would mean "deleted there" and trigger a
  // new create); url null means "unknown": keep the URL the delivery's answer gave.
  async read(_ctx, remoteId) {
    return { remoteId, url: null, status: "delivered", live: false };
  },
};
