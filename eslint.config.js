// One flat config for the whole workspace. Type-aware rules use the TypeScript
// project service, so each package's own tsconfig.json decides what a file sees.
import js from "@eslint/js";
import globals from "globals";
import checkFile from "eslint-plugin-check-file";
import tseslint from "typescript-eslint";

// File-name case per area, as the names already are (ARCHITECTURE.md, Conventions): kebab-case
// in the server, protocol, demo-cluster, mcp, agent, bench, the CLI's commands and tests;
// camelCase (PascalCase for a file named after a class or component) in kube, the web app, the
// CLI's top-level modules, quality suite and fix flow, and the agent's plain-language actions.
// Middle extensions (`.int.test`) are ignored.
const KEBAB = "KEBAB_CASE";
const CAMEL_OR_PASCAL = "[a-zA-Z]*([a-zA-Z0-9])";
const fileCase = (files, style, ignores = []) => ({
  files,
  ignores,
  plugins: { "check-file": checkFile },
  rules: {
    "check-file/filename-naming-convention": [
      "error",
      { "**/*.{ts,tsx}": style },
      { ignoreMiddleExtensions: true },
    ],
  },
});

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      "**/.kubemedic/**",
      "**/.tmp/**",
      "apps/server/src/db/generated/**",
      "bench/results/**",
      "apps/web/e2e/screenshots/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: [
            "*.js",
            "*.mjs",
            "*.cjs",
            "*.ts",
            "scripts/*.mjs",
            "bench/*.mjs",
            ".ci/*.mjs",
          ],
        },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/switch-exhaustiveness-check": "error",
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": [
        "error",
        { checksVoidReturn: { arguments: false } },
      ],
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@kubemedic/*/src/*", "../../packages/*", "../../apps/*"],
              message: "Import a workspace package by its name, never a path into its src.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["**/*.mjs", "**/*.js", "**/*.cjs"],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ["apps/web/src/**/*.{ts,tsx}", "apps/web/public/**/*.js"],
    languageOptions: { globals: { ...globals.browser } },
  },
  fileCase(["{apps/server,packages/protocol,packages/demo-cluster,packages/mcp}/**/*.ts"], KEBAB),
  fileCase(["packages/agent/**/*.ts"], KEBAB, ["packages/agent/src/understand/**"]),
  fileCase(
    [
      "packages/kube/**/*.ts",
      "apps/web/**/*.{ts,tsx}",
      "apps/cli/src/quality/**/*.ts",
      "packages/agent/src/understand/**/*.ts",
    ],
    CAMEL_OR_PASCAL,
  ),
  fileCase(["apps/cli/src/commands/**/*.ts", "apps/cli/test/**/*.ts", "bench/**/*.ts"], KEBAB),
  fileCase(["apps/cli/src/*.ts", "apps/cli/src/fix/**/*.ts"], CAMEL_OR_PASCAL),
  // Code is imported by specifier, so that dependency-cruiser and knip see the edge and the
  // types are the real ones: `import(new URL("../../x.ts", import.meta.url).href)` hides both.
  {
    files: ["**/*.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "ImportExpression NewExpression[callee.name='URL']",
          message:
            "Import a module by its specifier (a package name, or a package's exports subpath), not by URL.",
        },
      ],
    },
  },
);
