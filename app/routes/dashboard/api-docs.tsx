import { Link } from "react-router";
import { getEnv } from "#app/env.server";
import { apiReference } from "#app/modules/api/reference";
import { API_RATE_LIMIT } from "#app/modules/api/router.server";
import type { Route } from "./+types/api-docs";

export const handle = { breadcrumb: "API reference" };

export const meta: Route.MetaFunction = () => [{ title: "API reference | Inkpilot" }];

/** The Developer API's reference (decision 045), rendered on the server from the OpenAPI document. */
export function loader() {
  return { ...apiReference(getEnv().appUrl), rateLimit: API_RATE_LIMIT };
}

type Data = Route.ComponentProps["loaderData"];
type FieldRow = { name: string; type: string; required: boolean; description: string; in?: string };

function FieldTable({ caption, label, rows }: { caption: string; label: string; rows: FieldRow[] }) {
  if (!rows.length) return null;
  return (
    // A focusable region, so a keyboard can scroll it sideways on a narrow screen.
    <div className="mt-3 overflow-x-auto" role="region" aria-label={`${label}: ${caption}`} tabIndex={0}>
      <table className="w-full text-left text-sm">
        <caption className="text-left text-xs font-semibold text-slate-600 uppercase">{caption}</caption>
        <thead className="sr-only">
          <tr>
            <th>Name</th>
            <th>Type</th>
            <th>Description</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={`${row.in ?? ""}${row.name}`}>
              <td className="py-1.5 pr-3 align-top font-mono text-xs whitespace-nowrap">
                {row.name}
                {row.required ? <span className="text-red-700"> *</span> : null}
                {row.in ? <span className="ml-1 text-slate-500">({row.in})</span> : null}
              </td>
              <td className="py-1.5 pr-3 align-top font-mono text-xs text-slate-700">{row.type}</td>
              <td className="py-1.5 align-top text-slate-700">{row.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function OperationCard({ op }: { op: Data["operations"][number] }) {
  return (
    <section id={op.id} aria-labelledby={`${op.id}-title`} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h3 id={`${op.id}-title`} className="flex flex-wrap items-baseline gap-2 text-base font-semibold">
        <span className="rounded bg-slate-900 px-1.5 py-0.5 font-mono text-xs text-white">{op.method}</span>
        <code className="font-mono text-sm">{op.path}</code>
        <span className="text-slate-700">{op.summary}</span>
      </h3>
      {op.description ? <p className="mt-2 text-sm text-slate-700">{op.description}</p> : null}
      <FieldTable caption="Parameters" label={op.summary} rows={op.parameters} />
      <FieldTable caption="JSON body" label={op.summary} rows={op.bodyFields} />
      <p className="mt-3 text-xs font-semibold text-slate-600 uppercase">Example</p>
      {/* Focusable so a keyboard can scroll a long example sideways. */}
      <pre
        tabIndex={0}
        aria-label={`Example: ${op.summary}`}
        className="mt-1 overflow-x-auto rounded-md bg-slate-900 p-3 text-xs text-slate-100"
      >
        <code>{op.curl}</code>
      </pre>
      <p className="mt-3 text-sm">
        <span className="font-semibold">{op.success.status}</span> {op.success.description}
        {op.success.type ? (
          <>
            {" "}
            —{" "}
            <a href={`#schema-${op.success.type}`} className="font-mono text-brand-700 hover:underline">
              {op.success.type}
            </a>
          </>
        ) : null}
      </p>
      <ul className="mt-1 text-sm text-slate-600">
        {op.errors.map((e) => (
          <li key={e.status}>
            <span className="font-semibold">{e.status}</span> {e.description}
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function ApiDocsPage({ loaderData }: Route.ComponentProps) {
  const { operations, schemas, base, version, rateLimit } = loaderData;
  const tags = [...new Set(operations.map((o) => o.tag))];
  return (
    <div className="max-w-4xl">
      <h1 className="text-2xl font-bold tracking-tight">API reference</h1>
      <p className="mt-2 text-sm text-slate-700">
        Version {version}. Base URL <code className="font-mono">{base}</code>. Authenticate every request with{" "}
        <code className="font-mono">Authorization: Bearer &lt;key&gt;</code>; create keys in{" "}
        <Link to="/dashboard/settings?tab=integrations#card-developer-api" className="font-medium text-brand-700 hover:underline">
          Settings → Integrations → Developer API
        </Link>
        . A key acts on its workspace: on its own site if it has one, otherwise on the site named by{" "}
        <code className="font-mono">site_id</code> (default: the first site). Each key may make {rateLimit.points} requests per{" "}
        {rateLimit.duration} seconds; every answer carries <code className="font-mono">RateLimit</code> and{" "}
        <code className="font-mono">RateLimit-Policy</code>, and a 429 carries <code className="font-mono">Retry-After</code>. Errors are{" "}
        <code className="font-mono">{`{ "error": { "code", "message" } }`}</code> with a stable code. The machine-readable description is{" "}
        <a href="/api/v1/openapi.json" className="font-medium text-brand-700 hover:underline">
          /api/v1/openapi.json
        </a>{" "}
        (OpenAPI 3.1; generate a typed client from it).
      </p>
      <nav aria-label="Endpoints" className="mt-4 text-sm">
        <ul className="flex flex-wrap gap-x-4 gap-y-1">
          {operations.map((op) => (
            <li key={op.id}>
              <a href={`#${op.id}`} className="text-brand-700 hover:underline">
                {op.summary}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {tags.map((tag) => (
        <div key={tag} className="mt-8">
          <h2 className="text-lg font-semibold">{tag}</h2>
          <div className="mt-3 flex flex-col gap-4">
            {operations
              .filter((op) => op.tag === tag)
              .map((op) => (
                <OperationCard key={op.id} op={op} />
              ))}
          </div>
        </div>
      ))}
      <h2 className="mt-10 text-lg font-semibold">Shapes</h2>
      <div className="mt-3 flex flex-col gap-4">
        {schemas.map((schema) => (
          <section key={schema.name} id={`schema-${schema.name}`} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <h3 className="font-mono text-sm font-semibold">{schema.name}</h3>
            {schema.description ? <p className="mt-1 text-sm text-slate-700">{schema.description}</p> : null}
            <FieldTable caption="Fields" label={schema.name} rows={schema.fields} />
          </section>
        ))}
      </div>
    </div>
  );
}
