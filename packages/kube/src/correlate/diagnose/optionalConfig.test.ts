import { describe, expect, it } from "vitest";
import type { Container } from "../../model/objects";
import { ClusterSnapshot } from "../../model/snapshot/ClusterSnapshot";
import { readScenario } from "../../model/testing/scenarioFixture";
import { scenarioVariant } from "../../model/testing/scenarioVariant";
import { moveUnderJob } from "../../model/testing/underJob";
import { refKey } from "../Candidate";
import { correlateSnapshot } from "../correlateSnapshot";
import { absentOptionalSources } from "./optionalConfig";

const NAME = "ingress-503-missing-secret";

async function accountsWeb(): Promise<Container> {
  const d = (await readScenario(NAME)).objects.find(
    (o) =>
      (o as { kind?: string }).kind === "Deployment" &&
      (o as { metadata?: { name?: string } }).metadata?.name === "accounts-web",
  ) as { spec: { template: { spec: { containers: Container[] } } } } | undefined;
  const c = d?.spec.template.spec.containers[0];
  if (c === undefined) throw new Error("no accounts-web container");
  return c;
}

describe("absent optional config behind a crash loop", () => {
  it("names the optional envFrom Secret that does not exist as the reason the variable is unset", async () => {
    const { snapshot } = await scenarioVariant(NAME);
    expect(
      absentOptionalSources(snapshot, "accounts", await accountsWeb(), "OAUTH_CLIENT_SECRET"),
    ).toEqual([
      {
        kind: "Secret",
        name: "accounts-oauth",
        key: undefined,
        objectMissing: true,
        via: "envFrom",
      },
    ]);
    const [top] = await correlateSnapshot(snapshot, { namespace: "accounts" });
    expect(top?.category).toBe("MissingConfig");
    expect(refKey(top!.primary)).toBe("Deployment/accounts/accounts-web");
    expect(top?.related).toContainEqual({
      kind: "Secret",
      namespace: "accounts",
      name: "accounts-oauth",
      status: "not found",
    });
    expect(top?.rootCause).toContain("envFrom marked optional");
    expect(top?.fixes[0]?.command).toBe(
      "create secret generic accounts-oauth -n accounts --from-literal=OAUTH_CLIENT_SECRET=<value>",
    );
  });

  it("leaves a plain crash loop once the Secret exists", async () => {
    const { snapshot } = await scenarioVariant(NAME, {
      edit: (objects) =>
        objects.push({
          kind: "Secret",
          metadata: { name: "accounts-oauth", namespace: "accounts" },
          data: { OTHER: "eA==" },
        }),
    });
    const [top] = await correlateSnapshot(snapshot, { namespace: "accounts" });
    expect(top?.category).toBe("CrashLoop");
  });

  it("reports an optional key reference whose key is missing, and ignores required references", async () => {
    const { snapshot } = await scenarioVariant(NAME);
    const secretKey = (optional: boolean): Container => ({
      name: "app",
      env: [
        {
          name: "DATABASE_URL",
          valueFrom: { secretKeyRef: { name: "accounts-db", key: "dsn", optional } },
        },
      ],
    });
    expect(absentOptionalSources(snapshot, "accounts", secretKey(true), "DATABASE_URL")).toEqual([
      { kind: "Secret", name: "accounts-db", key: "dsn", objectMissing: false, via: "env" },
    ]);
    // A required reference that fails stops the kubelet (CreateContainerConfigError) instead.
    expect(absentOptionalSources(snapshot, "accounts", secretKey(false), "DATABASE_URL")).toEqual(
      [],
    );
  });

  it("claims nothing when the Secrets could not be listed", async () => {
    const blind = new ClusterSnapshot({
      data: { configmaps: [] },
      failures: { secrets: "secrets is forbidden" },
    });
    expect(
      absentOptionalSources(blind, "accounts", await accountsWeb(), "OAUTH_CLIENT_SECRET"),
    ).toEqual([]);
  });
});

describe("the key an optional reference misses, added where its kind keeps keys", () => {
  it("a ConfigMap gets it under data (stringData exists only on a Secret)", async () => {
    const { snapshot } = await scenarioVariant(NAME, {
      edit: (objects) => {
        for (const o of objects) {
          const spec = (
            o.spec as { template?: { spec?: { containers?: Container[] } } } | undefined
          )?.template?.spec;
          if (o.metadata.name.startsWith("accounts-web") && spec?.containers?.[0] !== undefined)
            spec.containers[0].env = [
              {
                name: "OAUTH_CLIENT_SECRET",
                valueFrom: {
                  configMapKeyRef: { name: "accounts-web-config", key: "oauth", optional: true },
                },
              },
            ];
        }
      },
    });
    const [top] = await correlateSnapshot(snapshot, { namespace: "accounts" });
    expect(top?.category).toBe("MissingConfig");
    expect(top?.fixes[0]?.command).toBe(
      `patch configmap accounts-web-config -n accounts -p '{"data":{"oauth":"<value>"}}'`,
    );
  });
});

describe("the restart after the config exists, by the kind that owns the pods", () => {
  const fixesFor = async (edit?: Parameters<typeof scenarioVariant>[1]) => {
    const { snapshot } = await scenarioVariant(NAME, edit);
    const [top] = await correlateSnapshot(snapshot, { namespace: "accounts" });
    expect(top?.category).toBe("MissingConfig");
    return top?.fixes ?? [];
  };

  it("Deployment: rollout restart", async () => {
    const fixes = await fixesFor();
    expect(fixes.map((f) => f.command)).toContain(
      "rollout restart deployment/accounts-web -n accounts",
    );
    expect(fixes[0]?.rationale).toContain("Restart the workload afterwards");
  });

  it("CronJob and Job: no rollout restart, which kubectl refuses for them", async () => {
    for (const owner of ["CronJob", "Job"] as const) {
      const fixes = await fixesFor({
        edit: (objects) => moveUnderJob(objects, "accounts-web", owner),
      });
      expect(fixes.map((f) => f.command)).toEqual([
        "create secret generic accounts-oauth -n accounts --from-literal=OAUTH_CLIENT_SECRET=<value>",
      ]);
      expect(fixes[0]?.rationale).not.toContain("Restart the workload");
      expect(fixes[0]?.rationale).toContain("get it at their next restart");
    }
  });

  it("a bare ReplicaSet: deletes its pods, which it then recreates", async () => {
    const fixes = await fixesFor({
      drop: (o) => o.kind === "Deployment" && o.metadata.name === "accounts-web",
      edit: (objects) => {
        for (const o of objects)
          if (o.kind === "ReplicaSet" && o.metadata.name.startsWith("accounts-web-"))
            delete o.metadata.ownerReferences;
      },
    });
    expect(fixes.map((f) => f.command)).toContain(
      "delete pods -n accounts -l app=accounts-web,pod-template-hash=5f7c9d8b6d",
    );
  });
});
