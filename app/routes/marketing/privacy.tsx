import { privacy } from "#app/modules/site-content/legal";
import { seoMeta } from "#app/utils/seo";
import { LegalPage } from "./components";
import type { Route } from "./+types/privacy";

export const handle = { hydrate: false };

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: privacy.title,
    description: "What personal data Inkpilot collects, why, which providers process it, the cookies we use and your rights.",
    path: "/privacy",
  });

export default function Privacy() {
  return <LegalPage document={privacy} />;
}
