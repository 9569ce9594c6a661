import { builtinScenarioDir, loadScenario } from "@kubemedic/demo-cluster";
import { describe, expect, it } from "vitest";
import { healthyNamespaces } from "./healthyNamespaces";

describe("healthyNamespaces", () => {
  it("holds a Healthy scenario's namespace and its bases' namespaces", async () => {
    const s = await loadScenario(builtinScenarioDir("healthy-tools"));
    expect(healthyNamespaces(s)).toEqual([
      "default",
      "ingress-nginx",
      "kube-node-lease",
      "kube-system",
      "tools",
    ]);
  });

  it("never holds the namespace of a fault; adds what the scenario declares", async () => {
    const s = await loadScenario(builtinScenarioDir("crashloop-dns-other-namespace"));
    const healthy = healthyNamespaces(s);
    expect(healthy).not.toContain("notify");
    expect(healthy).toContain("default");
  });

  it("drops a base namespace the scenario puts its own objects in (Node events aside)", async () => {
    const s = await loadScenario(builtinScenarioDir("node-notready"));
    // node-notready writes only Node events into default: default stays healthy.
    expect(healthyNamespaces(s)).toContain("default");
    const withObject = {
      ...s,
      expect: { ...s.expect, healthyNamespaces: undefined },
      objects: [
        ...s.objects,
        {
          object: {
            apiVersion: "v1",
            kind: "ConfigMap",
            metadata: { name: "x", namespace: "default" },
          },
          file: "<test>",
          line: 1,
        },
      ],
    };
    expect(healthyNamespaces(withObject)).not.toContain("default");
  });
});
