import { describe, expect, it } from "vitest";
import { scenarioVariant } from "../model/testing/scenarioVariant";
import { moveUnderJob } from "../model/testing/underJob";
import { refKey } from "./Candidate";
import { correlateSnapshot } from "./correlateSnapshot";
import { parsePodSecurity } from "./podSecurity";

const MESSAGE =
  'Error creating: pods "app-1" is forbidden: violates PodSecurity "restricted:latest": allowPrivilegeEscalation != false (container "app" must set securityContext.allowPrivilegeEscalation=false), unrestricted capabilities (container "app" must set securityContext.capabilities.drop=["ALL"]), host namespaces (hostNetwork=true), runAsNonRoot != true (pod or container "app" must set securityContext.runAsNonRoot=true)';

describe("parsePodSecurity", () => {
  it("splits the API server's refusal into level, version, checks and containers", () => {
    expect(parsePodSecurity(MESSAGE)).toEqual({
      level: "restricted",
      version: "latest",
      violations: [
        {
          check: "allowPrivilegeEscalation != false",
          detail: 'container "app" must set securityContext.allowPrivilegeEscalation=false',
        },
        {
          check: "unrestricted capabilities",
          detail: 'container "app" must set securityContext.capabilities.drop=["ALL"]',
        },
        { check: "host namespaces", detail: "hostNetwork=true" },
        {
          check: "runAsNonRoot != true",
          detail: 'pod or container "app" must set securityContext.runAsNonRoot=true',
        },
      ],
      containers: ["app"],
    });
  });

  it("ignores every other refusal", () => {
    expect(parsePodSecurity('pods "x" is forbidden: exceeded quota: q')).toBeUndefined();
  });
});

describe("pods refused by Pod Security admission (podsecurity-rejects-pods)", () => {
  it("names the enforced level, each failed check and a template patch; the Service without endpoints is its symptom", async () => {
    const { snapshot } = await scenarioVariant("podsecurity-rejects-pods");
    const [top, ...rest] = await correlateSnapshot(snapshot, { namespace: "compliance" });
    expect(top?.category).toBe("Other");
    expect(refKey(top!.primary)).toBe("Deployment/compliance/audit-exporter");
    expect(top?.rootCause).toContain("pod-security.kubernetes.io/enforce=restricted");
    expect(top?.rootCause).toContain("fails 4 checks");
    expect(top?.related).toContainEqual({
      kind: "Namespace",
      name: "compliance",
      status: "enforce=restricted",
    });
    const patch = top?.fixes.find((f) => f.command?.startsWith("patch deployment"));
    expect(JSON.parse(patch?.command?.replace(/^.* -p '(.*)'$/, "$1") ?? "{}")).toEqual({
      spec: {
        template: {
          spec: {
            securityContext: { runAsNonRoot: true, seccompProfile: { type: "RuntimeDefault" } },
            containers: [
              {
                name: "audit-exporter",
                securityContext: {
                  allowPrivilegeEscalation: false,
                  capabilities: { drop: ["ALL"] },
                },
              },
            ],
          },
        },
      },
    });
    // The Service left without endpoints is folded into its cause, not a root cause of its own.
    expect(rest).toEqual([]);
    expect(top?.related).toContainEqual({
      kind: "Service",
      namespace: "compliance",
      name: "audit-exporter",
      status: "symptom: NoEndpoints",
    });
    expect(top?.rootCause).toContain(
      "Symptom: Service compliance/audit-exporter has no endpoints: Deployment compliance/audit-exporter has no pod.",
    );
  });
});

describe("pods of a CronJob or a Job refused by Pod Security admission", () => {
  const topFor = async (owner: "Job" | "CronJob") => {
    const { snapshot } = await scenarioVariant("podsecurity-rejects-pods", {
      edit: (objects) => moveUnderJob(objects, "audit-exporter", owner),
    });
    const [top] = await correlateSnapshot(snapshot, { namespace: "compliance" });
    return top;
  };

  it("CronJob: the merge patch reaches the pod spec inside the job template", async () => {
    const top = await topFor("CronJob");
    expect(refKey(top!.primary)).toBe("CronJob/compliance/audit-exporter");
    const patch = top?.fixes.find((f) => f.command?.startsWith("patch cronjob audit-exporter"));
    const body = JSON.parse(patch?.command?.replace(/^.* -p '(.*)'$/, "$1") ?? "{}") as {
      spec?: { jobTemplate?: { spec?: { template?: { spec?: Record<string, unknown> } } } };
    };
    expect(Object.keys(body.spec ?? {})).toEqual(["jobTemplate"]);
    expect(body.spec?.jobTemplate?.spec?.template?.spec?.securityContext).toEqual({
      runAsNonRoot: true,
      seccompProfile: { type: "RuntimeDefault" },
    });
  });

  it("Job: no patch of its immutable template", async () => {
    const top = await topFor("Job");
    expect(refKey(top!.primary)).toBe("Job/compliance/audit-exporter");
    expect(top?.fixes.filter((f) => f.command?.startsWith("patch "))).toEqual([]);
    expect(top?.fixes.map((f) => f.command)).toContain(
      "get job audit-exporter -n compliance -o yaml",
    );
  });
});
