import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build*/", ".react-router/", "node_modules/", "data/", "test-results*/", "playwright-report/", "tests/.tmp/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      // cheerio's full entry loads npm undici, which breaks Node 20's built-in fetch (tests/integration/outbound-fetch.test.ts).
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "cheerio", message: 'Import from "cheerio/slim": the full entry loads undici and breaks the built-in fetch.' },
            { name: "undici", message: "Use the built-in fetch; npm undici replaces its global dispatcher." },
          ],
        },
      ],
    },
  },
);
