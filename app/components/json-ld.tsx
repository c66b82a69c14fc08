import type { JsonLdObject } from "#app/modules/site-content/structured-data";

/**
 * Structured data for search engines: one <script type="application/ld+json">.
 * A data block is never executed, so the CSP does not apply and it carries no
 * nonce; that keeps cached static pages free of per-response values.
 * `<` is escaped so page text inside the data can never close the script tag.
 */
export function JsonLd({ data }: { data: JsonLdObject | JsonLdObject[] }) {
  const withContext = (item: JsonLdObject) => ({ "@context": "https://schema.org", ...item });
  const payload = Array.isArray(data) ? data.map(withContext) : withContext(data);
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(payload).replace(/</g, "\\u003c") }} />;
}
