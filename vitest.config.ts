import { defineConfig } from "vitest/config";

// Test tiers (ARCHITECTURE.md, Conventions): the file name says what a test needs.
//   unit  *.test.ts      no network beyond loopback fixtures it starts itself
//   int   *.int.test.ts  a database, a running server or the demo cluster
//   e2e   e2e/*.spec.ts  a real Chromium against the real server
//   security *.security.test.ts  the hostile review's fuzz and load cases, replayed (issue #19)
const ignored = ["**/node_modules/**", "**/dist/**", "**/.tmp/**"];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "{apps,packages}/*/src/**/*.test.{ts,tsx}",
            "{apps,packages}/*/test/**/*.test.ts",
          ],
          exclude: [...ignored, "**/*.int.test.ts", "**/*.security.test.ts"],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: "int",
          include: ["{apps,packages}/*/{src,test}/**/*.int.test.ts"],
          exclude: ignored,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "security",
          include: ["{apps,packages}/*/{src,test}/**/*.security.test.ts"],
          exclude: ignored,
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Load replays: one at a time, or they would measure each other.
          fileParallelism: false,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["apps/web/e2e/**/*.spec.ts"],
          exclude: ignored,
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
