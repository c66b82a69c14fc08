import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

// The whole URL map, by hand. Files not listed here are not routes. A dashboard screen
// with more than one file is a folder (route.tsx, its parts, actions.server.ts,
// queries.server.ts) that imports no other route folder; see docs/decisions/025-route-map-and-folder-layout.md.
export default [
  layout("routes/marketing/layout.tsx", [
    index("routes/marketing/home.tsx"),
    route("pricing", "routes/marketing/pricing.tsx"),
    route("about", "routes/marketing/about.tsx"),
    route("blog", "routes/marketing/blog.tsx"),
    route("blog/:slug", "routes/marketing/blog-post.tsx"),
    route("help-center", "routes/marketing/help-center.tsx"),
    route("contact", "routes/marketing/contact.tsx"),
    route("terms", "routes/marketing/terms.tsx"),
    route("privacy", "routes/marketing/privacy.tsx"),
    // Any URL no other route matches: a 404 page with the public header and footer.
    route("*", "routes/marketing/not-found.tsx"),
  ]),
  // The hosted blog: whole HTML documents and feeds from resource routes, no framework JavaScript.
  ...prefix("b/:blogSlug", [
    index("routes/hosted-blog/index.ts"),
    route("rss.xml", "routes/hosted-blog/rss.ts"),
    route("sitemap.xml", "routes/hosted-blog/sitemap.ts"),
    route("robots.txt", "routes/hosted-blog/robots.ts"),
    route(":articleSlug", "routes/hosted-blog/post.ts"),
    route("*", "routes/hosted-blog/missing.ts"),
  ]),
  // The nine free tools, in the public header and footer frame.
  layout("routes/marketing/layout.tsx", { id: "marketing-tools" }, [
    ...prefix("tools", [
      index("routes/tools/index.tsx"),
      route("headline-generator", "routes/tools/headline-generator.tsx"),
      route("meta-description-generator", "routes/tools/meta-description-generator.tsx"),
      route("keyword-research", "routes/tools/keyword-research.tsx"),
      route("content-idea-generator", "routes/tools/content-idea-generator.tsx"),
      route("blog-title-generator", "routes/tools/blog-title-generator.tsx"),
      route("seo-title-generator", "routes/tools/seo-title-generator.tsx"),
      route("social-media-caption-generator", "routes/tools/social-media-caption-generator.tsx"),
      route("content-outline-generator", "routes/tools/content-outline-generator.tsx"),
      route("readability-checker", "routes/tools/readability-checker.tsx"),
    ]),
  ]),
  route("sitemap.xml", "routes/marketing/sitemap.ts"),
  route("robots.txt", "routes/marketing/robots.ts"),
  route("blog/rss.xml", "routes/marketing/blog-rss.ts"),
  // The Developer API (decision 045): every /api/v1 path, matched against its operations table in app/modules/api/.
  route("api/v1/*", "routes/api/v1.ts"),
  ...prefix("resources", [
    route("cron", "routes/resources/cron.ts"),
    route("ping", "routes/resources/ping.ts"),
    route("webhooks/shopify", "routes/resources/webhooks.shopify.ts"),
    route("webhooks/stripe", "routes/resources/webhooks.stripe.ts"),
  ]),
  // Connecting publishing platforms through their own sign-in (each guarded by requireAuth in its module).
  // The settings page's Integrations tab at its own address, so it lives in the settings screen's folder.
  route("integrations", "routes/dashboard/settings/integrations-page.tsx"),
  route("integrations/shopify/start", "routes/integrations/shopify-start.tsx"),
  route("shopify/callback", "routes/integrations/shopify-callback.ts"),
  route("shopify-app", "routes/integrations/shopify-app.tsx"),
  // The signed-in dashboard: requireAuth middleware and the sidebar shell. Add new pages to this array.
  route("dashboard", "routes/dashboard/layout.tsx", [
    index("routes/dashboard/articles/route.tsx", { id: "dashboard-index" }),
    route("articles", "routes/dashboard/articles/route.tsx", { id: "dashboard-articles" }),
    route("articles/export", "routes/dashboard/articles/export.ts"),
    route("articles/:articleId/delete", "routes/dashboard/articles/delete.tsx"),
    route("articles/:articleId/publish", "routes/dashboard/write/publish.ts"),
    route("articles/:articleId/revisions", "routes/dashboard/write/revisions.ts"),
    route("account", "routes/dashboard/settings/account.tsx"),
    route("settings", "routes/dashboard/settings/route.tsx"),
    route("sidebar", "routes/dashboard/sidebar.ts"),
    // AI generation: start, live progress (SSE), the no-JS status page, and AI edits.
    route("generations/start", "routes/dashboard/generations/start.ts"),
    route("generations/outlook", "routes/dashboard/generations/outlook.ts"),
    route("generations/:id", "routes/dashboard/generations/status.tsx"),
    route("generations/:id/events", "routes/dashboard/generations/events.ts"),
    route("write", "routes/dashboard/write/route.tsx"),
    route("write/ai", "routes/dashboard/write/ai.ts"),
    route("write/ai/review", "routes/dashboard/write/ai-review.tsx"),
    route("write/image", "routes/dashboard/write/image.ts"),
    route("generator", "routes/dashboard/generator/route.tsx"),
    route("backlinks", "routes/dashboard/backlinks/route.tsx"),
    // What the site's articles earn in Google search (docs/decisions/060-search-results.md).
    route("results", "routes/dashboard/results/route.tsx"),
    route("scheduler", "routes/dashboard/scheduler/route.tsx"),
    // The 30-day content plan (docs/decisions/050-content-plan.md).
    route("plan", "routes/dashboard/plan/route.tsx"),
    route("topics", "routes/dashboard/topics/route.tsx"),
    // What the search figures teach (docs/decisions/060-search-results.md): the findings and their actions.
    route("results/findings", "routes/dashboard/results/findings.tsx"),
    route("results/findings/:findingId", "routes/dashboard/results/finding.ts"),
    route("upgrade", "routes/dashboard/upgrade/route.tsx"),
    // An auto-pilot article waiting for approval (docs/decisions/049-autopilot-days.md): approve to publish, or reject.
    route("review/:dayId", "routes/dashboard/review.tsx"),
    // Live auto-pilot day states for the scheduler and the day's page (SSE).
    route("autopilot/events", "routes/dashboard/autopilot/events.ts"),
    // Several sites (docs/decisions/043-several-sites-current-site-per-session.md): the workspace's sites, and the sidebar switcher's form.
    route("sites", "routes/dashboard/sites/route.tsx"),
    route("sites/switch", "routes/dashboard/sites-switch.ts"),
    // Teams (docs/decisions/044-teams-roles-and-invitations.md): members, roles and invitations of the current workspace.
    route("team", "routes/dashboard/team/route.tsx"),
    route("api-docs", "routes/dashboard/api-docs.tsx"),
  ]),
  // Pathless so the email-change link (/account/confirm-email) gets the dashboard's sign-in guard and shell.
  layout("routes/dashboard/layout.tsx", { id: "dashboard-account-links" }, [
    route("account/confirm-email", "routes/dashboard/confirm-email.tsx"),
  ]),
  // Connecting WordPress.com through OAuth: start (optionally in a popup) and WordPress.com's callback.
  route("integrations/wordpress_com/start", "routes/integrations/wordpress-com-start.ts"),
  route("integrations/wordpress_com/callback", "routes/integrations/wordpress-com-callback.ts"),
  route("uploads/avatars/:file", "routes/resources/avatar.ts"),
  route("uploads/articles/:file", "routes/resources/article-image.ts"),
  route("uploads/logos/:file", "routes/resources/logo.ts"),
  // Account access: sign-in, sign-up, verification and password reset pages in one centered card layout.
  layout("routes/auth/layout.tsx", [
    route("signin", "routes/auth/signin.tsx"),
    route("signup", "routes/auth/signup.tsx"),
    // 'Wrong address?' on 'Check your email': corrects the address of an account not yet verified, in its browser.
    route("signup/email", "routes/auth/signup-email.ts"),
    route("verify", "routes/auth/verify.tsx"),
    route("resend-verification", "routes/auth/resend-verification.tsx"),
    route("forgot-password", "routes/auth/forgot-password.tsx"),
    route("reset-password", "routes/auth/reset-password.tsx"),
    // The undo link mailed to the old address after an email change; works without a session.
    route("account/revert-email", "routes/auth/revert-email.tsx"),
    // A team invitation's link (docs/decisions/044-teams-roles-and-invitations.md): accept signed in, or create the account; works without a session.
    route("invite", "routes/auth/invite.tsx"),
  ]),
  // Connecting Wix through the app install flow: start (redirect or JSON for the popup), Wix's callback, the popup's last page.
  route("integrations/wix/start", "routes/integrations/wix-start.ts"),
  route("integrations/wix/callback", "routes/integrations/wix-callback.ts"),
  route("wix-installed", "routes/integrations/wix-installed.ts"),
  route("signout", "routes/auth/signout.ts"),
  route("auth/google", "routes/auth/google.ts"),
  route("auth/google/callback", "routes/auth/google-callback.ts"),
  // Onboarding dialog actions (scan / skip / finish); guarded by its own requireAuth middleware.
  route("dashboard/onboarding", "routes/dashboard/onboarding/route.tsx"),
  // Google's return from the Search Console consent (docs/decisions/060-search-results.md); its own requireAuth.
  route("dashboard/search-console/callback", "routes/dashboard/search-console-callback.ts"),
  // Article preview in its own tab, without the dashboard shell; guarded by its own requireAuth middleware.
  route("dashboard/write/preview", "routes/dashboard/write/preview.tsx"),
  // Operator pages: a top-level entry with its own guard, apart from the customer dashboard layout.
  route("dashboard/admin", "routes/admin/layout.tsx", [
    index("routes/admin/index.tsx"),
    route("email-settings", "routes/admin/email-settings.tsx"),
    route("accounts", "routes/admin/accounts.tsx"),
    route("accounts/users/:userId", "routes/admin/account-user.tsx"),
    route("accounts/workspaces/:workspaceId", "routes/admin/account-workspace.tsx"),
    route("jobs", "routes/admin/jobs.tsx"),
    route("audit", "routes/admin/audit.tsx"),
    route("mailbox", "routes/admin/mailbox.tsx"),
    route("mailbox/:mailId", "routes/admin/mailbox-message.tsx"),
    route("sessions", "routes/admin/sessions.tsx"),
    // Operator diagnostics of publishing: operators only, never public.
    route("integration-settings", "routes/admin/integration-settings.tsx"),
    route("integrations", "routes/admin/integrations.tsx"),
    route("shopify-debug", "routes/admin/shopify-debug.tsx"),
    route("typography", "routes/admin/typography.tsx"),
    route("font-debug", "routes/admin/font-debug.tsx"),
    route("nuclear-connect", "routes/admin/nuclear-connect.tsx"),
  ]),
] satisfies RouteConfig;
