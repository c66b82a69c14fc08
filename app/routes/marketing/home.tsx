import { Link } from "react-router";
import { JsonLd } from "#app/components/json-ld";
import {
  comparison,
  enterprise,
  faqs,
  features,
  howItWorks,
  integrations,
  parseBillingPeriod,
  pricing,
  testimonials,
  testimonialsSection,
} from "#app/modules/site-content/content";
import { faqPageLd, organizationLd, softwareApplicationLd } from "#app/modules/site-content/structured-data";
import { seoMeta, useSiteOrigin } from "#app/utils/seo";
import { BuiltInWriterNotice } from "#app/components/built-in-writer-notice";
import { hasAiProvider } from "#app/modules/ai/providers.server";
import { CheckIcon, CrossIcon, FaqAccordion, Section, TestimonialFigure } from "./components";
import { BillingToggle, PricingCards } from "./pricing-ui";
import { HomeHero } from "./home-hero";
import type { Route } from "./+types/home";

export const handle = { hydrate: false };

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: "Inkpilot: SEO Blog Posts on Auto-Pilot",
    description:
      "Inkpilot researches your business, plans 30 days of keywords and writes SEO-optimised blog posts in your brand's voice, published to WordPress, Shopify or Wix.",
    path: "/",
  });

export function loader({ url }: Route.LoaderArgs) {
  // Without an AI provider the promises of length and language are qualified where they are made (decision 069).
  return { billing: parseBillingPeriod(url.searchParams.get("billing")), builtInOnly: !hasAiProvider() };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { billing, builtInOnly } = loaderData;
  const origin = useSiteOrigin();
  return (
    <main id="main">
      <JsonLd data={[organizationLd(origin), softwareApplicationLd(origin), faqPageLd(faqs)]} />
      <HomeHero />

      <Section id="integrations" title={integrations.title} lead={integrations.lead} className="bg-white">
        <ul className="grid gap-6 md:grid-cols-3">
          {integrations.live.map((platform) => (
            <li key={platform.name} className="flex flex-col rounded-2xl border border-slate-200 p-6 shadow-sm">
              <div className="flex items-start justify-between gap-3">
                <h3 className="text-lg font-semibold text-slate-900">{platform.name}</h3>
                <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-700">{platform.users}</span>
              </div>
              <p className="mt-3 text-slate-700">{platform.description}</p>
              <p className="mt-4 text-sm text-slate-600">{platform.subtext}</p>
            </li>
          ))}
        </ul>
        <h3 className="sr-only">More platforms</h3>
        <ul className="mt-8 flex flex-wrap justify-center gap-3" aria-label="More platforms">
          {integrations.more.map((platform) => (
            <li key={platform.name} className="rounded-full border border-slate-200 bg-white px-4 py-2 text-sm text-slate-700">
              <span className="font-medium">{platform.name}</span> · {platform.status}
            </li>
          ))}
        </ul>
        <h3 className="sr-only">Upcoming platforms</h3>
        <ul className="mt-4 flex flex-wrap justify-center gap-3" aria-label="Upcoming platforms">
          {integrations.upcoming.map((platform) => (
            <li
              key={platform.name}
              className="rounded-full border border-dashed border-slate-300 bg-slate-50 px-4 py-2 text-sm text-slate-600 grayscale"
            >
              <span className="font-medium">{platform.name}</span> · {platform.status}
            </li>
          ))}
        </ul>
      </Section>

      <Section id="how-it-works" title={howItWorks.title} lead={howItWorks.lead} className="bg-slate-50">
        <ol className="grid gap-6 md:grid-cols-3">
          {howItWorks.steps.map((step, index) => (
            <li key={step.title} className="rounded-2xl border border-slate-200 bg-white p-6">
              <span
                aria-hidden="true"
                className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-600 font-bold text-white"
              >
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-2 text-slate-700">{step.body}</p>
            </li>
          ))}
        </ol>
        {builtInOnly ? <BuiltInWriterNotice className="mx-auto mt-6 max-w-3xl" /> : null}
      </Section>

      <Section id="comparison" title={comparison.title} lead={comparison.lead}>
        <div className="mx-auto max-w-4xl overflow-x-auto rounded-2xl border border-slate-200">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Inkpilot compared with a generic chat assistant, feature by feature</caption>
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold text-slate-900">
                  Feature
                </th>
                <th scope="col" className="px-4 py-3 text-center font-semibold text-brand-700">
                  {comparison.usLabel}
                </th>
                <th scope="col" className="px-4 py-3 text-center font-semibold text-slate-700">
                  {comparison.assistantLabel}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {comparison.rows.map((row) => (
                <tr key={row.feature}>
                  <th scope="row" className="px-4 py-3 font-medium text-slate-800">
                    {row.feature}
                  </th>
                  {[row.us, row.assistant].map((has, i) => (
                    <td key={i} className="px-4 py-3">
                      <span className="flex justify-center">
                        {has ? <CheckIcon className="text-emerald-700" /> : <CrossIcon className="text-slate-500" />}
                        <span className="sr-only">{has ? "Yes" : "No"}</span>
                      </span>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>

      <Section id="features" title={features.title} className="bg-slate-50">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {features.items.map((feature) => (
            <li key={feature.title} className="rounded-2xl border border-slate-200 bg-white p-6">
              <h3 className="text-lg font-semibold text-slate-900">{feature.title}</h3>
              <p className="mt-2 text-slate-700">{feature.body}</p>
            </li>
          ))}
        </ul>
        {builtInOnly ? <BuiltInWriterNotice className="mx-auto mt-6 max-w-3xl" /> : null}
      </Section>

      <Section id="testimonials" title={testimonialsSection.title} lead={testimonialsSection.lead}>
        <ul className="grid gap-6 md:grid-cols-3">
          {testimonials.map((t) => (
            <li key={t.id}>
              <TestimonialFigure testimonial={t} />
            </li>
          ))}
        </ul>
      </Section>

      <Section id="pricing" title={pricing.title} lead={pricing.lead} className="bg-slate-50">
        <BillingToggle billing={billing} basePath="/" anchor="pricing" />
        <PricingCards billing={billing} variant="landing" />
        <p className="mt-6 text-center text-sm text-slate-600">
          Several websites? See the{" "}
          <Link to="/pricing#discounts-title" className="font-medium text-brand-700 underline">
            multi-site discounts
          </Link>
          .
        </p>
      </Section>

      <Section id="faq" title="Frequently Asked Questions">
        <FaqAccordion faqs={faqs} name="faq" />
      </Section>

      <section aria-labelledby="enterprise-title" className="px-4 pb-20 sm:px-6">
        <div className="mx-auto flex max-w-6xl flex-col items-start justify-between gap-6 rounded-2xl bg-slate-900 px-8 py-10 text-white md:flex-row md:items-center">
          <div className="max-w-2xl">
            <h2 id="enterprise-title" className="text-2xl font-bold">
              {enterprise.title}
            </h2>
            <p className="mt-2 text-slate-200">{enterprise.body}</p>
          </div>
          <Link to={enterprise.cta.href} className="shrink-0 rounded-md bg-white px-6 py-3 font-semibold text-slate-900 hover:bg-slate-100">
            {enterprise.cta.label}
          </Link>
        </div>
      </section>
    </main>
  );
}
