// One flat config for the whole workspace. Type-aware rules use the TypeScript
// project service, so each package's own tsconfig.json decides what a file sees.
import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

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
    files: ["**/*.mjs", "**/*.js"],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ["apps/web/src/**/*.{ts,tsx}", "apps/web/public/**/*.js"],
    languageOptions: { globals: { ...globals.browser } },
  },
);
