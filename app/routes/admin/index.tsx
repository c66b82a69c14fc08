import { Link } from "react-router";
import { PageTitle } from "./admin-ui";
import { ADMIN_PAGES } from "./admin-pages";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = () => [{ title: "Admin | Inkpilot" }];

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
