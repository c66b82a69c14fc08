/**
 * Terms and Privacy copy (docs/product.md "Public pages": over 18, 30 days'
 * notice, liability cap, billing rules; privacy last updated January 1, 2025).
 * Each section is a heading and paragraphs, rendered by one legal page layout.
 */

type LegalSection = { heading: string; paragraphs: string[] };
export type LegalDocument = { title: string; lastUpdated: string; intro: string; sections: LegalSection[] };

export const terms: LegalDocument = {
  title: "Terms and Conditions",
  lastUpdated: "January 1, 2025",
  intro:
    "These terms govern your use of Inkpilot, the website at which it is offered and the services that come with it. By creating an account or using the service you agree to them.",
  sections: [
    {
      heading: "1. Your account",
      paragraphs: [
        "You must be over 18 years old to use Inkpilot. You agree to give accurate, current and complete account and billing information and to keep it up to date.",
        "You are responsible for keeping your password safe and for everything that happens under your account. Tell us at once if you suspect unauthorised use.",
      ],
    },
    {
      heading: "2. The service",
      paragraphs: [
        "Inkpilot analyses the website you give it, plans keywords and writes articles with the help of artificial intelligence. You decide what is published: articles are delivered to your platform as drafts for your review.",
        "AI-written text can contain mistakes. You are responsible for reviewing content before you publish it and for making sure it is accurate and lawful where you publish it.",
      ],
    },
    {
      heading: "3. Your content",
      paragraphs: [
        "You keep all rights to the content you provide and to the articles created for you. You give us the limited permission we need to store, process and deliver that content to run the service.",
        "You may not use Inkpilot to create content that is unlawful, infringes the rights of others, is deceptive, or is meant to manipulate search engines through spam.",
      ],
    },
    {
      heading: "4. Plans, billing and cancellation",
      paragraphs: [
        "The free trial lasts 7 days and includes 3 articles; no credit card is required. Paid plans are billed per site, monthly or annually, in advance.",
        "Subscriptions renew automatically at the end of each billing period. You can cancel at any time from your account settings page; your access continues until the end of the period you have paid for. Fees already paid are not refunded.",
      ],
    },
    {
      heading: "5. Connected platforms",
      paragraphs: [
        "When you connect WordPress, Shopify, Wix or another platform, you authorise us to create and update posts there on your behalf. Your use of those platforms remains subject to their own terms.",
      ],
    },
    {
      heading: "6. Liability",
      paragraphs: [
        "The service is provided as is. To the extent the law allows, we are not liable for indirect or consequential losses, such as lost profits or lost rankings.",
        "Our total liability for any claim relating to the service is limited to the amount you paid us in the twelve months before the claim, or 100 USD, whichever is greater.",
      ],
    },
    {
      heading: "7. Changes to these terms",
      paragraphs: [
        "We may update these terms. We will give you at least 30 days' notice of material changes by email or in the app before they take effect. Continuing to use the service after that means you accept the new terms.",
      ],
    },
    {
      heading: "8. Contact",
      paragraphs: ["Questions about these terms? Write to us through the Help Center or at our support address shown in the footer."],
    },
  ],
};

export const privacy: LegalDocument = {
  title: "Privacy Policy",
  lastUpdated: "January 1, 2025",
  intro:
    "This policy explains what personal data Inkpilot collects, why, and what choices you have. We collect as little as we need to run the service and we do not sell personal data.",
  sections: [
    {
      heading: "1. What we collect",
      paragraphs: [
        "Account data: your email address, name, password (stored only as a secure hash) and, if you sign in with Google, your Google account identifier.",
        "Workspace data: your websites, brand settings, topics, content plans, articles and the connections to your publishing platforms. Platform credentials are stored encrypted.",
        "Usage and technical data: the pages you request, your IP address and browser, kept in server logs to operate and secure the service.",
        "Messages you send us through the contact and support forms, with the name and email address you give.",
      ],
    },
    {
      heading: "2. How we use it",
      paragraphs: [
        "To provide the service: analyse your website, write and publish your articles, send the emails you need (verification, password reset, notifications) and answer your messages.",
        "To keep the service secure, prevent abuse and meet legal obligations. We do not use your content to train AI models.",
      ],
    },
    {
      heading: "3. Service providers",
      paragraphs: [
        "We share data only with providers that help us run Inkpilot: hosting, email delivery (Postmark), AI text generation (an OpenAI-compatible provider), payment processing (Stripe) and Google when you choose Google sign-in. Each receives only what it needs for its task.",
      ],
    },
    {
      heading: "4. Cookies",
      paragraphs: [
        "We use only the cookies the service needs. A session cookie keeps you signed in; it lasts up to 30 days and ends when you sign out. A short notification cookie carries a confirmation message to the next page and expires after one minute. The dashboard remembers whether its sidebar is collapsed for 7 days.",
        "We do not use advertising or third-party tracking cookies.",
      ],
    },
    {
      heading: "5. Retention",
      paragraphs: [
        "We keep your data while your account is open. When you delete your account, your workspace data is deleted; backups are overwritten within 30 days. Server logs are kept for a short period for security.",
      ],
    },
    {
      heading: "6. Your rights",
      paragraphs: [
        "You can access, correct, export or delete your personal data. Most of this is available in your account settings; for anything else, contact us and we will answer within 30 days.",
      ],
    },
    {
      heading: "7. Changes",
      paragraphs: [
        "If we change this policy we will update the date above and, for material changes, tell you by email before they take effect.",
      ],
    },
  ],
};
