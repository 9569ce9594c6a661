import { describe, expect, it } from "vitest";
import { describeDeployment } from "./describeDeployment";

const template = {
  metadata: { labels: { app: "web", tier: "front" } },
  spec: { containers: [{ name: "web", image: "web:2", ports: [{ containerPort: 80 }] }] },
};

function replicaSet(name: string, t: unknown): Record<string, unknown> {
  return {
    metadata: { name },
    spec: { replicas: 2, template: t },
    status: { replicas: 2 },
  };
}

function lineOf(text: string, label: string): string {
  return text.split("\n").find((line) => line.startsWith(label)) ?? "";
}

describe("describeDeployment", () => {
  it("finds the new ReplicaSet by its template, ignoring the hash label and key order", () => {
    const deployment = { metadata: { name: "web", namespace: "shop" }, spec: { template } };
    const current = replicaSet("web-2", {
      spec: { containers: [{ ports: [{ containerPort: 80 }], image: "web:2", name: "web" }] },
      metadata: { labels: { "pod-template-hash": "2", tier: "front", app: "web" } },
    });
    const older = replicaSet("web-1", {
      metadata: { labels: { app: "web", tier: "front", "pod-template-hash": "1" } },
      spec: { containers: [{ name: "web", image: "web:1", ports: [{ containerPort: 80 }] }] },
    });
    // A hash label anywhere but the template's own labels is data, not ignored.
    const annotated = replicaSet("web-3", {
      ...template,
      spec: { ...template.spec, nodeSelector: { "pod-template-hash": "3" } },
    });
    const text = describeDeployment(deployment, [older, annotated, current], undefined, 0);
    expect(lineOf(text, "NewReplicaSet:")).toMatch(/web-2 \(2\/2 replicas created\)/);
    expect(lineOf(text, "OldReplicaSets:")).toMatch(/web-1 .*, web-3 /);
    const none = describeDeployment(deployment, [older], undefined, 0);
    expect(lineOf(none, "NewReplicaSet:")).toMatch(/<none>/);
  });
});
