import { contactPage } from "#app/modules/site-content/content";
import { seoMeta } from "#app/utils/seo";
import { contactAction } from "./contact-action.server";
import { PageHeader } from "./components";
import { ContactForm } from "./contact-form";
import type { Route } from "./+types/contact";

export const handle = { hydrate: false };

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: "Contact Us",
    description: "Enterprise plans, agencies and custom integrations: tell the Inkpilot team what you need and we will reply by email.",
    path: "/contact",
  });

export async function action(args: Route.ActionArgs) {
  return contactAction(args, { source: "enterprise", page: "/contact" });
}

export default function Contact({ actionData }: Route.ComponentProps) {
  return (
    <main id="main">
      <PageHeader eyebrow="Enterprise Solutions" title={contactPage.title} lead={contactPage.lead} />
      <div className="mx-auto max-w-2xl px-4 py-14 sm:px-6">
        <ContactForm id="contact" actionData={actionData} showCompany submitLabel="Send message" />
      </div>
    </main>
  );
}
