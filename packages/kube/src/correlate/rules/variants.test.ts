import { describe, expect, it } from "vitest";
import { objectOf, scenarioVariant } from "../../model/testing/scenarioVariant";
import { refKey } from "../Candidate";
import { correlateSnapshot } from "../correlateSnapshot";
import { CorrelationContext } from "../CorrelationContext";
import { serviceRule } from "./serviceRule";

/**
 * Rules that no built-in scenario reaches as its expected answer, shown on
 * variants of the built-ins: each test changes one fact and asserts the text
 * the rule derives from it.
 */

interface IngressShape {
  spec: { ingressClassName?: string };
}

describe("an Ingress whose IngressClass is missing (healthy-storefront variants)", () => {
  it("a class that does not exist: names it, lists the classes that do and patches to the closest", async () => {
    const { snapshot } = await scenarioVariant("healthy-storefront", {
      edit: (objects) => {
        (
          objectOf(objects, "Ingress", "storefront") as unknown as IngressShape
        ).spec.ingressClassName = "ngnix";
      },
    });
    const [top, ...rest] = await correlateSnapshot(snapshot, { namespace: "storefront" });
    expect(rest).toEqual([]);
    expect(top?.category).toBe("IngressMisconfig");
    expect(refKey(top!.primary)).toBe("Ingress/storefront/storefront");
    expect(top?.rootCause).toBe(
      'Ingress storefront/storefront asks for IngressClass "ngnix", which does not exist (available: nginx), so no ingress controller serves it.',
    );
    expect(top?.related).toContainEqual({
      kind: "IngressClass",
      name: "ngnix",
      status: "not found",
    });
    expect(top?.evidence[0]).toEqual({
      source: "kubectl",
      command: "get ingressclass",
      excerpt: "nginx",
    });
    expect(top?.fixes[0]?.command).toBe(
      `patch ingress storefront -n storefront -p '{"spec":{"ingressClassName":"nginx"}}'`,
    );
  });

  it("no class and no default class: says so and offers the only class there is", async () => {
    const { snapshot } = await scenarioVariant("healthy-storefront", {
      edit: (objects) => {
        delete (objectOf(objects, "Ingress", "storefront") as unknown as IngressShape).spec
          .ingressClassName;
        const cls = objectOf(objects, "IngressClass", "nginx");
        cls.metadata.annotations = {};
      },
    });
    const [top] = await correlateSnapshot(snapshot, { namespace: "storefront" });
    expect(top?.category).toBe("IngressMisconfig");
    expect(top?.rootCause).toContain(
      "has no ingressClassName and no IngressClass is marked default",
    );
    expect(top?.fixes[0]?.title).toBe("Set ingressClassName to nginx");
  });

  it("no class while a default class exists: nothing to report", async () => {
    const { snapshot } = await scenarioVariant("healthy-storefront", {
      edit: (objects) => {
        delete (objectOf(objects, "Ingress", "storefront") as unknown as IngressShape).spec
          .ingressClassName;
      },
    });
    expect(await correlateSnapshot(snapshot, { namespace: "storefront" })).toEqual([]);
  });
});

describe("a Service without endpoints because its pods are Pending (pending-insufficient-cpu + a Service)", () => {
  const withService = () =>
    scenarioVariant("pending-insufficient-cpu", {
      edit: (objects) =>
        objects.push({
          kind: "Service",
          apiVersion: "v1",
          metadata: { name: "trainer", namespace: "ml" },
          spec: { selector: { app: "trainer" }, ports: [{ port: 80, targetPort: 8080 }] },
        }),
    });

  it("is a NoEndpoints symptom that counts the Pending pods and depends on them", async () => {
    const ctx = new CorrelationContext((await withService()).snapshot, { namespace: "ml" });
    const [service, ...others] = await serviceRule.run(ctx);
    expect(others).toEqual([]);
    expect(service?.category).toBe("NoEndpoints");
    expect(service?.summary).toBe(
      "Service ml/trainer has no ready endpoint: all 1 matching pod(s) are unready (1 Pending).",
    );
    expect(service?.rootCause).toBe(
      "Service ml/trainer selects 1 pod(s) but none is ready (1 Pending), so it has no endpoints; the pods' own failure is the cause.",
    );
    expect(service?.dependsOn).toEqual(
      expect.arrayContaining(["Deployment/ml/trainer", "Pod/ml/trainer-7f6d5c4b8d-w9c4k"]),
    );
    expect(service?.evidence[0]?.command).toBe("get pods -n ml -l app=trainer -o wide");
    expect(service?.evidence[0]?.excerpt).toMatch(/^trainer-7f6d5c4b8d-w9c4k\s+\S*Pending/);
  });

  it("is folded into the scheduler's verdict, which names it as its symptom", async () => {
    const candidates = await correlateSnapshot((await withService()).snapshot, { namespace: "ml" });
    expect(candidates.map((c) => c.category)).toEqual(["Unschedulable"]);
    const [cause] = candidates;
    expect(cause?.related).toContainEqual({
      kind: "Service",
      namespace: "ml",
      name: "trainer",
      status: "symptom: NoEndpoints",
    });
    expect(cause?.rootCause).toContain(
      "Symptom: Service ml/trainer has no ready endpoint: all 1 matching pod(s) are unready (1 Pending).",
    );
    expect(cause?.evidence.map((e) => e.command)).toContain(
      "get pods -n ml -l app=trainer -o wide",
    );
  });

  it("goes away once the pod runs and is ready", async () => {
    const { snapshot } = await scenarioVariant("pending-insufficient-cpu", {
      edit: (objects) => {
        objects.push({
          kind: "Service",
          apiVersion: "v1",
          metadata: { name: "trainer", namespace: "ml" },
          spec: { selector: { app: "trainer" }, ports: [{ port: 80, targetPort: 8080 }] },
        });
        const pod = objectOf(objects, "Pod", "trainer-7f6d5c4b8d-w9c4k");
        pod.status = {
          phase: "Running",
          startTime: new Date(Date.now() - 3_600_000).toISOString(),
          conditions: [{ type: "Ready", status: "True" }],
          containerStatuses: [
            { name: "trainer", ready: true, restartCount: 0, state: { running: {} } },
          ],
        };
      },
    });
    const candidates = await correlateSnapshot(snapshot, { namespace: "ml" });
    expect(candidates.find((c) => c.primary.kind === "Service")).toBeUndefined();
  });
});

