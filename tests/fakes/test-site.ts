import http from "node:http";
import zlib from "node:zlib";
import { listen } from "./http-fake";

/**
 * A small local website for the onboarding scan: realistic pages (navigation,
 * Open Graph tags, headings, html lang) plus misbehaving paths for the SSRF
 * guard's tests (redirects to forbidden addresses, slow and oversized answers).
 */

export const TEST_SITE = {
  brandName: "Northwind Coffee Roasters",
  title: "Northwind Coffee Roasters | Specialty coffee for home baristas",
  description: "Small-batch specialty coffee roasted weekly in Portland and shipped fresh to home baristas across the country.",
  lang: "en-us",
};

function page(title: string, body: string, { lang = TEST_SITE.lang, extraHead = "" } = {}) {
  return `<!doctype html>
<html lang="${lang}">
<head>
  <meta charset="utf-8">
  <title>${title}</title>
  <meta name="viewport" content="width=device-width, initial-scale=1">
  ${extraHead}
  <link rel="stylesheet" href="/styles.css">
  <script>window.dataLayer = window.dataLayer || [];</script>
</head>
<body>
  <header class="site-header">
    <a class="logo" href="/">Northwind</a>
    <nav aria-label="Main">
      <ul>
        <li><a href="/">Home</a></li>
        <li><a href="/shop">Shop coffee</a></li>
        <li><a href="/subscriptions">Subscriptions</a></li>
        <li><a href="/brew-guides">Brew guides</a></li>
        <li><a href="/about#story">Our story</a></li>
        <li><a href="/about">About</a></li>
        <li><a href="https://instagram.example/northwind">Instagram</a></li>
        <li><a href="mailto:hello@northwind.example">Email us</a></li>
      </ul>
    </nav>
  </header>
  ${body}
  <footer><p>© 2026 Northwind Coffee Roasters. All rights reserved.</p><a href="/privacy">Privacy policy</a></footer>
</body>
</html>`;
}

export const HOME_HTML = page(
  TEST_SITE.title,
  `<main>
    <section class="hero">
      <h1>Freshly roasted specialty coffee, delivered</h1>
      <p>We roast small batches of single-origin coffee every Monday and ship them the same day, so your beans arrive at their peak.</p>
      <a class="button" href="/shop">Shop our coffee</a>
    </section>
    <section>
      <h2>Single-origin beans from farms we know</h2>
      <p>Every coffee we sell is traceable to the farm. We pay above fair-trade prices and visit our partners every harvest.</p>
      <h3>Ethiopia Yirgacheffe</h3>
      <p>Bright and floral with notes of bergamot and lemon.</p>
      <h3>Colombia Huila</h3>
      <p>Sweet and balanced with caramel and red apple.</p>
    </section>
    <section>
      <h2>Brew better coffee at home</h2>
      <p>Our brew guides walk you through pour-over, espresso and French press, step by step.</p>
    </section>
    <section>
      <h2>Coffee subscriptions that fit your routine</h2>
      <p>Choose how often you want fresh beans and we handle the rest. Pause or cancel any time.</p>
    </section>
  </main>`,
  {
    extraHead: `<meta name="description" content="${TEST_SITE.description}">
  <meta name="keywords" content="specialty coffee, coffee subscription, single-origin beans">
  <meta property="og:site_name" content="${TEST_SITE.brandName}">
  <meta property="og:title" content="Freshly roasted specialty coffee">
  <meta property="og:description" content="${TEST_SITE.description}">
  <meta property="og:type" content="website">
  <meta property="og:locale" content="en_US">`,
  },
);

const ABOUT_HTML = page(
  "About us – Northwind Coffee Roasters",
  `<main><h1>Our story</h1><p>Northwind started in a garage in 2014 with a popcorn popper and a lot of curiosity.</p></main>`,
);

export type TestSite = Awaited<ReturnType<typeof startTestSite>>;

export async function startTestSite({ port = 0 } = {}) {
  let ownUrl = "";
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://test-site");
    const html = (status: number, body: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "Content-Type": "text/html; charset=utf-8", ...headers });
      res.end(body);
    };
    switch (url.pathname) {
      case "/":
        return html(200, HOME_HTML);
      case "/about":
        return html(200, ABOUT_HTML);
      case "/shop":
      case "/subscriptions":
      case "/brew-guides":
      case "/privacy":
        return html(200, page(`${url.pathname.slice(1)} – Northwind Coffee Roasters`, `<main><h1>${url.pathname.slice(1)}</h1></main>`));
      case "/gzip":
        res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Encoding": "gzip" });
        return res.end(zlib.gzipSync(HOME_HTML));
      case "/latin1":
        res.writeHead(200, { "Content-Type": "text/html; charset=iso-8859-1" });
        return res.end(Buffer.from(page("Café Zoë", "<main><h1>Café Zoë</h1></main>", { lang: "fr" }), "latin1"));
      // Redirects: same-site, then the forbidden targets the guard must refuse.
      case "/moved":
        return html(301, "", { Location: "/" });
      case "/redirect":
        return html(302, "", { Location: url.searchParams.get("to") ?? "/" });
      case "/redirect-to-metadata":
        return html(302, "", { Location: "http://169.254.169.254/latest/meta-data/" });
      case "/redirect-to-loopback":
        return html(302, "", { Location: `http://127.0.0.2:${new URL(ownUrl).port}/` });
      case "/loop":
        return html(302, "", { Location: `/loop?n=${Number(url.searchParams.get("n") ?? 0) + 1}` });
      // Limits: an answer that never finishes in time and one that is too big.
      case "/slow": {
        const timer = setTimeout(() => html(200, HOME_HTML), Math.min(Number(url.searchParams.get("ms") ?? 5000), 30_000));
        req.on("close", () => clearTimeout(timer));
        return;
      }
      case "/trickle": {
        res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
        res.write("<!doctype html><html><body>");
        const timer = setInterval(() => res.write("<p>still loading</p>"), 200);
        const stop = setTimeout(() => {
          clearInterval(timer);
          res.end("</body></html>");
        }, 10_000);
        req.on("close", () => {
          clearInterval(timer);
          clearTimeout(stop);
        });
        return;
      }
      case "/huge": {
        const bytes = Math.min(Number(url.searchParams.get("bytes") ?? 3_000_000), 20_000_000);
        const declare = url.searchParams.get("declare") !== "0";
        res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", ...(declare ? { "Content-Length": String(bytes) } : {}) });
        const chunk = Buffer.alloc(64 * 1024, "a");
        let sent = 0;
        const pump = () => {
          while (sent < bytes) {
            const part = chunk.subarray(0, Math.min(chunk.length, bytes - sent));
            sent += part.length;
            if (!res.write(part)) return res.once("drain", pump);
          }
          res.end();
        };
        res.on("close", () => (sent = bytes));
        return pump();
      }
      case "/not-html":
        res.writeHead(200, { "Content-Type": "application/json" });
        return res.end(JSON.stringify({ hello: "world" }));
      default:
        return html(404, page("Not found", "<main><h1>Not found</h1></main>"));
    }
  });
  const handle = await listen(server, port);
  ownUrl = handle.url;
  return handle;
}
