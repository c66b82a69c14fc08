import { PRO_PRICE_MONTHLY_USD, PRO_PRICE_YEARLY_USD, TRIAL_DAYS } from "#app/modules/billing/plans";
import { absoluteUrl, SITE_NAME } from "#app/utils/seo";
import { socialLinks } from "./navigation";
import type { Faq } from "./content";

export type JsonLdObject = { "@context"?: string; "@type": string | string[]; [key: string]: unknown };

/** schema.org objects for the public pages' JSON-LD (rendered by <JsonLd>); URLs are absolute on the public origin (useSiteOrigin). */

export function organizationLd(origin: string): JsonLdObject {
  return {
    "@type": "Organization",
    name: SITE_NAME,
    url: absoluteUrl(origin, "/"),
    logo: absoluteUrl(origin, "/favicon.svg"),
    slogan: "SEO blog posts on auto-pilot",
    sameAs: socialLinks.map((link) => link.href),
  };
}

function offers(origin: string): JsonLdObject[] {
  return [
    {
      "@type": "Offer",
      name: "Free Trial",
      price: "0",
      priceCurrency: "USD",
      description: `${TRIAL_DAYS}-day free trial, no credit card required`,
      url: absoluteUrl(origin, "/pricing"),
    },
    {
      "@type": "Offer",
      name: "Pro (monthly)",
      price: String(PRO_PRICE_MONTHLY_USD),
      priceCurrency: "USD",
      url: absoluteUrl(origin, "/pricing"),
      priceSpecification: {
        "@type": "UnitPriceSpecification",
        price: String(PRO_PRICE_MONTHLY_USD),
        priceCurrency: "USD",
        unitText: "per site per month",
        billingDuration: "P1M",
      },
    },
    {
      "@type": "Offer",
      name: "Pro (annual)",
      price: String(PRO_PRICE_YEARLY_USD),
      priceCurrency: "USD",
      url: absoluteUrl(origin, "/pricing"),
      priceSpecification: {
        "@type": "UnitPriceSpecification",
        price: String(PRO_PRICE_YEARLY_USD),
        priceCurrency: "USD",
        unitText: "per site per year",
        billingDuration: "P1Y",
      },
    },
  ];
}

export function softwareApplicationLd(origin: string): JsonLdObject {
  return {
    "@type": "SoftwareApplication",
    name: SITE_NAME,
    applicationCategory: "BusinessApplication",
    operatingSystem: "Web",
    url: absoluteUrl(origin, "/"),
    description: "Inkpilot researches your business, plans your keywords and writes SEO articles in your brand's voice.",
    offers: offers(origin),
  };
}

export function productLd(origin: string): JsonLdObject {
  return {
    "@type": "Product",
    name: `${SITE_NAME} Pro`,
    description: "AI blog writing and publishing: business analysis, a 30-day content plan and daily SEO articles.",
    brand: { "@type": "Brand", name: SITE_NAME },
    image: absoluteUrl(origin, "/og-image.png"),
    offers: offers(origin),
  };
}

export function faqPageLd(faqs: Faq[]): JsonLdObject {
  return {
    "@type": "FAQPage",
    mainEntity: faqs.map((faq) => ({
      "@type": "Question",
      name: faq.question,
      acceptedAnswer: { "@type": "Answer", text: faq.answer },
    })),
  };
}

export function articleLd(
  origin: string,
  post: { title: string; description: string; date: string; author: string; image: string; slug: string },
): JsonLdObject {
  return {
    "@type": "Article",
    headline: post.title,
    description: post.description,
    datePublished: post.date,
    dateModified: post.date,
    author: { "@type": "Person", name: post.author },
    publisher: { "@type": "Organization", name: SITE_NAME, logo: { "@type": "ImageObject", url: absoluteUrl(origin, "/favicon.svg") } },
    image: absoluteUrl(origin, post.image),
    mainEntityOfPage: absoluteUrl(origin, `/blog/${post.slug}`),
  };
}

export function breadcrumbLd(origin: string, items: Array<{ name: string; path: string }>): JsonLdObject {
  return {
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: absoluteUrl(origin, item.path),
    })),
  };
}
