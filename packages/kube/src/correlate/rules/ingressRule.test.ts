import { describe, expect, it } from "vitest";
import { scenarioVariant } from "../../model/testing/scenarioVariant";
import { refKey } from "../Candidate";
import { correlateSnapshot } from "../correlateSnapshot";

const NAME = "ingress-tls-secret-missing";

describe("an Ingress whose TLS Secret is missing (ingress-tls-secret-missing)", () => {
  it("explains the default certificate and points the Ingress at the existing TLS Secret", async () => {
    const { snapshot } = await scenarioVariant(NAME);
    const [top] = await correlateSnapshot(snapshot, { namespace: "status" });
    expect(top?.category).toBe("IngressMisconfig");
    expect(top?.severity).toBe("high");
    expect(refKey(top!.primary)).toBe("Ingress/status/status-page");
    expect(top?.rootCause).toContain("serves its default self-signed certificate");
    expect(top?.related).toContainEqual({
      kind: "Secret",
      namespace: "status",
      name: "status-acme-tls",
      status: "not found",
    });
    expect(top?.fixes[0]?.command).toBe(
      `patch ingress status-page -n status --type=json -p '[{"op":"replace","path":"/spec/tls/0/secretName","value":"status-tls"}]'`,
    );
  });

  it("flags a Secret that holds no certificate, and nothing once a usable one is named", async () => {
    const keyless = await scenarioVariant(NAME, {
      edit: (objects) =>
        objects.push({
          kind: "Secret",
          metadata: { name: "status-acme-tls", namespace: "status" },
          type: "Opaque",
          data: { "ca.crt": "eA==" },
        }),
    });
    const [top] = await correlateSnapshot(keyless.snapshot, { namespace: "status" });
    expect(top?.rootCause).toContain("holds no certificate (keys: ca.crt");
    const fixed = await scenarioVariant(NAME, {
      edit: (objects) => {
        const ing = objects.find((o) => o.kind === "Ingress") as unknown as {
          spec: { tls: { secretName: string }[] };
        };
        ing.spec.tls[0]!.secretName = "status-tls";
      },
    });
    expect(await correlateSnapshot(fixed.snapshot, { namespace: "status" })).toEqual([]);
  });
});
