import { JsonLd } from "#app/components/json-ld";
import { faqs, parseBillingPeriod, pricing } from "#app/modules/site-content/content";
import { faqPageLd, productLd } from "#app/modules/site-content/structured-data";
import { seoMeta, useSiteOrigin } from "#app/utils/seo";
import { BuiltInWriterNotice } from "#app/components/built-in-writer-notice";
import { hasAiProvider } from "#app/modules/ai/providers.server";
import { FaqAccordion, PageHeader } from "./components";
import { BillingToggle, DiscountTable, PricingCards } from "./pricing-ui";
import type { Route } from "./+types/pricing";

export const handle = { hydrate: false };

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: "Pricing",
    description:
      "Start with a 7-day free trial, no credit card required. Inkpilot Pro is $49 per site per month or $499 per year, with 50 articles per month and multi-site discounts.",
    path: "/pricing",
  });

export function loader({ url }: Route.LoaderArgs) {
  // Without an AI provider the promises of length and language are qualified where they are made (decision 069).
  return { billing: parseBillingPeriod(url.searchParams.get("billing")), builtInOnly: !hasAiProvider() };
}

export default function Pricing({ loaderData }: Route.ComponentProps) {
  const { billing, builtInOnly } = loaderData;
  const origin = useSiteOrigin();
  return (
    <main id="main">
      <JsonLd data={[productLd(origin), faqPageLd(faqs)]} />
      <PageHeader title={pricing.title} lead={pricing.lead} />
      <div className="px-4 py-14 sm:px-6">
        <BillingToggle billing={billing} basePath="/pricing" />
        <PricingCards billing={billing} variant="pricing" />
        {builtInOnly ? <BuiltInWriterNotice className="mx-auto mt-6 max-w-3xl" /> : null}
        <p className="mx-auto mt-6 max-w-2xl text-center text-sm text-slate-600">{pricing.footnote}</p>
      </div>
      <section aria-labelledby="discounts-title" className="bg-slate-50 px-4 py-14 sm:px-6">
        <DiscountTable />
      </section>
      <section aria-labelledby="pricing-faq-title" className="px-4 py-14 sm:px-6">
        <h2 id="pricing-faq-title" className="mb-8 text-center text-2xl font-bold text-slate-900">
          Frequently Asked Questions
        </h2>
        <FaqAccordion faqs={faqs} name="faq" />
      </section>
    </main>
  );
}
