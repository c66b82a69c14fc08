import { terms } from "#app/modules/site-content/legal";
import { seoMeta } from "#app/utils/seo";
import { LegalPage } from "./components";
import type { Route } from "./+types/terms";

export const handle = { hydrate: false };

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: terms.title,
    description: "The terms for using Inkpilot: accounts, content, plans and billing, cancellation, liability and changes.",
    path: "/terms",
  });

export default function Terms() {
  return <LegalPage document={terms} />;
}
