import { describe, expect, it } from "vitest";
import { readScenario } from "../../model/testing/scenarioFixture";
import { runAnalyzer, texts } from "../testing/runAnalyzer";
import { statefulSetAnalyzer } from "./statefulSet";

describe("StatefulSet analyzer", () => {
  it("flags the missing StorageClass and the pod that is not running in the PVC scenario", async () => {
    const f = await readScenario("pvc-missing-storageclass");
    const results = await runAnalyzer(statefulSetAnalyzer, f.objects, { namespace: f.namespace });
    expect(results.map((r) => r.name)).toEqual(["data/clickhouse"]);
    const all = texts(results).join("\n");
    expect(all).toContain('StorageClass "fast-ssd"');
    expect(all).toContain("clickhouse-0");
  });

  it("flags a missing governing Service and an empty serviceName; reports a missing first pod's warning event", async () => {
    const results = await runAnalyzer(statefulSetAnalyzer, [
      {
        kind: "StatefulSet",
        metadata: { name: "db", namespace: "a" },
        spec: { replicas: 2, serviceName: "db-headless" },
        status: { availableReplicas: 0 },
      },
      {
        kind: "Event",
        metadata: { name: "e", namespace: "a" },
        involvedObject: { kind: "StatefulSet", name: "db" },
        type: "Warning",
        reason: "FailedCreate",
        message: "create Pod db-0 failed: quota",
      },
      {
        kind: "StatefulSet",
        metadata: { name: "nameless", namespace: "a" },
        spec: { replicas: 0 },
      },
    ]);
    expect(texts(results)).toEqual([
      "StatefulSet a/db uses governing Service a/db-headless, which does not exist.",
      "create Pod db-0 failed: quota",
      "StatefulSet a/nameless names no governing Service (spec.serviceName is empty).",
    ]);
  });
});
