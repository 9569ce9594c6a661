import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseAllDocuments, parse } from "yaml";
import type { LogSource } from "../snapshot/LogSource";
import { directoryLogSource } from "../snapshot/directoryLogSource";
import { snapshotFromObjects } from "../snapshot/snapshotFromObjects";
import type { ClusterSnapshot } from "../snapshot/ClusterSnapshot";

/**
 * Test helper: a built-in scenario of @kubemedic/demo-cluster read straight
 * from its files (scenario.yaml, cluster.yaml, logs/, and the bases it
 * includes) — no simulator, so analyzer unit tests run on the same objects
 * the integration tests serve over HTTP.
 */
export const SCENARIOS_DIR = fileURLToPath(
  new URL("../../../../demo-cluster/scenarios/", import.meta.url),
);

export interface ScenarioFixture {
  name: string;
  namespace: string;
  expect: { category: string; resource: string; mentions: string[]; healthyNamespaces: string[] };
  objects: unknown[];
  logs: LogSource;
}

interface ScenarioMeta {
  name?: string;
  namespace?: string;
  include?: string[];
  expect?: {
    category?: string;
    resource?: string;
    mentions?: string[];
    healthyNamespaces?: string[];
  };
}

export function scenarioNames(): string[] {
  return readdirSync(SCENARIOS_DIR, { withFileTypes: true })
    .filter(
      (d) =>
        d.isDirectory() &&
        !d.name.startsWith("_") &&
        existsSync(join(SCENARIOS_DIR, d.name, "scenario.yaml")),
    )
    .map((d) => d.name)
    .sort();
}

export function readScenario(name: string): ScenarioFixture {
  const dir = join(SCENARIOS_DIR, name);
  const meta = parse(readFileSync(join(dir, "scenario.yaml"), "utf8")) as ScenarioMeta;
  const dirs = [...(meta.include ?? []).map((i) => join(SCENARIOS_DIR, i)), dir];
  const objects = dirs.flatMap((d) => readObjects(join(d, "cluster.yaml")));
  const sources = dirs.map((d) => directoryLogSource(join(d, "logs")));
  const logs: LogSource = {
    async read(request) {
      let last: unknown;
      for (const source of [...sources].reverse()) {
        try {
          return await source.read(request);
        } catch (error) {
          last = error;
        }
      }
      throw last instanceof Error ? last : new Error("no log");
    },
  };
  return {
    name,
    namespace: meta.namespace ?? "default",
    expect: {
      category: meta.expect?.category ?? "",
      resource: meta.expect?.resource ?? "",
      mentions: meta.expect?.mentions ?? [],
      healthyNamespaces: meta.expect?.healthyNamespaces ?? [],
    },
    objects,
    logs,
  };
}

const parsed = new Map<string, unknown[]>();

/** The documents of a YAML file (parsed once per test process; callers get fresh copies via snapshotFromObjects). */
export function readObjects(file: string): unknown[] {
  const hit = parsed.get(file);
  if (hit !== undefined) return hit;
  const objects = existsSync(file)
    ? parseAllDocuments(readFileSync(file, "utf8"))
        .map((d) => d.toJS() as unknown)
        .filter((o) => o !== null && typeof o === "object")
    : [];
  parsed.set(file, objects);
  return objects;
}

/**
 * The namespaces the built-in scenarios declare healthy: those of the Healthy
 * scenarios and every `expect.healthyNamespaces`.
 */
export function healthyNamespaces(): string[] {
  const fixtures = scenarioNames().map(readScenario);
  return [
    ...new Set([
      ...fixtures.filter((f) => f.expect.category === "Healthy").map((f) => f.namespace),
      ...fixtures.flatMap((f) => f.expect.healthyNamespaces),
    ]),
  ].sort();
}

/** Every built-in scenario's objects in one snapshot (bases once), like `kubemedic demo-cluster` serves them. */
export function fullClusterSnapshot(options: { namespace?: string } = {}): ClusterSnapshot {
  const names = scenarioNames();
  const fixtures = names.map(readScenario);
  const seen = new Set<string>();
  const objects: unknown[] = [];
  for (const f of fixtures)
    for (const o of f.objects) {
      const m = o as { kind?: string; metadata?: { name?: string; namespace?: string } };
      const key = `${m.kind ?? ""}/${m.metadata?.namespace ?? ""}/${m.metadata?.name ?? ""}`;
      if (seen.has(key)) continue;
      seen.add(key);
      objects.push(o);
    }
  const logs: LogSource = {
    async read(request) {
      for (const f of fixtures) {
        try {
          return await f.logs.read(request);
        } catch {
          // try the next scenario
        }
      }
      throw new Error(`no log for ${request.namespace}/${request.pod}/${request.container}`);
    },
  };
  return snapshotFromObjects(objects, { ...options, logs });
}

export function scenarioSnapshot(
  f: ScenarioFixture,
  options: { namespace?: string } = {},
): ClusterSnapshot {
  return snapshotFromObjects(f.objects, { ...options, logs: f.logs });
}
