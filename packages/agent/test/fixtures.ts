import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startDemoCluster, type DemoCluster } from "@kubemedic/demo-cluster";
import { Cluster, loadKubeConfig } from "@kubemedic/kube";
import pg from "pg";

/** The real demo cluster on port 0, and a kube `Cluster` connected to it. */
export interface DemoFixture {
  demo: DemoCluster;
  cluster: Cluster;
  close(): Promise<void>;
}

export async function startDemo(scenarios?: string[], namespace?: string): Promise<DemoFixture> {
  const demo = await startDemoCluster({
    port: 0,
    ...(scenarios === undefined ? {} : { scenarios }),
  });
  const dir = await mkdtemp(join(tmpdir(), "kubemedic-agent-test-"));
  const path = join(dir, "kubeconfig");
  await demo.writeKubeconfig(path);
  const cluster = new Cluster(
    loadKubeConfig({ kubeconfigPath: path }),
    namespace === undefined ? {} : { namespace },
  );
  return {
    demo,
    cluster,
    async close() {
      cluster.close();
      await demo.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export const TEST_DATABASE_URL =
  process.env.KUBEMEDIC_TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/test";

/**
 * Whether real PostgreSQL answers. Tests that need it are skipped, loudly,
 * when it does not — unless KUBEMEDIC_REQUIRE_POSTGRES=1, which makes that a failure.
 */
export async function postgresAvailable(): Promise<boolean> {
  const client = new pg.Client({
    connectionString: TEST_DATABASE_URL,
    connectionTimeoutMillis: 10_000,
  });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch (error) {
    if (process.env.KUBEMEDIC_REQUIRE_POSTGRES === "1") {
      throw new Error(
        `PostgreSQL is required (KUBEMEDIC_REQUIRE_POSTGRES=1) but ${TEST_DATABASE_URL} is unreachable: ${String(error)}`,
        { cause: error },
      );
    }
    console.warn(
      `\n*** SKIPPING PostgreSQL tests: ${TEST_DATABASE_URL} is unreachable (${String(error)}) ***\n`,
    );
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A fresh schema name for this run, dropped by `dropSchema`. */
export function freshSchema(): string {
  return `langgraph_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
}

export async function dropSchema(schema: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 1 });
  try {
    await pool.query(`drop schema if exists "${schema}" cascade`);
  } finally {
    await pool.end();
  }
}

/** Collects a turn's events. */
export async function collect<T>(events: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const e of events) out.push(e);
  return out;
}

/** Agent events, by type. */
export function ofType<E extends { type: string }, T extends E["type"]>(
  events: E[],
  type: T,
): Extract<E, { type: T }>[] {
  return events.filter((e): e is Extract<E, { type: T }> => e.type === type);
}

/** The env that points `createModel` at a stub. */
export function stubEnv(url: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    OPENAI_API_KEY: "test-key",
    OPENAI_BASE_URL: url,
    KUBEMEDIC_MODEL: "stub-model",
    ...extra,
  };
}

/** Reads one object straight from the API server, with the cluster's own credentials and CA. */
export async function readObject(cluster: Cluster, path: string): Promise<Record<string, unknown>> {
  return cluster.transport.json<Record<string, unknown>>({ path });
}
