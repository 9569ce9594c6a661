import {
  builtinScenarioDir,
  builtinScenarioNames,
  loadScenario,
  mergeScenarios,
  type Scenario,
  type ScenarioLog,
} from "@kubemedic/demo-cluster";
import type { LogSource } from "../snapshot/LogSource";
import { logTail } from "../snapshot/directoryLogSource";
import { snapshotFromObjects } from "../snapshot/snapshotFromObjects";
import type { ClusterSnapshot } from "../snapshot/ClusterSnapshot";

/**
 * Test helper: a built-in scenario of @kubemedic/demo-cluster loaded by its
 * own `loadScenario` and merged as `startDemoCluster` serves it (relative
 * times resolved, defaults filled, the namespaces and default objects every
 * cluster has) — no simulator, so unit tests run on the objects the
 * integration tests read over HTTP.
 */
export interface ScenarioFixture {
  name: string;
  namespace: string;
  expect: {
    category: string;
    resource: string;
    mentions: string[];
    healthyNamespaces: string[];
    /** Multi-cause scenarios: every independent cause, primary first ([] otherwise). */
    causes: { category: string; resource: string; mentions: string[] }[];
  };
  objects: unknown[];
  logs: LogSource;
}

/** The built-in scenarios, sorted (bases such as `_base` excluded). */
export function scenarioNames(): string[] {
  return builtinScenarioNames();
}

/** One load per scenario and test process; shared includes (`_base`) load once. */
const includes = new Map<string, Scenario>();
const loaded = new Map<string, Promise<Scenario>>();

function load(name: string): Promise<Scenario> {
  let hit = loaded.get(name);
  if (hit === undefined) {
    hit = loadScenario(builtinScenarioDir(name), { cache: includes });
    loaded.set(name, hit);
  }
  return hit;
}

/** A built-in scenario as one cluster; callers get fresh objects via snapshotFromObjects. */
export async function readScenario(name: string): Promise<ScenarioFixture> {
  const scenario = await load(name);
  const merged = mergeScenarios([scenario]);
  return {
    name,
    namespace: scenario.namespace,
    expect: {
      category: scenario.expect.category,
      resource: scenario.expect.resource,
      mentions: scenario.expect.mentions,
      healthyNamespaces: scenario.expect.healthyNamespaces ?? [],
      causes: scenario.expect.causes ?? [],
    },
    objects: merged.objects.map((o) => o.object),
    logs: scenarioLogSource(merged.logs),
  };
}

/** A scenario's log files as a LogSource that answers as the API server does (tail, errors). */
function scenarioLogSource(logs: readonly ScenarioLog[]): LogSource {
  const byKey = new Map(
    logs.map((l) => [`${l.namespace}/${l.pod}/${l.container}/${String(l.previous)}`, l.text]),
  );
  return {
    read(r) {
      const text = byKey.get(
        `${r.namespace}/${r.pod}/${r.container}/${String(r.previous === true)}`,
      );
      if (text === undefined)
        return Promise.reject(
          new Error(
            r.previous === true
              ? `previous terminated container "${r.container}" in pod "${r.pod}" not found`
              : `container "${r.container}" in pod "${r.pod}" has no log`,
          ),
        );
      return Promise.resolve(logTail(text, r.tailLines));
    },
  };
}

/**
 * The namespaces the built-in scenarios declare healthy: those of the Healthy
 * scenarios and every `expect.healthyNamespaces`.
 */
export async function healthyNamespaces(): Promise<string[]> {
  const fixtures = await Promise.all(scenarioNames().map(readScenario));
  return [
    ...new Set([
      ...fixtures.filter((f) => f.expect.category === "Healthy").map((f) => f.namespace),
      ...fixtures.flatMap((f) => f.expect.healthyNamespaces),
    ]),
  ].sort();
}

/** Every built-in scenario in one snapshot, as `kubemedic demo-cluster` serves them. */
export async function fullClusterSnapshot(
  options: { namespace?: string } = {},
): Promise<ClusterSnapshot> {
  const merged = mergeScenarios(await Promise.all(scenarioNames().map(load)));
  return snapshotFromObjects(
    merged.objects.map((o) => o.object),
    { ...options, logs: scenarioLogSource(merged.logs) },
  );
}

export function scenarioSnapshot(
  f: ScenarioFixture,
  options: { namespace?: string } = {},
): ClusterSnapshot {
  return snapshotFromObjects(f.objects, { ...options, logs: f.logs });
}
