import { describe, expect, it } from "vitest";
import { readScenario } from "../../model/testing/scenarioFixture";
import { runAnalyzer, texts } from "../testing/runAnalyzer";
import { persistentVolumeClaimAnalyzer } from "./persistentVolumeClaim";

describe("PersistentVolumeClaim analyzer", () => {
  it("passes ProvisioningFailed through (no parent: the claim has no owner reference)", async () => {
    const f = await readScenario("pvc-missing-storageclass");
    const results = await runAnalyzer(persistentVolumeClaimAnalyzer, f.objects, {
      namespace: "data",
    });
    expect(results.map((r) => [r.name, r.parentObject])).toEqual([["data/data-clickhouse-0", ""]]);
    expect(texts(results)[0]).toContain('"fast-ssd" not found');
  });

  it("stays silent when the latest event is not ProvisioningFailed, or the claim is bound", async () => {
    const pvc = (phase: string) => ({
      kind: "PersistentVolumeClaim",
      metadata: { name: "c", namespace: "a" },
      status: { phase },
    });
    const event = (reason: string, t: string) => ({
      kind: "Event",
      metadata: { name: `e-${reason}`, namespace: "a" },
      involvedObject: { kind: "PersistentVolumeClaim", name: "c" },
      reason,
      message: reason,
      lastTimestamp: t,
    });
    expect(
      await runAnalyzer(persistentVolumeClaimAnalyzer, [
        pvc("Pending"),
        event("ProvisioningFailed", "2026-01-01T00:00:00Z"),
        event("WaitForFirstConsumer", "2026-01-01T00:01:00Z"),
      ]),
    ).toEqual([]);
    expect(
      await runAnalyzer(persistentVolumeClaimAnalyzer, [
        pvc("Bound"),
        event("ProvisioningFailed", "2026-01-01T00:00:00Z"),
      ]),
    ).toEqual([]);
  });
});

describe("PersistentVolumeClaim analyzer parent", () => {
  it("resolves a claim owned by its StatefulSet", async () => {
    const results = await runAnalyzer(persistentVolumeClaimAnalyzer, [
      { kind: "StatefulSet", metadata: { name: "db", namespace: "a" } },
      {
        kind: "PersistentVolumeClaim",
        metadata: {
          name: "data-db-0",
          namespace: "a",
          ownerReferences: [{ kind: "StatefulSet", name: "db" }],
        },
        status: { phase: "Pending" },
      },
      {
        kind: "Event",
        metadata: { name: "e", namespace: "a" },
        involvedObject: { kind: "PersistentVolumeClaim", name: "data-db-0" },
        reason: "ProvisioningFailed",
        message: "no capacity",
      },
    ]);
    expect(results.map((r) => r.parentObject)).toEqual(["StatefulSet/db"]);
  });
});
