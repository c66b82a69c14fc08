import {
  MULTI_SITE_DISCOUNTS,
  PRO_MONTHLY_ARTICLES,
  PRO_PRICE_MONTHLY_USD,
  PRO_PRICE_YEARLY_USD,
  TRIAL_DAYS,
  TRIAL_MAX_ARTICLES,
  formatUsd,
} from "#app/modules/billing/plans";
import { callToAction } from "./navigation";

/**
 * The public site's copy in one place (docs/product.md "Public pages"):
 * edit words here, not in the page components. Prices and limits come from
 * billing/plans.ts so the site and the app never disagree.
 */

export const hero = {
  eyebrow: "SEO blog posts on auto-pilot",
  title: "Create Professional Blog Posts in Minutes, Not Hours",
  lead: "Inkpilot researches your business, competitors and keywords, builds a 30-day content plan and writes SEO-optimised articles in your brand's voice, then publishes them to your website as drafts for you to review.",
  cta: callToAction.signedOut,
  reassurance: [`${TRIAL_DAYS}-day free trial`, "No credit card required", "Cancel any time"],
};

export type Testimonial = { id: string; name: string; role: string; avatar: string; content: string; rating: number };

export const testimonials: Testimonial[] = [
  {
    id: "maya",
    name: "Maya Lindqvist",
    role: "Founder, Northwind Ceramics",
    avatar: "ML",
    content:
      "I used to spend my Sunday afternoons trying to write one blog post. Now a draft is waiting in WordPress every morning and I spend ten minutes editing it instead.",
    rating: 5,
  },
  {
    id: "daniel",
    name: "Daniel Okafor",
    role: "Co-founder, Ledgerly",
    avatar: "DO",
    content:
      "The 30-day plan is the part I did not know I needed. It picked keywords we had never thought of, and the articles actually read like our team wrote them.",
    rating: 5,
  },
  {
    id: "sofia",
    name: "Sofía Marín",
    role: "Owner, Casa Verde Shop",
    avatar: "SM",
    content:
      "We write for our Shopify store in Spanish and English. Inkpilot handles both, adds the internal links, and our product pages finally get traffic from the blog.",
    rating: 5,
  },
];

export type IntegrationCard = { name: string; description: string; subtext: string; users: string };

/** Platform cards: live integrations. The user-count badge is each platform's own public reach. */
export const integrations = {
  title: "Publish to Your Favorite Platform",
  lead: "Connect your site once. Every article arrives as a draft in your CMS, with images, headings and meta description in place, ready for review.",
  live: [
    {
      name: "WordPress",
      description: "Self-hosted WordPress and WordPress.com, through an application password or OAuth.",
      subtext: "Posts, featured images, categories and SEO meta",
      users: "Powers 40%+ of the web",
    },
    {
      name: "Shopify",
      description: "Publish to your store's blog so content and products live on one domain.",
      subtext: "Blog articles with images and tags",
      users: "Millions of merchants",
    },
    {
      name: "Wix",
      description: "Send articles to your Wix Blog without copying and pasting a single paragraph.",
      subtext: "Draft posts with rich content",
      users: "250M+ users",
    },
  ] satisfies IntegrationCard[],
  /** Also live, shown as a row under the three cards. */
  more: [
    { name: "Ghost", status: "Live" },
    { name: "Webflow", status: "Live" },
    { name: "Notion", status: "Live" },
    { name: "Zapier", status: "Live, through the webhook" },
    { name: "Webhook", status: "Live" },
    { name: "Hosted blog", status: "Built in" },
  ],
  upcoming: [
    { name: "Framer", status: "In development" },
    { name: "Custom API", status: "In development" },
  ],
};

export const howItWorks = {
  title: "How It Works",
  lead: "Three steps from your website address to a blog that grows every day.",
  steps: [
    {
      title: "Deep Business Analysis",
      body: "Give us your website. Inkpilot reads it, learns your brand, audience and tone of voice, and looks at your niche, competitors and the keywords worth winning.",
    },
    {
      title: "30-Day Content Plan",
      body: "You get a plan with one keyword per day for the next 30 days, grouped into topics and balanced between quick wins and long-term traffic.",
    },
    {
      title: "Automated Publishing",
      body: "Each day Inkpilot writes a 1200-1700 word article with headings, links, tables and images, and publishes it to your site as a draft for review.",
    },
  ],
};

export type ComparisonRow = { feature: string; us: boolean; assistant: boolean };

