import appCss from "#app/app.css?raw";
import { familiesOf, type FontStack } from "./fonts";

/**
 * What the product's own stylesheet declares about fonts, read from the source
 * CSS itself (bundled as text), so the operators' font debug page cannot drift
 * from what is served: the @font-face rules (web font files) and the --font-*
 * theme stacks.
 */

export function declaredFonts(css: string = appCss) {
  const fontFaces = [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map((m) => {
    const body = m[1] ?? "";
    return {
      family:
        /font-family:\s*([^;]+);/
          .exec(body)?.[1]
          ?.trim()
          .replace(/^["']|["']$/g, "") ?? "",
      src: /src:\s*([^;]+);/.exec(body)?.[1]?.trim() ?? "",
      weight: /font-weight:\s*([^;]+);/.exec(body)?.[1]?.trim() ?? "normal",
      style: /font-style:\s*([^;]+);/.exec(body)?.[1]?.trim() ?? "normal",
    };
  });
  const stacks: FontStack[] = [...css.matchAll(/--font-([\w-]+):\s*([^;]+);/g)].map((m) => ({
    use: `Dashboard and public pages (--font-${m[1]})`,
    variable: `--font-${m[1]}`,
    stack: m[2]!.trim(),
    families: familiesOf(m[2]!),
  }));
  return { fontFaces, stacks };
}
