import type { Scenario } from "@kubemedic/demo-cluster";

/** What fix scoring judges in a scenario's cluster, from its `expect` alone (every scenario alike). */
export interface FixTargets {
  /** Namespaces that must end healthy: the scenario's, each cause's, those declared healthy. */
  namespaces: string[];
  /** `Kind/namespace/name` of each cause a kubectl change can fix: healthy by its kind's measure. */
  expected: string[];
  /** `Kind/namespace/name` of each cause no kubectl change can fix: left out of the judgement. */
  unfixable: string[];
}

export function fixTargets(scenario: Scenario): FixTargets {
  const causes = scenario.expect.causes ?? [
    { resource: scenario.expect.resource, fixable: scenario.fixable },
  ];
  const namespaces = new Set([scenario.namespace, ...(scenario.expect.healthyNamespaces ?? [])]);
  for (const c of causes) {
    const ns = namespaceOf(c.resource);
    if (ns !== undefined) namespaces.add(ns);
  }
  return {
    namespaces: [...namespaces],
    expected: causes.filter((c) => c.fixable !== false).map((c) => c.resource),
    unfixable:
      scenario.expect.causes === undefined
        ? []
        : causes.filter((c) => c.fixable === false).map((c) => c.resource),
  };
}

function namespaceOf(resource: string): string | undefined {
  const parts = resource.split("/");
  return parts.length === 3 ? parts[1] : undefined;
}

/**
 * Whether a problem line (`Kind namespace/name…: text`) is about `resource` or an object
 * named after it (its pods, its Service, its ReplicaSets).
 */
export function aboutAny(problem: string, resources: readonly string[]): boolean {
  return resources.some((r) => {
    const parts = r.split("/");
    const name = parts.at(-1) ?? "";
    const where = parts.length === 3 ? `${parts[1]}/${name}` : name;
    return new RegExp(`(^|[\\s/])${escape(where)}($|[-:\\s.])`).test(problem);
  });
}

/** Whether a kubectl command names `resource`'s object (its name, and its namespace if any). */
export function touchesAny(command: string, resources: readonly string[]): boolean {
  const tokens = command.split(/\s+/);
  return resources.some((r) => {
    const parts = r.split("/");
    const name = parts.at(-1) ?? "";
    const ns = parts.length === 3 ? parts[1] : undefined;
    const named = tokens.some((t) => t === name || t.endsWith(`/${name}`));
    const inNs =
      ns === undefined ||
      tokens.some(
        (t, i) =>
          t === `--namespace=${ns}` ||
          ((t === "-n" || t === "--namespace") && tokens[i + 1] === ns),
      );
    return named && inNs;
  });
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
