import { expect, it } from "vitest";
import { absoluteUrl, metaOrigin, seoMeta } from "./seo";

const args = {
  matches: [
    { id: "root", loaderData: { origin: "https://inkpilot.example", toast: null } },
    { id: "routes/marketing/pricing", loaderData: {} },
  ],
};

it("builds absolute URLs on the origin the root loader passes, with no state between requests", () => {
  expect(metaOrigin(args)).toBe("https://inkpilot.example");
  const tags = seoMeta(args, { title: "Pricing", description: "Plans", path: "/pricing" });
  expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://inkpilot.example/pricing" });
  expect(tags).toContainEqual({ property: "og:image", content: "https://inkpilot.example/og-image.png" });
  const other = seoMeta(
    { matches: [{ id: "root", loaderData: { origin: "http://localhost:3000" } }] },
    { title: "Pricing", description: "Plans", path: "/pricing" },
  );
  expect(other).toContainEqual({ tagName: "link", rel: "canonical", href: "http://localhost:3000/pricing" });
  expect(absoluteUrl("https://inkpilot.example", "https://cdn.example/a.png")).toBe("https://cdn.example/a.png");
  expect(absoluteUrl("https://inkpilot.example", "blog")).toBe("https://inkpilot.example/blog");
});
