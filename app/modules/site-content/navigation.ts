/**
 * The public header and footer links, kept as content in one place so marketing
 * can change them without touching components.
 */

export type NavLink = { label: string; href: string; external?: boolean };
export type FooterColumn = { title: string; links: NavLink[] };

export const headerLinks = {
  main: [
    { label: "Pricing", href: "/pricing" },
    { label: "Tools", href: "/tools" },
    { label: "Blog", href: "/blog" },
  ] satisfies NavLink[],
  signIn: { label: "Login", href: "/signin" } satisfies NavLink,
  signOut: { label: "Sign Out", action: "/signout" },
};

/**
 * The public site's one call to action, named the same on the header, home,
 * pricing, blog and tools pages: signed out it starts the free
 * trial; signed in (on a trial or on Pro) no trial is offered, it opens the dashboard.
 */
export const callToAction = {
  signedOut: { label: "Start Free Trial", href: "/signup" } satisfies NavLink,
  signedIn: { label: "Dashboard", href: "/dashboard" } satisfies NavLink,
};

/** The nine free tools, named and ordered as in docs/product.md "Routes and screens". */
export const freeTools: NavLink[] = [
  { label: "Headline generator", href: "/tools/headline-generator" },
  { label: "Meta description generator", href: "/tools/meta-description-generator" },
  { label: "Keyword research", href: "/tools/keyword-research" },
  { label: "Content idea generator", href: "/tools/content-idea-generator" },
  { label: "Blog title generator", href: "/tools/blog-title-generator" },
  { label: "SEO title generator", href: "/tools/seo-title-generator" },
  { label: "Social caption generator", href: "/tools/social-media-caption-generator" },
  { label: "Content outline generator", href: "/tools/content-outline-generator" },
  { label: "Readability checker", href: "/tools/readability-checker" },
];

export const socialLinks: NavLink[] = [
  { label: "X", href: "https://x.com/inkpilot", external: true },
  { label: "LinkedIn", href: "https://www.linkedin.com/company/inkpilot", external: true },
];

/** Footer columns; the support address comes from configuration (SUPPORT_EMAIL). */
export function footerColumns(supportEmail: string): FooterColumn[] {
  return [
    {
      title: "Company",
      links: [
        { label: "About", href: "/about" },
        { label: "Community", href: "/help-center" },
        { label: "Blog", href: "/blog" },
      ],
    },
    {
      title: "Support",
      links: [
        { label: supportEmail, href: `mailto:${supportEmail}` },
        { label: "Terms", href: "/terms" },
        { label: "Privacy", href: "/privacy" },
      ],
    },
    { title: "Free Tools", links: freeTools },
    { title: "Connect", links: socialLinks },
  ];
}
