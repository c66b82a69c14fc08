import { getDb } from "#app/db/client.server";
import { blogOfHost, hostnameOf, isAppHost } from "#app/modules/hosted-blog/hosts.server";
import { hostedBlogPath } from "#app/modules/hosted-blog/urls";
import { logger } from "#app/utils/logger.server";
import type express from "express";

/**
 * Requests for a customer's own domain (docs/decisions/076-blog-custom-domains.md): the path is moved under
 * /b/<blog>/, so only the hosted blog's routes can answer (its index, posts, feeds, sitemap, robots.txt and IndexNow
 * key; anything else is the blog's 404, never the dashboard). A host that is neither the app's nor an active
 * domain gets a plain 404. Nothing on a customer's domain sets a cookie, and its HSTS header never covers the
 * customer's other subdomains.
 */
export function serveBlogHosts(): express.RequestHandler {
  return (req, res, next) => {
    const hostname = hostnameOf(req.headers.host);
    if (hostname && isAppHost(hostname)) return next();
    void blogFor(hostname).then((blog) => {
      if (!blog) return notFound(res);
      if ("redirectTo" in blog) return res.redirect(301, `${blog.redirectTo}${req.url}`);
      const [pathname = "/", query] = req.url.split("?", 2);
      const moved = `${hostedBlogPath(blog.blogSlug)}${pathname === "/" ? "" : pathname}${query !== undefined ? `?${query}` : ""}`;
      req.url = moved;
      req.originalUrl = moved;
      keepCustomerDomainClean(res);
      next();
    }, next);
  };
}

async function blogFor(hostname: string | null) {
  if (!hostname) return null;
  try {
    return await blogOfHost(getDb(), hostname);
  } catch (error) {
    logger.error({ err: error, hostname }, "could not look up a blog's domain");
    throw error;
  }
}

function notFound(res: express.Response) {
  res.status(404).set({ "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" }).end("Not found");
}

/** No cookie is ever set on a customer's domain, and HSTS there is for that one host only. */
function keepCustomerDomainClean(res: express.Response) {
  const setHeader = res.setHeader.bind(res);
  res.setHeader = ((name: string, value: number | string | readonly string[]) => {
    const header = name.toLowerCase();
    if (header === "set-cookie") return res;
    if (header === "strict-transport-security") return setHeader(name, "max-age=31536000");
    return setHeader(name, value);
  }) as typeof res.setHeader;
}
