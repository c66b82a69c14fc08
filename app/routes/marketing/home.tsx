import { Link } from "react-router";
import { JsonLd } from "#app/components/json-ld";
import {
  comparison,
  enterprise,
  faqs,
  features,
  hero,
  heroTestimonial,
  howItWorks,
  integrations,
  parseBillingPeriod,
  pricing,
  testimonials,
  testimonialsSection,
} from "#app/modules/site-content/content";
import { faqPageLd, organizationLd, softwareApplicationLd } from "#app/modules/site-content/structured-data";
import { seoMeta, useSiteOrigin } from "#app/utils/seo";
import type { Route } from "./+types/home";
import { BillingToggle, CheckIcon, CrossIcon, FaqAccordion, PricingCards, Section, Stars } from "./components";

export const handle = { hydrate: false };

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: "Inkpilot: SEO Blog Posts on Auto-Pilot",
    description:
      "Inkpilot researches your business, plans 30 days of keywords and writes SEO-optimised blog posts in your brand's voice, published to WordPress, Shopify or Wix.",
    path: "/",
  });

export function loader({ request }: Route.LoaderArgs) {
  return { billing: parseBillingPeriod(new URL(request.url).searchParams.get("billing")) };
}

function DashboardPreview() {
  const rows = [
    { title: "10 Ways to Keep Ceramic Glazes Food-Safe", keyword: "food safe glaze", status: "Published", tone: "bg-emerald-100 text-emerald-800" },
    { title: "Stoneware vs Porcelain: Which Lasts Longer?", keyword: "stoneware vs porcelain", status: "Scheduled", tone: "bg-sky-100 text-sky-800" },
    { title: "How to Care for Handmade Mugs", keyword: "handmade mug care", status: "Draft", tone: "bg-slate-100 text-slate-700" },
  ];
  return (
    <figure className="mx-auto mt-14 max-w-4xl">
      <div className="overflow-hidden rounded-xl border border-slate-200 bg-white text-left shadow-2xl shadow-slate-900/10">
        <div className="flex items-center gap-1.5 border-b border-slate-200 bg-slate-50 px-4 py-2.5" aria-hidden="true">
          <span className="h-2.5 w-2.5 rounded-full bg-red-300" />
          <span className="h-2.5 w-2.5 rounded-full bg-amber-300" />
          <span className="h-2.5 w-2.5 rounded-full bg-emerald-300" />
        </div>
        <div className="grid sm:grid-cols-[11rem_1fr]">
          <div className="hidden border-r border-slate-200 bg-slate-50 p-4 text-sm text-slate-700 sm:block" aria-hidden="true">
            {["Write", "Articles", "Topics", "Scheduler", "Backlinks", "Settings"].map((item) => (
              <p key={item} className={item === "Articles" ? "rounded bg-white px-2 py-1.5 font-semibold text-slate-900 shadow-sm" : "px-2 py-1.5"}>
                {item}
              </p>
            ))}
          </div>
          <div className="p-5">
            <p className="text-lg font-bold text-slate-900">Articles</p>
            <table className="mt-3 w-full text-sm">
              <caption className="sr-only">Example articles in the Inkpilot dashboard</caption>
              <thead>
                <tr className="text-left text-xs uppercase tracking-wide text-slate-600">
                  <th scope="col" className="pb-2 font-semibold">Post</th>
                  <th scope="col" className="pb-2 font-semibold">Status</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rows.map((row) => (
                  <tr key={row.title}>
                    <td className="py-2.5 pr-3">
                      <p className="font-medium text-slate-900">{row.title}</p>
                      <p className="text-xs text-slate-600">{row.keyword}</p>
                    </td>
                    <td className="py-2.5">
                      <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${row.tone}`}>{row.status}</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      </div>
      <figcaption className="mt-3 text-center text-sm text-slate-600">The Inkpilot dashboard: every article, its keyword and its status.</figcaption>
    </figure>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { billing } = loaderData;
  const origin = useSiteOrigin();
  return (
    <main id="main">
      <JsonLd data={[organizationLd(origin), softwareApplicationLd(origin), faqPageLd(faqs)]} />

      <section aria-labelledby="hero-title" className="bg-linear-to-b from-brand-50 to-white px-4 pb-16 pt-16 sm:px-6 sm:pt-24">
        <div className="mx-auto max-w-4xl text-center">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{hero.eyebrow}</p>
          <h1 id="hero-title" className="mt-3 text-4xl font-bold tracking-tight text-slate-900 sm:text-6xl">
            {hero.title}
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600">{hero.lead}</p>
          <div className="mt-10 flex flex-col items-center justify-center gap-4 sm:flex-row">
            <Link to={hero.cta.href} className="rounded-md bg-brand-600 px-7 py-3 text-base font-semibold text-white shadow hover:bg-brand-700">
              {hero.cta.label}
            </Link>
            <a href="#how-it-works" className="rounded-md px-5 py-3 text-base font-semibold text-slate-800 hover:bg-slate-100">
              See how it works
            </a>
          </div>
          <ul className="mt-6 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-slate-600">
            {hero.reassurance.map((item) => (
              <li key={item} className="flex items-center gap-1.5">
                <CheckIcon className="h-4 w-4 text-emerald-700" />
                {item}
              </li>
            ))}
          </ul>
          <figure className="mx-auto mt-10 max-w-md rounded-xl border border-slate-200 bg-white p-5 text-left shadow-sm">
            <Stars rating={heroTestimonial.rating} />
            <blockquote className="mt-2 text-sm text-slate-700">“{heroTestimonial.content}”</blockquote>
            <figcaption className="mt-3 flex items-center gap-3 text-sm">
              <span aria-hidden="true" className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-700">
                {heroTestimonial.avatar}
              </span>
              <span>
                <span className="block font-semibold text-slate-900">{heroTestimonial.name}</span>
                <span className="block text-slate-600">{heroTestimonial.role}</span>
              </span>
            </figcaption>
          </figure>
        </div>
        <DashboardPreview />
      </section>

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
        <h3 className="sr-only">Upcoming platforms</h3>
        <ul className="mt-8 flex flex-wrap justify-center gap-3" aria-label="Upcoming platforms">
          {integrations.upcoming.map((platform) => (
            <li key={platform.name} className="rounded-full border border-dashed border-slate-300 bg-slate-50 px-4 py-2 text-sm text-slate-600 grayscale">
              <span className="font-medium">{platform.name}</span> · {platform.status}
            </li>
          ))}
        </ul>
      </Section>

      <Section id="how-it-works" title={howItWorks.title} lead={howItWorks.lead} className="bg-slate-50">
        <ol className="grid gap-6 md:grid-cols-3">
          {howItWorks.steps.map((step, index) => (
            <li key={step.title} className="rounded-2xl border border-slate-200 bg-white p-6">
              <span aria-hidden="true" className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-600 font-bold text-white">
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
      </Section>

      <Section id="comparison" title={comparison.title} lead={comparison.lead}>
        <div className="mx-auto max-w-4xl overflow-x-auto rounded-2xl border border-slate-200">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Inkpilot compared with a generic chat assistant, feature by feature</caption>
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold text-slate-900">Feature</th>
                <th scope="col" className="px-4 py-3 text-center font-semibold text-brand-700">{comparison.usLabel}</th>
                <th scope="col" className="px-4 py-3 text-center font-semibold text-slate-700">{comparison.assistantLabel}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {comparison.rows.map((row) => (
                <tr key={row.feature}>
                  <th scope="row" className="px-4 py-3 font-medium text-slate-800">{row.feature}</th>
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
      </Section>

      <Section id="testimonials" title={testimonialsSection.title} lead={testimonialsSection.lead}>
        <ul className="grid gap-6 md:grid-cols-3">
          {testimonials.map((t) => (
            <li key={t.id}>
              <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <Stars rating={t.rating} />
                <blockquote className="mt-3 flex-1 text-slate-700">“{t.content}”</blockquote>
                <figcaption className="mt-5 flex items-center gap-3 text-sm">
                  <span aria-hidden="true" className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-700">
                    {t.avatar}
                  </span>
                  <span>
                    <span className="block font-semibold text-slate-900">{t.name}</span>
                    <span className="block text-slate-600">{t.role}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="pricing" title={pricing.title} lead={pricing.lead} className="bg-slate-50">
        <BillingToggle billing={billing} basePath="/" anchor="pricing" />
        <PricingCards billing={billing} variant="landing" />
        <p className="mt-6 text-center text-sm text-slate-600">
          Several websites? See the <Link to="/pricing#discounts-title" className="font-medium text-brand-700 underline">multi-site discounts</Link>.
        </p>
      </Section>

      <Section id="faq" title="Frequently Asked Questions">
        <FaqAccordion faqs={faqs} name="faq" />
      </Section>

      <section aria-labelledby="enterprise-title" className="px-4 pb-20 sm:px-6">
        <div className="mx-auto flex max-w-6xl flex-col items-start justify-between gap-6 rounded-2xl bg-slate-900 px-8 py-10 text-white md:flex-row md:items-center">
          <div className="max-w-2xl">
            <h2 id="enterprise-title" className="text-2xl font-bold">{enterprise.title}</h2>
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
