import path from "node:path";
import js from "@eslint/js";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
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
    plugins: { "react-hooks": reactHooks, "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      // #app/* and #tests/* resolve through tsconfig's paths, with TypeScript's extensions.
      "import-x/resolver-next": [
        createNodeResolver({
          extensions: [".ts", ".tsx", ".js", ".mjs", ".json"],
          tsconfig: { configFile: path.resolve(import.meta.dirname, "tsconfig.json") },
        }),
      ],
    },
    rules: {
      // The house's import rules (docs/decisions/055): no cycle, type imports included; groups in one order.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/order": [
        "error",
        {
          groups: ["builtin", "external", "internal", "parent", "sibling", "index", "type"],
          pathGroups: [{ pattern: "#*/**", group: "internal" }],
          "newlines-between": "never",
        },
      ],
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
  // Functions stay short too (docs/decisions/072): 100 lines of code for logic, 200 for a component (JSX is tall).
  {
    files: ["app/**/*.ts", "server/**/*.ts", "scripts/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: { "max-lines-per-function": ["error", { max: 100, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ["app/**/*.tsx"],
    rules: { "max-lines-per-function": ["error", { max: 200, skipBlankLines: true, skipComments: true }] },
  },
);
