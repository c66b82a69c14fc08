import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { generateWebhookSecret, maskWebhookUrl, parseWebhookSecret } from "../../webhook-endpoint.server";
import { webhookRetryDelayMs } from "./delivery.server";
import { articleData, webhookMessageId } from "./payload.server";
import type { PostInput } from "../../types";

const post: PostInput = {
  articleId: "art_1",
  title: "T",
  slug: "t",
  html: '<img src="/uploads/a.png" alt="A">',
  markdown: "![A](/uploads/a.png)",
  excerpt: "",
  metaTitle: "",
  metaDescription: "",
  keyword: "",
  tags: [],
  featuredImage: null,
  images: [
    {
      localPath: "/uploads/a.png",
      publicUrl: "https://app.test/uploads/a.png",
      filename: "a.png",
      mimeType: "image/png",
      bytes: Buffer.alloc(0),
      alt: "A",
      width: null,
      height: null,
    },
  ],
  mode: "draft",
  scheduleAt: null,
  canonicalUrl: null,
  publicationId: "pub_1",
  correlationId: "c",
  brandName: "B",
};

describe("webhookRetryDelayMs", () => {
  it("follows the Standard Webhooks schedule with ±10% jitter, then gives up", () => {
    const schedule = [5, 300, 1800, 7200, 18_000, 36_000, 50_400, 72_000, 86_400].map((s) => s * 1000);
    schedule.forEach((ms, i) => {
      expect(webhookRetryDelayMs(i + 1, () => 0.5)).toBe(ms);
      expect(webhookRetryDelayMs(i + 1, () => 0)).toBe(Math.round(ms * 0.9));
      expect(webhookRetryDelayMs(i + 1, () => 1)).toBe(Math.round(ms * 1.1));
    });
    expect(webhookRetryDelayMs(0)).toBe(0);
    expect(webhookRetryDelayMs(10)).toBeNull();
  });
});

describe("secrets", () => {
  it("generates secrets the official library accepts", () => {
    const secret = generateWebhookSecret();
    const signer = new Webhook(secret);
    const at = new Date();
    const signature = signer.sign("msg_1", at, "{}");
    expect(() =>
      signer.verify("{}", {
        "webhook-id": "msg_1",
        "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
        "webhook-signature": signature,
      }),
    ).not.toThrow();
  });

  it("normalizes a bare base64 secret and refuses short or non-base64 ones", () => {
    const raw = Buffer.alloc(24, 9).toString("base64");
    expect(parseWebhookSecret(raw)).toEqual({ secret: `whsec_${raw}` });
    expect(parseWebhookSecret("my zapier password")).toHaveProperty("error");
    expect(parseWebhookSecret(`whsec_${Buffer.alloc(16).toString("base64")}`)).toHaveProperty("error");
    expect(parseWebhookSecret(`whsec_${Buffer.alloc(65).toString("base64")}`)).toHaveProperty("error");
  });
});

describe("maskWebhookUrl", () => {
  it("keeps the origin and first path segment and hides the rest", () => {
    expect(maskWebhookUrl("https://hooks.zapier.com/hooks/catch/1/abc/")).toBe("https://hooks.zapier.com/hooks/…");
    expect(maskWebhookUrl("https://example.com/inkpilot")).toBe("https://example.com/inkpilot");
    expect(maskWebhookUrl("https://example.com/?token=x")).toBe("https://example.com/…");
    expect(maskWebhookUrl("nope")).toBe("(invalid address)");
  });
});

describe("articleData and webhookMessageId", () => {
  it("rewrites our image paths to public URLs in HTML and Markdown", () => {
    const data = articleData({ siteId: "s" }, post, null);
    expect(data.html).toBe('<img src="https://app.test/uploads/a.png" alt="A">');
    expect(data.markdown).toBe("![A](https://app.test/uploads/a.png)");
    expect(data.featured_image).toBeNull();
  });

  it("is stable for the same delivery and differs by content, event and the delivery updated", () => {
    const data = articleData({ siteId: "s" }, post, null);
    const id = webhookMessageId({ publicationId: "pub_1", type: "article.published", data });
    expect(id).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(webhookMessageId({ publicationId: "pub_1", type: "article.published", data: { ...data } })).toBe(id);
    const others = [
      webhookMessageId({ publicationId: "pub_1", type: "article.published", data: { ...data, title: "U" } }),
      webhookMessageId({ publicationId: "pub_2", type: "article.published", data }),
      webhookMessageId({ publicationId: "pub_1", type: "article.updated", data, previousId: id }),
      webhookMessageId({ publicationId: "pub_1", type: "article.updated", data, previousId: "msg_other" }),
    ];
    expect(new Set([id, ...others]).size).toBe(5);
  });
});
