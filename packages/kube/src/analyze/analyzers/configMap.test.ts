import { describe, expect, it } from "vitest";
import { runAnalyzer, texts } from "../testing/runAnalyzer";
import { configMapAnalyzer } from "./configMap";

const cm = (name: string, extra: object = {}, ns = "a") => ({
  kind: "ConfigMap",
  metadata: { name, namespace: ns },
  data: { k: "v" },
  ...extra,
});

describe("ConfigMap analyzer", () => {
  it("flags unused, empty and oversized ConfigMaps", async () => {
    const results = await runAnalyzer(configMapAnalyzer, [
      cm("orphan"),
      cm("hollow", { data: {} }),
      cm("huge", { data: { blob: "x".repeat(1_048_577) } }),
      {
        kind: "Pod",
        metadata: { name: "p", namespace: "a" },
        spec: {
          containers: [
            {
              name: "c",
              envFrom: [{ configMapRef: { name: "hollow" } }],
              env: [{ name: "X", valueFrom: { configMapKeyRef: { name: "huge", key: "blob" } } }],
            },
          ],
        },
      },
    ]);
    expect(texts(results)).toEqual([
      "ConfigMap orphan is not used by any pod in its namespace.",
      "ConfigMap hollow is empty.",
      "ConfigMap huge holds 1048577 bytes, more than the 1 MiB (1048576 bytes) limit.",
    ]);
  });

  it("counts volumes, projected sources and workload templates (a CronJob between runs) as uses", async () => {
    const results = await runAnalyzer(configMapAnalyzer, [
      cm("vol"),
      cm("proj"),
      cm("cron"),
      {
        kind: "Pod",
        metadata: { name: "p", namespace: "a" },
        spec: {
          volumes: [
            { name: "v", configMap: { name: "vol" } },
            { name: "s", projected: { sources: [{ configMap: { name: "proj" } }] } },
          ],
        },
      },
      {
        kind: "CronJob",
        metadata: { name: "nightly", namespace: "a" },
        spec: {
          jobTemplate: {
            spec: { template: { spec: { volumes: [{ name: "v", configMap: { name: "cron" } }] } } },
          },
        },
      },
    ]);
    expect(results).toEqual([]);
  });

  it("matches uses by namespace, and skips labelled, annotated and system ConfigMaps", async () => {
    const results = await runAnalyzer(configMapAnalyzer, [
      cm("shared", {}, "b"),
      {
        kind: "Pod",
        metadata: { name: "p", namespace: "a" },
        spec: { volumes: [{ name: "v", configMap: { name: "shared" } }] },
      },
      cm("dash", { metadata: { name: "dash", namespace: "a", labels: { grafana_dashboard: "" } } }),
      cm("dyn", {
        metadata: {
          name: "dyn",
          namespace: "a",
          labels: { "k8sgpt.ai/dynamically-loaded": "true" },
        },
      }),
      cm("skip", {
        metadata: {
          name: "skip",
          namespace: "a",
          annotations: { "k8sgpt.ai/skip-usage-check": "true" },
        },
      }),
      cm("kube-root-ca.crt"),
    ]);
    expect(results.map((r) => r.name)).toEqual(["b/shared"]);
  });
});
