import path from "node:path";
import { BENCH_SECRETS, type BuiltServer } from "./built-server";

/**
 * The hosted blog for npm run audit:lighthouse (docs/decisions/077-blog-themes.md): the demo's blog (Northwind Coffee,
 * posts with covers, topics, long enough for a contents list, a too-light accent the themes must darken) loaded
 * into the built server's database through the app's own seed, and a way to switch its theme and fonts between
 * runs. Audits run on the blog as readers get it, not on a ?theme= preview, which is noindex by design.
 */

/** Each theme audited with a different font pairing, so every kind of stack is measured too. */
export const AUDITED_THEMES = [
  { theme: "magazine", fontPairing: "modern" },
  { theme: "longread", fontPairing: "classic" },
  { theme: "journal", fontPairing: "editorial" },
] as const;

export async function seedAuditBlog(server: BuiltServer) {
  // The app's modules read their settings as the server does: the same database, files and URL.
  Object.assign(process.env, {
    NODE_ENV: "production",
    APP_URL: server.url,
    DATA_DIR: server.dataDir,
    LOG_LEVEL: "error",
    ...BENCH_SECRETS,
  });
  const { openDatabase } = await import("#app/db/client.server");
  const { DEMO_ARTICLES } = await import("#app/modules/demo/articles");
  const { DEMO_BLOG_SLUG, seedDemo } = await import("#app/modules/demo/seed.server");
  const { setBlogTheme } = await import("#app/modules/hosted-blog/appearance.server");
  const { getBrandSettings, saveBrandLook } = await import("#app/modules/settings/brand.server");
  const opened = openDatabase(path.join(server.dataDir, "inkpilot.sqlite"));
  const tenant = await seedDemo(opened.db);
  const live = DEMO_ARTICLES.find((article) => article.state === "live")!;
  const { accentColor } = await getBrandSettings(opened.db, tenant.siteId);
  return {
    pages: [`/b/${DEMO_BLOG_SLUG}`, `/b/${DEMO_BLOG_SLUG}/${live.slug}`],
    async use({ theme, fontPairing }: (typeof AUDITED_THEMES)[number]) {
      await setBlogTheme(opened.db, tenant, theme, { userId: tenant.userId, ip: null });
      await saveBrandLook(opened.db, tenant.siteId, { accentColor: accentColor!, fontPairing });
    },
    close: () => opened.db.destroy(),
  };
}
