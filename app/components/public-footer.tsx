import { Link } from "react-router";
import { footerColumns, type NavLink } from "#app/modules/site-content/navigation";
import { LogoMark } from "./logo";

function FooterLink({ link }: { link: NavLink }) {
  const className = "text-sm text-slate-600 hover:text-slate-900 hover:underline";
  // mailto: and outside links are plain anchors; site pages use client navigation.
  if (link.external || !link.href.startsWith("/")) {
    return (
      <a href={link.href} className={className} {...(link.external ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
        {link.label}
      </a>
    );
  }
  return (
    <Link to={link.href} className={className}>
      {link.label}
    </Link>
  );
}

/** The shared public footer: Company, Support, Free Tools and Connect columns. */
export function PublicFooter({ supportEmail }: { supportEmail: string }) {
  const columns = footerColumns(supportEmail);
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:px-6 md:grid-cols-[1.2fr_repeat(4,1fr)]">
        <div>
          <p className="flex items-center gap-2 text-lg font-bold text-slate-900">
            <LogoMark className="h-6 w-6" />
            Inkpilot
          </p>
          <p className="mt-3 max-w-xs text-sm text-slate-600">SEO blog posts on auto-pilot.</p>
        </div>
        {columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold text-slate-900">{column.title}</h2>
            <ul className="mt-3 flex flex-col gap-2">
              {column.links.map((link) => (
                <li key={link.href}>
                  <FooterLink link={link} />
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-200">
        <p className="mx-auto max-w-6xl px-4 py-6 text-xs text-slate-500 sm:px-6">
          © {new Date().getFullYear()} Inkpilot. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
