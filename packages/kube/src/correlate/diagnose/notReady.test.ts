import { describe, expect, it } from "vitest";
import { scenarioVariant } from "../../model/testing/scenarioVariant";
import { moveUnderJob } from "../../model/testing/underJob";
import { refKey } from "../Candidate";
import { correlateSnapshot } from "../correlateSnapshot";

const NAME = "netpol-blocks-frontend";
const PODS = ["portal-web-6f9b7d8c5d-j4p8s", "portal-web-6f9b7d8c5d-r7k2d"];

describe("a readiness probe answered with a 5xx (netpol-blocks-frontend)", () => {
  it("follows the application's own log to the NetworkPolicy that drops its upstream calls", async () => {
    const { snapshot } = await scenarioVariant(NAME);
    const [top] = await correlateSnapshot(snapshot, { namespace: "portal" });
    expect(top?.category).toBe("NetworkPolicyBlocked");
    expect(refKey(top!.primary)).toBe("NetworkPolicy/portal/default-deny");
    expect(top?.rootCause).toContain("Service portal/portal-api");
    expect(top?.rootCause).toContain("That is why its readiness probe fails");
    expect(top?.related.map(refKey)).toContain("Deployment/portal/portal-web");
  });

  it("stays a probe failure when the log names no outside cause", async () => {
    const quiet = '{"level":"warn","msg":"GET /api/ready 503","reason":"warming up"}\n';
    const { snapshot } = await scenarioVariant(NAME, {
      logs: Object.fromEntries(PODS.map((p) => [`${p}/portal-web`, quiet])),
    });
    const [top] = await correlateSnapshot(snapshot, { namespace: "portal" });
    expect(top?.category).toBe("ProbeFailure");
  });

  it("finds nothing once a policy admits portal-web → portal-api", async () => {
    const { snapshot } = await scenarioVariant(NAME, {
      edit: (objects) =>
        objects.push({
          kind: "NetworkPolicy",
          metadata: { name: "api-from-web", namespace: "portal" },
          spec: {
            podSelector: { matchLabels: { "app.kubernetes.io/name": "portal-api" } },
            ingress: [
              {
                from: [
                  { podSelector: { matchLabels: { "app.kubernetes.io/name": "portal-web" } } },
                ],
                ports: [{ port: 8080 }],
              },
            ],
          },
        }),
    });
    const [top] = await correlateSnapshot(snapshot, { namespace: "portal" });
    // The logs still say the calls time out, but no policy explains it any more.
    expect(top?.category).not.toBe("NetworkPolicyBlocked");
  });
});

describe("an old, recovered timeout in a healthy namespace (healthy-zero-trust)", () => {
  it("is checked against the policies and invents nothing while they admit the traffic", async () => {
    const { snapshot } = await scenarioVariant("healthy-zero-trust");
    expect(await correlateSnapshot(snapshot, { namespace: "wiki" })).toEqual([]);
  });

  it("would be blamed on the policy set if the database's ingress rule were missing", async () => {
    const { snapshot } = await scenarioVariant("healthy-zero-trust", {
      drop: (o) => o.kind === "NetworkPolicy" && o.metadata.name === "wiki-db-clients",
    });
    const [top] = await correlateSnapshot(snapshot, { namespace: "wiki" });
    expect(top?.category).toBe("NetworkPolicyBlocked");
    expect(refKey(top!.primary)).toBe("NetworkPolicy/wiki/default-deny-all");
  });
});

describe("a readiness probe on the wrong port, for a CronJob's pods (readiness-wrong-port)", () => {
  it("reads and patches the probe in the job template", async () => {
    const { snapshot } = await scenarioVariant("readiness-wrong-port", {
      edit: (objects) => moveUnderJob(objects, "catalog-api", "CronJob"),
    });
    const [top] = await correlateSnapshot(snapshot, { namespace: "catalog" });
    expect(top?.category).toBe("ProbeFailure");
    expect(refKey(top!.primary)).toBe("CronJob/catalog/catalog-api");
    expect(top?.evidence.map((e) => e.command)).toContain(
      "get cronjob catalog-api -n catalog -o jsonpath={.spec.jobTemplate.spec.template.spec.containers[0].readinessProbe}",
    );
    expect(top?.fixes.map((f) => f.command)).toContain(
      `patch cronjob catalog-api -n catalog --type=json -p '[{"op":"replace","path":"/spec/jobTemplate/spec/template/spec/containers/0/readinessProbe/httpGet/port","value":8080}]'`,
    );
  });
});
