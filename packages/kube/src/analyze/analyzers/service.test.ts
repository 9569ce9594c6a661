import { describe, expect, it } from "vitest";
import { readScenario } from "../../model/testing/scenarioFixture";
import { runAnalyzer, texts } from "../testing/runAnalyzer";
import { serviceAnalyzer } from "./service";

const svc = {
  kind: "Service",
  metadata: { name: "web", namespace: "a" },
  spec: { selector: { app: "web", tier: "fe" } },
};

describe("Service analyzer", () => {
  it("reports one no-endpoints finding per selector label when the Endpoints object has no subsets", async () => {
    const results = await runAnalyzer(serviceAnalyzer, [
      svc,
      { kind: "Endpoints", metadata: { name: "web", namespace: "a" } },
    ]);
    expect(texts(results)).toEqual([
      "Service a/web has no endpoints; it expects pods labelled app=web.",
      "Service a/web has no endpoints; it expects pods labelled tier=fe.",
    ]);
    expect(results[0]?.error.map((e) => e.Sensitive?.map((s) => s.Unmasked))).toEqual([
      ["app", "web"],
      ["tier", "fe"],
    ]);
  });

  it("reads EndpointSlices when there is no Endpoints object, `endpoints: null` included", async () => {
    const slice = (endpoints: unknown) => ({
      kind: "EndpointSlice",
      metadata: {
        name: "web-abc",
        namespace: "a",
        labels: { "kubernetes.io/service-name": "web" },
      },
      endpoints,
    });
    expect(texts(await runAnalyzer(serviceAnalyzer, [svc, slice(null)]))).toHaveLength(2);
    const notReady = await runAnalyzer(serviceAnalyzer, [
      svc,
      slice([
        {
          addresses: ["10.0.0.1"],
          conditions: { ready: false },
          targetRef: { kind: "Pod", name: "web-1" },
        },
      ]),
    ]);
    expect(texts(notReady)).toEqual(["Service a/web has 1 not-ready endpoint: Pod/web-1."]);
    expect(notReady[0]?.error[0]?.Sensitive).toEqual([]);
  });

  it("derives endpoints from the selected pods when neither object exists", async () => {
    const pod = (name: string, ready: string) => ({
      kind: "Pod",
      metadata: { name, namespace: "a", labels: { app: "web", tier: "fe" } },
      status: {
        phase: "Running",
        podIP: "10.0.0.9",
        conditions: [{ type: "Ready", status: ready }],
      },
    });
    expect(await runAnalyzer(serviceAnalyzer, [svc, pod("web-1", "True")])).toEqual([]);
    expect(texts(await runAnalyzer(serviceAnalyzer, [svc, pod("web-1", "False")]))).toEqual([
      "Service a/web has 1 not-ready endpoint: Pod/web-1.",
    ]);
  });

  it("adds warning events (Sensitive null) and skips leader-election locks and selector-less Services", async () => {
    const results = await runAnalyzer(serviceAnalyzer, [
      svc,
      {
        kind: "Endpoints",
        metadata: { name: "web", namespace: "a" },
        subsets: [{ addresses: [{ ip: "10.0.0.1" }] }],
      },
      {
        kind: "Event",
        metadata: { name: "e", namespace: "a" },
        involvedObject: { kind: "Service", name: "web" },
        type: "Warning",
        reason: "SyncLoadBalancerFailed",
        message: "no quota",
      },
      {
        kind: "Service",
        metadata: { name: "lock", namespace: "a" },
        spec: { selector: { x: "y" } },
      },
      {
        kind: "Endpoints",
        metadata: {
          name: "lock",
          namespace: "a",
          annotations: { "control-plane.alpha.kubernetes.io/leader": "{}" },
        },
      },
      {
        kind: "Service",
        metadata: { name: "external", namespace: "a" },
        spec: { type: "ExternalName", externalName: "db.example.com" },
      },
    ]);
    expect(results.map((r) => r.name)).toEqual(["a/web"]);
    expect(results[0]?.error).toEqual([
      {
        Text: "Service a/web has a Warning event (SyncLoadBalancerFailed): no quota",
        KubernetesDoc: "",
        Sensitive: null,
      },
    ]);
  });

  it("flags the selector-mismatch scenario's Service and nothing in the healthy ones", async () => {
    const f = await readScenario("service-selector-mismatch");
    expect(texts(await runAnalyzer(serviceAnalyzer, f.objects, { namespace: "web" }))).toEqual([
      "Service web/frontend has no endpoints; it expects pods labelled app.kubernetes.io/name=front-end.",
    ]);
    for (const name of ["healthy-storefront", "healthy-tools"]) {
      const h = await readScenario(name);
      expect(await runAnalyzer(serviceAnalyzer, h.objects, { namespace: h.namespace })).toEqual([]);
    }
  });
});
