import { JsonLd } from "#app/components/json-ld";
import { founderLetter } from "#app/modules/site-content/content";
import { organizationLd } from "#app/modules/site-content/structured-data";
import { seoMeta, useSiteOrigin } from "#app/utils/seo";
import { PageHeader } from "./components";
import type { Route } from "./+types/about";

export const handle = { hydrate: false };

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: "Our Story",
    description: "Why we built Inkpilot: a letter from the team about keeping a business blog alive without becoming a full-time writer.",
    path: "/about",
  });

export default function About() {
  const origin = useSiteOrigin();
  return (
    <main id="main">
      <JsonLd data={organizationLd(origin)} />
      <PageHeader eyebrow="About Inkpilot" title={founderLetter.title} />
      <article className="mx-auto max-w-2xl px-4 py-14 text-lg leading-relaxed text-slate-700 sm:px-6">
        <p className="font-semibold text-slate-900">{founderLetter.greeting}</p>
        {founderLetter.paragraphs.map((paragraph) => (
          <p key={paragraph.slice(0, 32)} className="mt-5">
            {paragraph}
          </p>
        ))}
        <p className="mt-8 font-semibold text-slate-900">{founderLetter.signature}</p>
        <p className="mt-4">
          <a href={founderLetter.linkedIn.href} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-700 underline">
            {founderLetter.linkedIn.label}
          </a>
        </p>
      </article>
    </main>
  );
}
