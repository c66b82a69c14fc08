import { CopyButton } from "#app/components/copy-button";
import { cn } from "#app/utils/cn";
import type { BlogTabData } from "./blog-data.server";

/**
 * The DNS records a blog's own domain needs (docs/decisions/076-blog-custom-domains.md), each with what the last check
 * found: a table on wide screens, a list on phones.
 */

type DomainRecord = NonNullable<BlogTabData["domain"]>["records"][number];

function Finding({ record }: { record: DomainRecord }) {
  if (record.ok === null) return <span className="text-slate-600">Not checked yet</span>;
  return (
    <span className={record.ok ? "text-emerald-800" : "text-red-800"}>
      <span aria-hidden="true">{record.ok ? "✓ " : "✕ "}</span>
      {record.ok ? "Found" : record.message}
    </span>
  );
}

const codeClass = "font-mono text-xs break-all text-slate-900 select-all";

function RecordValue({ record }: { record: DomainRecord }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <code className={cn(codeClass, "rounded bg-slate-50 px-1.5 py-0.5")}>{record.value}</code>
      <CopyButton value={record.value} label={`Copy the ${record.type} record's value`} />
    </div>
  );
}

/** Wide screens: one row per record. */
export function RecordsTable({ records }: { records: DomainRecord[] }) {
  return (
    <div className="hidden overflow-x-auto lg:block" role="region" aria-label="DNS records table" tabIndex={0}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">The DNS records to add</caption>
        <thead className="text-xs text-slate-600 uppercase">
          <tr>
            <th className="py-2 pr-4">Type</th>
            <th className="py-2 pr-4">Name</th>
            <th className="py-2 pr-4">Value</th>
            <th className="py-2">Last check</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 align-top">
          {records.map((record) => (
            <tr key={`${record.type} ${record.value}`} data-testid="domain-record">
              <td className="py-2 pr-4 font-medium text-slate-900">{record.type}</td>
              <td className="py-2 pr-4">
                <code className={codeClass}>{record.name}</code>
              </td>
              <td className="py-2 pr-4">
                <RecordValue record={record} />
              </td>
              <td className="min-w-48 py-2">
                <Finding record={record} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Phones and narrow windows: the same records, one block each, since four columns do not fit. */
export function RecordsList({ records }: { records: DomainRecord[] }) {
  return (
    <ul className="flex flex-col gap-3 lg:hidden" aria-label="DNS records">
      {records.map((record) => (
        <li key={`${record.type} ${record.value}`} className="rounded-lg border border-slate-200 p-3 text-sm">
          <dl className="grid grid-cols-[4.5rem_1fr] gap-x-3 gap-y-2">
            <dt className="text-slate-600">Type</dt>
            <dd className="font-medium text-slate-900">{record.type}</dd>
            <dt className="text-slate-600">Name</dt>
            <dd className="min-w-0">
              <code className={codeClass}>{record.name}</code>
            </dd>
            <dt className="text-slate-600">Value</dt>
            <dd className="min-w-0">
              <RecordValue record={record} />
            </dd>
            <dt className="text-slate-600">Last check</dt>
            <dd>
              <Finding record={record} />
            </dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