describe("OOMKilled: the limit against what was observed (oomkilled variants)", () => {
  const POD = "report-worker-84c6d9f7b8-k2v9t";

  it("states the limit, live usage from the metrics API and the last figure the log printed", async () => {
    const { snapshot } = await scenarioVariant("oomkilled");
    const [top] = await correlateSnapshot(snapshot, { namespace: "analytics" });
    expect(top?.category).toBe("OOMKilled");
    expect(top?.rootCause).toContain("it uses more memory than its limit of 256Mi.");
    expect(top?.rootCause).toContain(
      "The metrics API shows pod report-worker-84c6d9f7b8-r7xwq already using 251Mi (98% of the limit).",
    );
    expect(top?.rootCause).toContain(
      "The last instance logged 231MiB in use just before it was killed",
    );
    expect(top?.fixes[0]?.command).toBe(
      "set resources deployment/report-worker -c report-worker --limits=memory=512Mi -n analytics",
    );
  });

  it("takes the figure from the log and the limit from the template: change both, the text follows", async () => {
    const { snapshot } = await scenarioVariant("oomkilled", {
      drop: (o) => o.kind === "PodMetrics",
      edit: (objects) => {
        const d = objectOf(objects, "Deployment", "report-worker") as unknown as {
          spec: {
            template: { spec: { containers: { resources: { limits: Record<string, string> } }[] } };
          };
        };
        d.spec.template.spec.containers[0]!.resources.limits.memory = "300Mi";
        for (const o of objects.filter(
          (x) => x.kind === "Pod" && x.metadata.name.startsWith("report-worker-"),
        ))
          (
            o as unknown as {
              spec: { containers: { resources: { limits: Record<string, string> } }[] };
            }
          ).spec.containers[0]!.resources.limits.memory = "300Mi";
      },
      logs: {
        [`${POD}/report-worker/previous`]:
          'level=INFO msg="report-worker starting"\nlevel=INFO msg="building aggregation index" progress=80% heap_alloc=289MiB\n',
      },
    });
    const [top] = await correlateSnapshot(snapshot, { namespace: "analytics" });
    expect(top?.category).toBe("OOMKilled");
    expect(top?.summary).toContain("exceeds its 300Mi memory limit");
    expect(top?.rootCause).toContain("it uses more memory than its limit of 300Mi.");
    expect(top?.rootCause).toContain("The last instance logged 289MiB in use");
    // No metrics API: no live figure is invented.
    expect(top?.rootCause).not.toContain("metrics API");
    expect(top?.evidence.some((e) => e.command?.startsWith("top pod"))).toBe(false);
    expect(top?.fixes[0]?.title).toBe("Raise the memory limit of report-worker to 600Mi");
  });

  it("without a limit of its own: blames the node or a namespace default, proposes no raise", async () => {
    const { snapshot } = await scenarioVariant("oomkilled", {
      edit: (objects) => {
        for (const o of objects.filter(
          (x) =>
            (x.kind === "Pod" && x.metadata.name.startsWith("report-worker-")) ||
            (x.kind === "Deployment" && x.metadata.name === "report-worker") ||
            (x.kind === "ReplicaSet" && x.metadata.name.startsWith("report-worker-")),
        )) {
          const spec = (
            o.kind === "Pod" ? o.spec : (o.spec as { template: { spec: unknown } }).template.spec
          ) as {
            containers: { resources?: { limits?: Record<string, string> } }[];
          };
          delete spec.containers[0]?.resources?.limits;
        }
      },
    });
    const [top] = await correlateSnapshot(snapshot, { namespace: "analytics" });
    expect(top?.category).toBe("OOMKilled");
    expect(top?.rootCause).toContain(
      "it has no memory limit of its own, so the node ran out of memory or a namespace default limit applies.",
    );
    expect(top?.rootCause).not.toContain("% of the limit");
    expect(top?.fixes.some((f) => f.title.startsWith("Raise the memory limit"))).toBe(false);
  });
});
