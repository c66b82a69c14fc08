import { useEffect } from "react";
import { useNavigate } from "react-router";

/**
 * A link for long lists (the scheduler's 90 days, a page of articles). React
 * Router's <Link> resolves its route on every render (about 10 µs each on the
 * server), which is most of a long page's rendering cost; this renders a plain
 * <a> with an absolute href, and one click listener on the document
 * (ListLinkNavigation, mounted once in the root) makes it a client-side
 * navigation. Without JavaScript it is an ordinary link.
 * docs/decisions/053-cheaper-pages.md
 */
export function ListLink({
  to,
  preventScrollReset,
  ...props
}: Omit<React.ComponentProps<"a">, "href"> & { /** An absolute path ("/dashboard/…"). */ to: string; preventScrollReset?: boolean }) {
  return <a href={to} data-list-link="" data-discover="true" data-prevent-scroll-reset={preventScrollReset ? "" : undefined} {...props} />;
}

/** Plain left clicks on a ListLink navigate within the app, as a <Link> would. */
export function ListLinkNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    function onClick(event: MouseEvent) {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("a[data-list-link]") : null;
      if (!anchor || (anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return;
      const url = new URL(anchor.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      void navigate(url.pathname + url.search + url.hash, { preventScrollReset: anchor.hasAttribute("data-prevent-scroll-reset") });
    }
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
  return null;
}
