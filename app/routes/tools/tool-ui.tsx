import { useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { JsonLd } from "#app/components/json-ld";
import { PrimaryCta } from "#app/components/public-header";
import { ErrorList, FormMessage } from "#app/components/forms";
import { Button } from "#app/components/ui/button";
import { TOOL_INPUTS, TOOLS, toolPath, type ToolSlug } from "#app/modules/tools/catalog";
import { lengthTone } from "#app/modules/tools/seo-title";
import { HoneypotField } from "#app/components/honeypot-field";
import { cn } from "#app/utils/cn";
import { TOOL_SCRIPT } from "#app/modules/tools/tool-script";
import type { FormReply } from "#app/utils/form-reply";
import { absoluteUrl, seoMeta, useSiteOrigin, type MetaSource } from "#app/utils/seo";
import type { z } from "zod";

/**
 * The shared frame of the free tool pages. The pages are server-rendered and
 * do not hydrate React (`handle.hydrate = false`): the only interaction they
 * need (copy to clipboard, the 'Copied!' toast, disabling the generate button
 * while the input is empty) is done by one small inline script below, about
 * 1 KB instead of the ~110 KB of a hydrated page. Without JavaScript the forms
 * still submit and the server validates and renders the results.
 */

export const toolHandle = { hydrate: false };

export function toolMeta(args: MetaSource, slug: ToolSlug) {
  const tool = TOOLS[slug];
  return seoMeta(args, { title: tool.title, description: tool.description, path: toolPath(slug) });
}

export type Tone = "good" | "warn" | "bad";
const TONE_CLASS: Record<Tone, string> = {
  good: "bg-emerald-50 text-emerald-800 ring-emerald-600/20",
  warn: "bg-amber-50 text-amber-900 ring-amber-600/30",
  bad: "bg-red-50 text-red-800 ring-red-600/20",
};

export function Badge({ tone, children, label }: { tone: Tone; children: React.ReactNode; label?: string }) {
  return (
    <span
      className={cn("inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset", TONE_CLASS[tone])}
      data-tone={tone}
      title={label}
    >
      {children}
    </span>
  );
}

/** Marks a field the script watches: the generate button stays disabled while it is blank. */
export const REQUIRED = { "data-required": "" } as React.HTMLAttributes<HTMLElement>;

/**
 * The tool's form state from the server's reply: the values to show again, the
 * field errors, and the schema's constraints (required, maxLength) on the fields.
 * It renders on the server only; the pages do not hydrate.
 */
export function useToolForm<S extends ToolSlug>(slug: S, reply: FormReply | null) {
  return useForm<z.input<(typeof TOOL_INPUTS)[S]>>({
    id: slug,
    lastResult: reply?.result,
    constraint: getZodConstraint(TOOL_INPUTS[slug]),
  });
}

/** A title's character count, coloured by the 60/70 rule. */
export function LengthBadge({ length }: { length: number }) {
  return <Badge tone={lengthTone(length)}>{length} characters</Badge>;
}

/** Copies `text` when clicked (the inline script shows it once JavaScript runs). */
export function CopyButton({ text, label = "Copy", srLabel }: { text: string; label?: string; srLabel?: string }) {
  return (
    <button
      type="button"
      hidden
      data-copy={text}
      data-copy-button=""
      className="shrink-0 rounded-md border border-slate-300 bg-white px-2.5 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      {label}
      {srLabel ? <span className="sr-only"> {srLabel}</span> : null}
    </button>
  );
}

/** A numbered list of results, each click-to-copy, with optional badges. */
export function CopyList({
  items,
  itemLabel,
}: {
  items: Array<{ text: string; extra?: React.ReactNode; body?: React.ReactNode }>;
  itemLabel: string;
}) {
  return (
    <ol className="flex flex-col gap-3" data-testid="results">
      {items.map((item, i) => (
        <li
          key={`${i}-${item.text}`}
          data-copy={item.text}
          className="flex cursor-pointer items-start justify-between gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-500"
        >
          <div className="min-w-0 flex-1">
            {item.body ?? <p className="whitespace-pre-line text-slate-900">{item.text}</p>}
            {item.extra ? <div className="mt-2 flex flex-wrap items-center gap-2">{item.extra}</div> : null}
          </div>
          <CopyButton text={item.text} srLabel={`${itemLabel} ${i + 1}`} />
        </li>
      ))}
    </ol>
  );
}

/**
 * The tool's form. `data-tool-form` lets the script disable the submit button
 * while a `data-required` field is blank; the server validates regardless.
 */
export function ToolForm({
  id,
  method,
  submitLabel,
  children,
  formError,
}: {
  /** The form's id, which Conform's field props refer to (`form=`). */
  id: string;
  method: "get" | "post";
  submitLabel: string;
  children: React.ReactNode;
  formError?: string;
}) {
  return (
    <Form
      id={id}
      method={method}
      data-tool-form=""
      className="relative flex flex-col gap-4 rounded-xl border border-slate-200 bg-slate-50 p-5 sm:p-6"
    >
      {children}
      {/* Posted forms may reach the AI provider: bots that fill the honeypot get templates only. */}
      {method === "post" ? <HoneypotField /> : null}
      {formError ? <ErrorList errors={[formError]} /> : null}
      <div>
        <Button type="submit" size="lg" data-pending-label="Generating…">
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}

/** The page frame: heading, form, results, call to action, structured data and the copy script. */
export function ToolPage({
  slug,
  form,
  results,
  ctaTopic,
  notice,
  source,
  resultsHeading = "Results",
  aside,
}: {
  slug: ToolSlug;
  form: React.ReactNode;
  results?: React.ReactNode;
  ctaTopic?: string;
  notice?: string | null;
  source?: "ai" | "templates";
  resultsHeading?: string;
  aside?: React.ReactNode;
}) {
  const tool = TOOLS[slug];
  const signup = ctaTopic ? `/signup?topic=${encodeURIComponent(ctaTopic)}` : "/signup";
  const origin = useSiteOrigin();
  return (
    <main className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
        <ol className="flex gap-2">
          <li>
            <Link to="/tools" className="hover:underline">
              Free Tools
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="text-slate-900">
            {tool.name}
          </li>
        </ol>
      </nav>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{tool.heading}</h1>
      <p className="mt-3 text-lg text-slate-600">{tool.description}</p>

      <div className="mt-8">{form}</div>

      {results ? (
        <section aria-labelledby="results-heading" className="mt-10">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="results-heading" className="text-xl font-semibold text-slate-900">
              {resultsHeading}
            </h2>
            {source ? (
              <p className="text-xs text-slate-600">{source === "ai" ? "Written by the AI writer" : "Generated from our templates"}</p>
            ) : null}
          </div>
          {notice ? (
            <div className="mt-3">
              <FormMessage tone="info" title="Notice" description={notice} />
            </div>
          ) : null}
          <div className="mt-4">{results}</div>
        </section>
      ) : null}
      {aside}

      <section aria-labelledby="cta-heading" className="mt-12 rounded-xl bg-brand-50 p-6 text-center sm:p-8">
        <h2 id="cta-heading" className="text-xl font-semibold text-slate-900">
          {ctaTopic ? `Turn “${ctaTopic}” into a full SEO article` : "Let Inkpilot write the whole article"}
        </h2>
        <p className="mt-2 text-slate-700">
          Inkpilot researches keywords, writes SEO articles in your brand's voice and publishes them for you.
        </p>
        <PrimaryCta
          signupHref={signup}
          testId="tool-cta"
          className="mt-5 inline-block rounded-md bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700"
        />
      </section>

      <JsonLd
        data={{
          "@type": "WebApplication",
          name: `${tool.name} by Inkpilot`,
          description: tool.description,
          url: absoluteUrl(origin, toolPath(slug)),
          applicationCategory: "BusinessApplication",
          operatingSystem: "Any",
          isAccessibleForFree: true,
          offers: { "@type": "Offer", price: "0", priceCurrency: "USD" },
          publisher: { "@type": "Organization", name: "Inkpilot", url: absoluteUrl(origin, "/") },
        }}
      />
      <div
        id="copy-toast"
        role="status"
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4"
      />
      <ToolScript />
    </main>
  );
}

/** Allowed by its hash in the CSP (app/modules/site-content/inline-scripts.ts), so the page has no per-request nonce and caches as fixed bytes. */
function ToolScript() {
  return <script dangerouslySetInnerHTML={{ __html: TOOL_SCRIPT }} />;
}
