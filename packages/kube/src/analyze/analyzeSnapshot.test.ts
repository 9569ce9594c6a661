import { describe, expect, it } from "vitest";
import { AnalysisOutput } from "@kubemedic/protocol";
import { KubeError } from "../errors";
import { analyzeSnapshot, selectAnalyzers } from "./analyzeSnapshot";
import { listAnalyzers } from "./analyzers/index";
import { ClusterSnapshot } from "../model/snapshot/ClusterSnapshot";
import { snapshotFromObjects } from "../model/snapshot/snapshotFromObjects";
import {
  fullClusterSnapshot,
  healthyNamespaces,
  readScenario,
  scenarioSnapshot,
} from "../model/testing/scenarioFixture";

const CORE = [
  "Pod",
  "DaemonSet",
  "Deployment",
  "ReplicaSet",
  "PersistentVolumeClaim",
  "Service",
  "Ingress",
  "StatefulSet",
  "Job",
  "CronJob",
  "Node",
  "ValidatingWebhookConfiguration",
  "MutatingWebhookConfiguration",
  "ConfigMap",
];

describe("analyzeSnapshot", () => {
  it("lists the 14 core analyzers and the four optional ones", () => {
    expect(
      listAnalyzers()
        .filter((a) => a.core)
        .map((a) => a.name),
    ).toEqual(CORE);
    expect(
      listAnalyzers()
        .filter((a) => !a.core)
        .map((a) => a.name),
    ).toEqual(["HorizontalPodAutoscaler", "PodDisruptionBudget", "NetworkPolicy", "Log"]);
  });

  it("answers k8sgpt's empty run exactly: errors and results null, status OK", async () => {
    const out = await analyzeSnapshot(snapshotFromObjects([]));
    expect(JSON.stringify(out, null, 2)).toBe(
      '{\n  "provider": "",\n  "errors": null,\n  "status": "OK",\n  "problems": 0,\n  "results": null\n}',
    );
  });

  it("produces the JSON shape key for key and sorts results by kind then name", async () => {
    const f = await readScenario("crashloop-missing-env");
    const out = await analyzeSnapshot(scenarioSnapshot(f), { namespace: "shop" });
    expect(AnalysisOutput.parse(out)).toEqual(out);
    expect(Object.keys(out)).toEqual(["provider", "errors", "status", "problems", "results"]);
    const results = out.results ?? [];
    expect(Object.keys(results[0] ?? {})).toEqual([
      "kind",
      "name",
      "error",
      "details",
      "parentObject",
    ]);
    expect(Object.keys(results[0]?.error[0] ?? {})).toEqual(["Text", "KubernetesDoc", "Sensitive"]);
    const order = results.map((r) => `${r.kind}\0${r.name}`);
    expect(order).toEqual([...order].sort());
    expect(out.status).toBe("ProblemDetected");
    expect(out.problems).toBe(results.reduce((n, r) => n + r.error.length, 0));
    expect(results.map((r) => r.kind)).toEqual(expect.arrayContaining(["Deployment", "Pod"]));
  });

  it("runs only the named filters (case-sensitive) and reports unknown ones", async () => {
    const f = await readScenario("crashloop-missing-env");
    const out = await analyzeSnapshot(scenarioSnapshot(f), {
      namespace: "shop",
      filters: ["Deployment,pod", "Storage"],
    });
    expect(new Set(out.results?.map((r) => r.kind))).toEqual(new Set(["Deployment"]));
    expect(out.errors).toEqual([
      "Filter pod does not exist. Run 'kubemedic analyze --list-filters' to see the available filters.",
      "Filter Storage does not exist. Run 'kubemedic analyze --list-filters' to see the available filters.",
    ]);
  });

  it("filters by label selector and rejects a malformed one with a usage error", async () => {
    const f = await readScenario("crashloop-missing-env");
    const snapshot = scenarioSnapshot(f);
    const none = await analyzeSnapshot(snapshot, {
      namespace: "shop",
      labelSelector: "app=nothing-has-this",
    });
    expect(none.results?.filter((r) => r.kind !== "Node") ?? []).toEqual([]);
    await expect(analyzeSnapshot(snapshot, { labelSelector: "app in (x" })).rejects.toMatchObject({
      code: "usage",
    });
  });

  it("focuses on one resource: the Deployment, its ReplicaSets and its pods", async () => {
    const f = await readScenario("crashloop-missing-env");
    const out = await analyzeSnapshot(scenarioSnapshot(f), {
      resource: { kind: "deploy", name: "checkout", namespace: "shop" },
    });
    expect(out.results?.length).toBeGreaterThan(1);
    expect(
      out.results?.every(
        (r) => r.name === "shop/checkout" || r.parentObject === "Deployment/checkout",
      ),
    ).toBe(true);
    expect(
      selectAnalyzers({ resource: { kind: "svc", name: "x" } }).analyzers.map((a) => a.name),
    ).toEqual(["Service"]);
  });

  it("reports an analyzer whose input could not be listed, and still runs the others", async () => {
    const snapshot = new ClusterSnapshot({
      data: {
        deployments: [
          { kind: "Deployment", metadata: { name: "d", namespace: "a" }, spec: { replicas: 1 } },
        ],
      },
      failures: { pods: 'pods is forbidden: User "u" cannot list resource "pods"' },
    });
    const out = await analyzeSnapshot(snapshot, { filters: ["Pod", "Deployment"] });
    expect(out.errors).toEqual([
      '[Pod] cannot list pods: pods is forbidden: User "u" cannot list resource "pods"; cannot list events: not loaded in this snapshot; cannot list replicasets: not loaded in this snapshot; cannot list statefulsets: not loaded in this snapshot; cannot list daemonsets: not loaded in this snapshot; cannot list jobs: not loaded in this snapshot',
    ]);
    expect(out.results?.map((r) => r.name)).toEqual(["a/d"]);
  });

  it("anonymizes on request", async () => {
    const f = await readScenario("crashloop-missing-env");
    const out = await analyzeSnapshot(scenarioSnapshot(f), { namespace: "shop", anonymize: true });
    expect(JSON.stringify(out.results)).not.toContain("checkout");
  });

  it("honours cancellation", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      analyzeSnapshot(snapshotFromObjects([]), { signal: controller.signal }),
    ).rejects.toBeInstanceOf(KubeError);
  });

  it("finds nothing in the healthy namespaces of the full built-in cluster", async () => {
    const snapshot = await fullClusterSnapshot();
    const out = await analyzeSnapshot(snapshot);
    const healthy = await healthyNamespaces();
    // Derived from the scenario files (three Healthy scenarios and declared healthy namespaces).
    expect(healthy.length).toBeGreaterThanOrEqual(3);
    const inHealthy = (out.results ?? []).filter((r) =>
      healthy.includes(r.name.split("/")[0] ?? ""),
    );
    expect(
      inHealthy.map((r) => `${r.kind} ${r.name}: ${r.error.map((e) => e.Text).join("; ")}`),
    ).toEqual([]);
  });
});
