import { Link } from "react-router";
import { PageTitle } from "./admin-ui";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = () => [{ title: "Admin | Inkpilot" }];

/** Every operator page, one line each on what it is for. */
export const ADMIN_PAGES = [
  { to: "/dashboard/admin/mailbox", label: "Mailbox", description: "Every mail the app has sent or queued." },
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
  { to: "/dashboard/admin/shopify-debug", label: "Shopify debug", description: "One shop's install, OAuth states and logs." },
  { to: "/dashboard/admin/nuclear-connect", label: "Nuclear connect", description: "The raw connect flows and an API ping." },
] as const;

export default function AdminIndex() {
  return (
    <section aria-labelledby="admin-title">
      <PageTitle id="admin-title" title="Admin" />
      <ul className="grid gap-4 sm:grid-cols-2">
        {ADMIN_PAGES.map((page) => (
          <li key={page.to} className="rounded-lg border border-slate-200 bg-white p-4">
            <Link to={page.to} className="font-semibold text-brand-700 hover:underline">
              {page.label}
            </Link>
            <p className="mt-1 text-sm text-slate-600">{page.description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
