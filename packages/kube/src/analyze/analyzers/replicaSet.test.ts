import { describe, expect, it } from "vitest";
import { readScenario } from "../../model/testing/scenarioFixture";
import { runAnalyzer, texts } from "../testing/runAnalyzer";
import { replicaSetAnalyzer } from "./replicaSet";

describe("ReplicaSet analyzer", () => {
  it("passes the FailedCreate message through when no pod could be created", async () => {
    const results = await runAnalyzer(replicaSetAnalyzer, [
      { kind: "Deployment", metadata: { name: "api", namespace: "a" } },
      {
        kind: "ReplicaSet",
        metadata: {
          name: "api-1",
          namespace: "a",
          ownerReferences: [{ kind: "Deployment", name: "api" }],
        },
        status: {
          replicas: 0,
          conditions: [
            {
              type: "ReplicaFailure",
              status: "True",
              reason: "FailedCreate",
              message: "pods is forbidden: exceeded quota",
            },
          ],
        },
      },
      {
        kind: "ReplicaSet",
        metadata: { name: "old", namespace: "a" },
        status: {
          replicas: 2,
          conditions: [{ type: "ReplicaFailure", reason: "FailedCreate", message: "x" }],
        },
      },
    ]);
    expect(results.map((r) => [r.name, r.parentObject])).toEqual([["a/api-1", "Deployment/api"]]);
    expect(texts(results)).toEqual(["pods is forbidden: exceeded quota"]);
  });

  it("sees the quota scenario only when the ReplicaSet created no pod at all", async () => {
    const f = await readScenario("quota-exceeded");
    const results = await runAnalyzer(replicaSetAnalyzer, f.objects);
    // reporting has one pod, so status.replicas is 1: k8sgpt's rule (replicas == 0) stays silent.
    expect(results.filter((r) => r.name.startsWith("team-a/"))).toEqual([]);
  });
});