export const comparison = {
  /** Never a named third-party assistant: neutral words (docs/product.md "Deliberately different from the original sketch"). */
  title: "Why Choose Us Over a Generic Chat Assistant?",
  lead: "A chat assistant can write text when you ask. Inkpilot runs your whole blog.",
  usLabel: "Inkpilot",
  assistantLabel: "A generic chat assistant",
  rows: [
    { feature: "Researches your business, niche and competitors", us: true, assistant: false },
    { feature: "Builds a 30-day keyword and content plan", us: true, assistant: false },
    { feature: "Writes in your brand's voice from saved settings", us: true, assistant: false },
    { feature: "1200-1700 word articles with H2/H3 structure", us: true, assistant: false },
    { feature: "Internal and external links added automatically", us: true, assistant: false },
    { feature: "AI images and embedded video in every article", us: true, assistant: false },
    { feature: "Publishes straight to WordPress, Shopify and Wix", us: true, assistant: false },
    { feature: "Runs on a daily schedule without prompting", us: true, assistant: false },
    { feature: "SEO title, meta description and score for each post", us: true, assistant: false },
    { feature: "Writes in 150+ languages", us: true, assistant: true },
  ] satisfies ComparisonRow[],
};

export const features = {
  title: "Everything You Need to Grow With Content",
  items: [
    {
      title: "Write in Your Language",
      body: "Articles in more than 150 languages, written natively rather than translated, so every market reads you in its own words.",
    },
    {
      title: "Edit Article With AI",
      body: "Ask for a shorter intro, a friendlier tone or a new section, and the editor rewrites just that part while you keep control.",
    },
    {
      title: "Generate Unlimited Keywords",
      body: "Keyword ideas, questions and long-tail variations for any topic, as many as you need to plan months ahead.",
    },
    {
      title: "Multi-Site Package",
      body: "Run the blogs of several websites from one account, each with its own brand settings, plan and connections, with discounts from the second site.",
    },
    {
      title: "Multi-User Access",
      body: "Invite editors and admins to your workspace so your team can review, edit and publish together.",
    },
    {
      title: "24/7 Support",
      body: "Questions about your plan, your articles or a connection? Write to us any time and a real person answers.",
    },
  ],
};

export const testimonialsSection = {
  title: "Loved by Busy Founders",
  lead: "Founders and small teams use Inkpilot to keep their blog alive while they run the business.",
};

/** What the hero's embedded testimonial widget shows: the first testimonial. */
export const heroTestimonial = testimonials[0]!;

export type BillingPeriod = "monthly" | "annual";

export function parseBillingPeriod(value: string | null): BillingPeriod {
  return value === "annual" ? "annual" : "monthly";
}

const annualSavingsUsd = PRO_PRICE_MONTHLY_USD * 12 - PRO_PRICE_YEARLY_USD;

export const pricing = {
  title: "Simple, Transparent Pricing",
  lead: "Start free, upgrade when Inkpilot has proven itself on your site.",
  toggle: { monthly: "Monthly", annual: "Annual", annualBadge: "Save 15%" },
  trial: {
    name: "Free Trial",
    price: "$0",
    period: `for ${TRIAL_DAYS} days`,
    description: "Try the whole product on your own website.",
    features: [
      `${TRIAL_MAX_ARTICLES} articles`,
      "Business analysis and 30-day content plan",
      "Publish to WordPress, Shopify or Wix",
      "All free tools",
      "No credit card required",
    ],
  },
  pro: {
    name: "Pro",
    description: "For businesses that want a steady stream of SEO articles.",
    monthly: { price: `$${PRO_PRICE_MONTHLY_USD}`, period: "per site / month", note: "Billed monthly, cancel any time" },
    annual: {
      price: `$${PRO_PRICE_YEARLY_USD}`,
      period: "per site / year",
      note: `Save $${annualSavingsUsd} compared to monthly`,
    },
    features: [
      `${PRO_MONTHLY_ARTICLES} articles per month`,
      "1200-1700 word articles with images and links",
      "Auto-pilot publishing, one article a day",
      "Edit articles with AI",
      "Unlimited users per organization",
      "Priority support",
    ],
  },
  footnote: "Subscriptions renew automatically. Cancel from your account settings; access continues to the end of the paid period.",
};

export const multiSiteDiscounts = {
  title: "Multi-site discounts",
  lead: "Running more than one website? Pro gets cheaper per site as your workspace grows.",
  rows: [...MULTI_SITE_DISCOUNTS]
    .sort((a, b) => a.minSites - b.minSites)
    .map((band) => ({
      sites: band.maxSites === null ? `${band.minSites}+ sites` : `${band.minSites}-${band.maxSites} sites`,
      percent: band.percent,
      monthly: discounted(PRO_PRICE_MONTHLY_USD, band.percent),
      annual: discounted(PRO_PRICE_YEARLY_USD, band.percent),
    })),
};

