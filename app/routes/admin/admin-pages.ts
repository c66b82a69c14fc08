/** Every operator page, one line each on what it is for: the admin index, its navigation and the access tests read this one list. */
export const ADMIN_PAGES = [
  {
    to: "/dashboard/admin/email-settings",
    label: "Email settings",
    description: "Postmark token, from address, diagnostics and a test email.",
  },
  { to: "/dashboard/admin/mailbox", label: "Mailbox", description: "Every mail the app has sent or queued." },
  {
    to: "/dashboard/admin/accounts",
    label: "Users and workspaces",
    description: "Search customers; end a user's sessions; a workspace's members, sites, usage and plan.",
  },
  { to: "/dashboard/admin/jobs", label: "Jobs", description: "The background queue: waiting, running and failed jobs; Retry and Cancel." },
  { to: "/dashboard/admin/audit", label: "Audit log", description: "Every operator action and settings change, filterable." },
  { to: "/dashboard/admin/sessions", label: "Sessions", description: "Active sessions; end every session." },
  {
    to: "/dashboard/admin/integration-settings",
    label: "Integration settings",
    description: "Client credentials of the WordPress.com, Shopify and Wix apps.",
  },
  {
    to: "/dashboard/admin/integrations",
    label: "Publishing diagnostics",
    description: "Health check and test publish per provider, the diagnostic log, install records and OAuth states.",
  },
  {
    to: "/dashboard/admin/typography",
    label: "Typography QA",
    description: "The type scale, headings, weights and article prose as served.",
  },
  {
    to: "/dashboard/admin/font-debug",
    label: "Font debug",
    description: "The fonts the stylesheet declares and what this browser renders.",
  },
  { to: "/dashboard/admin/shopify-debug", label: "Shopify debug", description: "One shop's install, OAuth states and logs." },
  { to: "/dashboard/admin/nuclear-connect", label: "Nuclear connect", description: "The raw connect flows and an API ping." },
] as const;
