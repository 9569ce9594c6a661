import { describe, expect, it } from "vitest";
import { scenarioVariant } from "../../model/testing/scenarioVariant";
import { correlateSnapshot } from "../correlateSnapshot";

const NAME = "imagepull-missing-pull-secret";

describe("a 401 from a private registry with a missing pull secret (imagepull-missing-pull-secret)", () => {
  it("names the missing Secret and the command that creates it", async () => {
    const { snapshot } = await scenarioVariant(NAME);
    const [top] = await correlateSnapshot(snapshot, { namespace: "partners" });
    expect(top?.category).toBe("ImagePull");
    expect(top?.rootCause).toContain(
      "401 Unauthorized. The pod names image pull secret acme-registry, which does not exist in namespace partners",
    );
    expect(top?.related).toContainEqual({
      kind: "Secret",
      namespace: "partners",
      name: "acme-registry",
      status: "not found",
    });
    expect(
      top?.evidence.some((e) => e.excerpt.includes("Unable to retrieve some image pull secrets")),
    ).toBe(true);
    expect(top?.fixes[0]?.command).toBe(
      "create secret docker-registry acme-registry -n partners --docker-server=registry.acme.example --docker-username=<user> --docker-password=<password>",
    );
  });

  it("reads the ServiceAccount's pull secrets too, and says nothing more once the Secret exists", async () => {
    const viaAccount = await scenarioVariant(NAME, {
      edit: (objects) => {
        for (const o of objects)
          if (o.kind === "Pod" || o.kind === "Deployment" || o.kind === "ReplicaSet") {
            const spec = (
              o.kind === "Pod" ? o.spec : (o.spec as { template: { spec: unknown } }).template.spec
            ) as {
              imagePullSecrets?: unknown;
            };
            delete spec.imagePullSecrets;
          }
        objects.push({
          kind: "ServiceAccount",
          metadata: { name: "default", namespace: "partners" },
          imagePullSecrets: [{ name: "acme-registry" }],
        });
      },
    });
    const [viaSa] = await correlateSnapshot(viaAccount.snapshot, { namespace: "partners" });
    expect(viaSa?.related.some((r) => r.kind === "Secret" && r.name === "acme-registry")).toBe(
      true,
    );
    const present = await scenarioVariant(NAME, {
      edit: (objects) =>
        objects.push({
          kind: "Secret",
          metadata: { name: "acme-registry", namespace: "partners" },
          type: "kubernetes.io/dockerconfigjson",
          data: { ".dockerconfigjson": "e30=" },
        }),
    });
    const [top] = await correlateSnapshot(present.snapshot, { namespace: "partners" });
    expect(top?.category).toBe("ImagePull");
    expect(top?.rootCause).not.toContain("does not exist");
  });
});
