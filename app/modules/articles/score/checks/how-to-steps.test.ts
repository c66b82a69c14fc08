import { describe, expect, it } from "vitest";
import { scoreArticle, type SeoInput } from "#app/modules/articles/seo";

const base: SeoInput = {
  title: "How to Glaze Pottery",
  metaDescription: "How to glaze pottery at home.",
  html: "",
  keyword: "how to glaze pottery",
  lengthBand: "short",
  internalLinksWanted: "none",
  externalLinksWanted: "none",
  siteOrigin: null,
  ownBlog: null,
  language: "en",
};
const check = (input: Partial<SeoInput>) => scoreArticle({ ...base, ...input }).checks.find((c) => c.id === "how-to-steps");

const HISTORY =
  "<p>Glaze was first used in ancient Egypt on faience beads. Song dynasty potters in China refined ash glazes over centuries. Tin glazes spread across Europe in the Renaissance.</p>";
const STEPS =
  "<ol><li>Wax the foot of the pot with a brush.</li><li>Stir the glaze bucket for two minutes.</li><li>Dip the pot for three seconds.</li></ol>";

describe("the how-to check", () => {
  it("holds a how-to keyword answered with history instead of steps", () => {
    const found = check({ html: HISTORY.repeat(5) });
    expect(found?.passed).toBe(false);
    expect(found?.blocks).toBe(true);
  });

  it("passes a numbered list of steps, or three instructions in prose", () => {
    expect(check({ html: HISTORY.repeat(5) + STEPS })?.passed).toBe(true);
    const prose = "<p>Wax the foot of the pot first. Stir the glaze for two minutes. Dip the pot for three seconds and let it dry.</p>";
    expect(check({ html: HISTORY.repeat(5) + prose })?.passed).toBe(true);
  });

  it("is left out for a keyword that does not ask how, in any language it knows", () => {
    expect(check({ keyword: "glaze history", html: HISTORY })).toBeUndefined();
    expect(check({ keyword: "cómo esmaltar cerámica", language: "es-ES", html: HISTORY.repeat(5) })?.passed).toBe(false);
    expect(check({ keyword: "quelle terre choisir", language: "fr-FR", html: HISTORY })).toBeUndefined();
  });
});
