import { PrimaryCta } from "#app/components/public-header";
import { hero, heroTestimonial } from "#app/modules/site-content/content";
import { CheckIcon, TestimonialFigure } from "./components";

function DashboardPreview() {
  const rows = [
    {
      title: "10 Ways to Keep Ceramic Glazes Food-Safe",
      keyword: "food safe glaze",
      status: "Published",
      tone: "bg-emerald-100 text-emerald-800",
    },
    {
      title: "Stoneware vs Porcelain: Which Lasts Longer?",
      keyword: "stoneware vs porcelain",
      status: "Scheduled",
      tone: "bg-sky-100 text-sky-800",
    },
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
              <p
                key={item}
                className={item === "Articles" ? "rounded bg-white px-2 py-1.5 font-semibold text-slate-900 shadow-sm" : "px-2 py-1.5"}
              >
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
                  <th scope="col" className="pb-2 font-semibold">
                    Post
                  </th>
                  <th scope="col" className="pb-2 font-semibold">
                    Status
                  </th>
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
      <figcaption className="mt-3 text-center text-sm text-slate-600">
        The Inkpilot dashboard: every article, its keyword and its status.
      </figcaption>
    </figure>
  );
}

/** The home page's first screen: promise, call to action, a testimonial and a picture of the dashboard. */
export function HomeHero() {
  return (
    <section aria-labelledby="hero-title" className="bg-linear-to-b from-brand-50 to-white px-4 pb-16 pt-16 sm:px-6 sm:pt-24">
      <div className="mx-auto max-w-4xl text-center">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{hero.eyebrow}</p>
        <h1 id="hero-title" className="mt-3 text-4xl font-bold tracking-tight text-slate-900 sm:text-6xl">
          {hero.title}
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600">{hero.lead}</p>
        <div className="mt-10 flex flex-col items-center justify-center gap-4 sm:flex-row">
          <PrimaryCta className="rounded-md bg-brand-600 px-7 py-3 text-base font-semibold text-white shadow hover:bg-brand-700" />
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
        <TestimonialFigure testimonial={heroTestimonial} compact />
      </div>
      <DashboardPreview />
    </section>
  );
}