/** A price after a percentage discount, in dollars with cents when needed ("$44.10"). */
export function discounted(priceUsd: number, percent: number) {
  return formatUsd(Math.round(priceUsd * 100 * (1 - percent / 100)));
}

export type Faq = { question: string; answer: string };

export const faqs: Faq[] = [
  {
    question: "How does the free trial work?",
    answer: `You get ${TRIAL_DAYS} days and ${TRIAL_MAX_ARTICLES} articles to try Inkpilot on your own website, with every feature switched on. No credit card is required, and nothing is charged when the trial ends.`,
  },
  {
    question: "How many articles do I get on Pro?",
    answer: `Pro includes ${PRO_MONTHLY_ARTICLES} articles per site per month, on monthly and annual billing alike. Auto-pilot writes at most one article a day; the rest of the quota is there for articles you write on demand.`,
  },
  {
    question: "Will the articles sound like my brand?",
    answer:
      "Yes. Inkpilot reads your website to learn your brand, industry and tone of voice, and you can refine those settings at any time. Every article is written from them, not from a generic template.",
  },
  {
    question: "Which platforms can Inkpilot publish to?",
    answer:
      "WordPress, Shopify and Wix today. Articles arrive as drafts so you can review them before they go live. Webflow, Notion, Ghost and Zapier are coming soon; Framer and a custom API are in development.",
  },
  {
    question: "Are the articles good for SEO?",
    answer:
      "Each article targets one keyword from your content plan and comes with an SEO title, meta description, H2/H3 structure, internal and external links, and a score that shows what to improve before publishing.",
  },
  {
    question: "Can I manage several websites?",
    answer:
      "Yes. A workspace can hold several sites, each with its own brand settings, plan and connections. Pro is priced per site, with 10% off for 2-5 sites, 15% for 6-10 and 20% for 11 or more.",
  },
  {
    question: "Can I cancel any time?",
    answer:
      "Yes. Subscriptions renew automatically and you can cancel from your account settings. You keep access until the end of the period you paid for; paid fees are not refunded.",
  },
];

export const enterprise = {
  title: "Enterprise Solutions",
  body: "Agencies and companies with many sites, custom integrations or volume needs: tell us what you need and we will put together a plan.",
  cta: { label: "Contact Us", href: "/contact" },
};

export const contactPage = {
  title: "Contact Us",
  lead: "Tell us about your sites and what you need. We answer every message within one business day.",
  success: "Message sent",
  successDescription: "Thanks for reaching out. We will reply by email soon.",
};

export const founderLetter = {
  title: "Our Story",
  greeting: "Dear reader,",
  paragraphs: [
    "Inkpilot started with a problem we had ourselves. We ran small online businesses, and everyone told us the same thing: write a blog, it is the cheapest traffic you will ever get. They were right, and we still did not do it. There was always a customer to answer, a product to ship or an invoice to send. The blog stayed empty, or it had three posts from two years ago.",
    "We tried the shortcuts. Freelancers were good but expensive, and every article needed a long brief. Chat assistants were fast, but they did not know our business, forgot our tone between sessions, and left us with the hard part: picking keywords, structuring the article, adding links and images, and copying it all into the CMS.",
    "So we built the tool we wanted. Inkpilot reads your website and learns your brand. It researches your niche and your competitors, plans a month of keywords, and writes complete, well-structured articles in your voice. Then it delivers them to your WordPress, Shopify, Wix, Ghost, Webflow or Notion site as drafts, so you stay the editor-in-chief without being the writer.",
    "We are honest about what it is. It is not magic, and it does not replace your judgement: you review every article before it goes live. What it replaces is the blank page, the research and the copy-and-paste, which is most of the work.",
    "If you have questions, ideas or a story about your own blog, write to us. We read everything.",
  ],
  signature: "The Inkpilot team",
  linkedIn: { label: "Follow us on LinkedIn", href: "https://www.linkedin.com/company/inkpilot" },
};

export const helpCenter = {
  title: "Help Center",
  lead: "Answers to the questions we hear most, and a direct line to our support team.",
  faqs: [
    {
      question: "How do I connect my website?",
      answer:
        "Open Settings, then Integrations, pick your platform (WordPress, WordPress.com, Shopify, Wix, Ghost, Webflow, Notion or a webhook) and follow the steps. Inkpilot checks the connection straight away, explains any problem with the fix, and shows its status there. Every site also has a hosted blog that works with no account anywhere.",
    },
    {
      question: "Why did my article not publish?",
      answer:
        "The most common causes are an expired connection or changed credentials. Open Settings, then Integrations, to see the status and the last error, reconnect if needed, and publish the article again from the Articles page.",
    },
  ] satisfies Faq[],
  contactTitle: "Contact support",
  contactLead: "Could not find your answer? Send us a message and we will reply by email.",
};
