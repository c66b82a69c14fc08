import { Link } from "react-router";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [
  { title: "Inkpilot: SEO blog posts on auto-pilot" },
  { name: "description", content: "Inkpilot researches your business, plans your keywords and writes SEO articles in your brand's voice." },
];

export default function Home() {
  return (
    <main className="mx-auto max-w-4xl px-6 py-24 text-center">
      <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Create Professional Blog Posts in Minutes, Not Hours</h1>
      <p className="mt-6 text-lg text-slate-600">
        Inkpilot researches your business, plans a month of keywords and publishes one SEO article a day.
      </p>
      <Link to="/signup" className="mt-10 inline-block rounded-md bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700">
        Start Free Trial
      </Link>
    </main>
  );
}
