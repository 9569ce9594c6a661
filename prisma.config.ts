// Prisma CLI configuration (`prisma generate`, `prisma migrate deploy|diff`).
// Prisma 6.19 with the JS schema engine and the pg driver adapter works fully
// offline; the Rust engines it would otherwise download cannot be fetched here
// (docs/persistence.md).
import { createRequire } from "node:module";
import { defineConfig } from "prisma/config";

// The CLI must always see a DATABASE_URL: without one it cannot read the schema,
// falls back to the Rust "library" engine and tries to download it. `generate`
// never connects; `migrate deploy` uses this default only when none is given.
process.env.DATABASE_URL ??= "postgresql://postgres@127.0.0.1:5432/kubemedic";

// @prisma/adapter-pg is a dependency of apps/server, not of the workspace root.
const fromServer = createRequire(new URL("./apps/server/package.json", import.meta.url));

interface AdapterModule {
  PrismaPg: new (config: {
    connectionString: string | undefined;
    allowExitOnIdle: boolean;
    idleTimeoutMillis: number;
  }) => unknown;
}

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  // eslint-disable-next-line @typescript-eslint/require-await -- the config API wants a promise
  adapter: async () => {
    const { PrismaPg } = fromServer("@prisma/adapter-pg") as AdapterModule;
    // Without these the CLI sits ~10 s after its work, waiting for idle connections.
    return new PrismaPg({
      connectionString: process.env.DATABASE_URL,
      allowExitOnIdle: true,
      idleTimeoutMillis: 100,
    }) as never;
  },
});
