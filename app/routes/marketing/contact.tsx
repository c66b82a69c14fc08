import { data } from "react-router";
import { requestContext } from "#app/context";
import { getDb } from "#app/db/client.server";
import { contactPage } from "#app/modules/site-content/content";
import { submitContactMessage } from "#app/modules/site-content/contact.server";
import { seoMeta } from "#app/utils/seo";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/contact";
import { ContactForm, PageHeader } from "./components";

export const handle = { hydrate: false };

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: "Contact Us",
    description: "Enterprise plans, agencies and custom integrations: tell the Inkpilot team what you need and we will reply by email.",
    path: "/contact",
  });

export async function action({ request, context }: Route.ActionArgs) {
  const result = await submitContactMessage(getDb(), await request.formData(), {
    source: "enterprise",
    ip: context.get(requestContext).ip,
  });
  if (result.status === "invalid") return data({ errors: result.errors, values: result.values }, { status: 400 });
  throw await redirectWithToast("/contact", { type: "success", title: contactPage.success, description: contactPage.successDescription });
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
