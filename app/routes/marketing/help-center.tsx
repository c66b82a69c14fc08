import { JsonLd } from "#app/components/json-ld";
import { getEnv } from "#app/env.server";
import { helpCenter } from "#app/modules/site-content/content";
import { faqPageLd } from "#app/modules/site-content/structured-data";
import { seoMeta } from "#app/utils/seo";
import { contactAction } from "./contact-action.server";
import { FaqAccordion, PageHeader } from "./components";
import { ContactForm } from "./contact-form";
import type { Route } from "./+types/help-center";

export const handle = { hydrate: false };

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: "Help Center",
    description:
      "Answers to common Inkpilot questions about connecting your website and publishing, and a direct line to our support team.",
    path: "/help-center",
  });

export function loader() {
  return { supportEmail: getEnv().SUPPORT_EMAIL };
}

export async function action(args: Route.ActionArgs) {
  return contactAction(args, { source: "support", page: "/help-center" });
}

export default function HelpCenter({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main id="main">
      <JsonLd data={faqPageLd(helpCenter.faqs)} />
      <PageHeader title={helpCenter.title} lead={helpCenter.lead} />
      <section aria-labelledby="help-faq-title" className="px-4 py-14 sm:px-6">
        <h2 id="help-faq-title" className="mb-8 text-center text-2xl font-bold text-slate-900">
          Frequently Asked Questions
        </h2>
        <FaqAccordion faqs={helpCenter.faqs} name="help-faq" />
      </section>
      <section aria-labelledby="support-title" className="bg-slate-50 px-4 py-14 sm:px-6">
        <div className="mx-auto max-w-2xl">
          <h2 id="support-title" className="text-2xl font-bold text-slate-900">
            {helpCenter.contactTitle}
          </h2>
          <p className="mt-2 text-slate-600">
            {helpCenter.contactLead} You can also write to{" "}
            <a href={`mailto:${loaderData.supportEmail}`} className="font-medium text-brand-700 underline">
              {loaderData.supportEmail}
            </a>
            .
          </p>
          <div className="mt-6">
            <ContactForm id="support" actionData={actionData} showCompany={false} submitLabel="Send to support" />
          </div>
        </div>
      </section>
    </main>
  );
}
