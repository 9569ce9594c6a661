import type { Scenario } from "@kubemedic/demo-cluster";

/**
 * The namespaces a scenario says are healthy, where any analyzer finding is
 * false: its own namespace when it expects Healthy, those it lists in
 * `expect.healthyNamespaces`, and the namespaces populated by its shared
 * bases (`_base`: kube-system, ingress-nginx, default…) unless the scenario
 * puts objects of its own there (Events aside: Node events live in default).
 */
export function healthyNamespaces(scenario: Scenario): string[] {
  const out = new Set(scenario.expect.healthyNamespaces ?? []);
  if (scenario.expect.category === "Healthy") out.add(scenario.namespace);
  const own = new Set(
    scenario.objects
      .filter((o) => o.object.kind !== "Event")
      .map((o) => o.object.metadata.namespace)
      .filter((ns): ns is string => ns !== undefined),
  );
  const visit = (s: Scenario): void => {
    for (const base of s.includes) {
      for (const { object } of base.objects) {
        const ns = object.metadata.namespace;
        if (ns !== undefined && !own.has(ns)) out.add(ns);
      }
      visit(base);
    }
  };
  visit(scenario);
  return [...out].sort();
}
