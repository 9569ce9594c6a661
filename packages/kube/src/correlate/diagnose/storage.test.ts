import { describe, expect, it } from "vitest";
import { scenarioVariant } from "../../model/testing/scenarioVariant";
import { refKey } from "../Candidate";
import { correlateSnapshot } from "../correlateSnapshot";

const NAME = "ingress-503-pvc-access-mode";

describe("a claim the provisioner refuses for its access mode (ingress-503-pvc-access-mode)", () => {
  it("names ReadWriteMany against the class's provisioner and proposes a ReadWriteOnce claim", async () => {
    const { snapshot } = await scenarioVariant(NAME);
    const [top] = await correlateSnapshot(snapshot, { namespace: "monitoring" });
    expect(top?.category).toBe("StorageProvisioning");
    expect(refKey(top!.primary)).toBe("PersistentVolumeClaim/monitoring/grafana-storage");
    expect(top?.score).toBe(0.92);
    expect(top?.rootCause).toContain(
      "The claim asks for ReadWriteMany (10Gi) from StorageClass standard (provisioner ebs.csi.aws.com).",
    );
    expect(top?.rootCause).toContain("The provisioner does not support ReadWriteMany");
    // The workload whose pod waits for the claim is listed as a symptom, not blamed.
    expect(top?.related.map(refKey)).toContain("Deployment/monitoring/grafana");
    expect(top?.fixes[0]?.title).toBe("Recreate grafana-storage with ReadWriteOnce");
  });

  it("reports any other provisioning failure without inventing an access-mode story", async () => {
    const { snapshot } = await scenarioVariant(NAME, {
      edit: (objects) => {
        for (const o of objects)
          if (o.kind === "Event" && (o as { reason?: string }).reason === "ProvisioningFailed")
            (o as { message?: string }).message =
              'failed to provision volume with StorageClass "standard": rpc error: code = Internal desc = Could not create volume: UnauthorizedOperation';
      },
    });
    const [top] = await correlateSnapshot(snapshot, { namespace: "monitoring" });
    expect(top?.category).toBe("StorageProvisioning");
    expect(top?.score).toBe(0.85);
    expect(top?.rootCause).toContain("UnauthorizedOperation");
    expect(top?.rootCause).not.toContain("does not support");
  });
});

describe("fixes that carry a manifest", () => {
  it("a refused access mode on a claim of its own: delete it, then create it again with ReadWriteOnce (the same name, labels, class and size)", async () => {
    const { snapshot } = await scenarioVariant(NAME);
    const [top] = await correlateSnapshot(snapshot, { namespace: "monitoring" });
    const [del, create] = top?.fixes ?? [];
    expect(del?.command).toBe("delete pvc grafana-storage -n monitoring");
    expect(create).toMatchObject({
      command: "create -f -",
      role: "follow-up",
      requiresApproval: true,
    });
    const claim = JSON.parse(create?.manifest ?? "{}") as {
      metadata: { name: string; namespace: string };
      spec: { accessModes: string[]; storageClassName?: string; resources: unknown };
    };
    expect(claim.metadata).toMatchObject({ name: "grafana-storage", namespace: "monitoring" });
    expect(claim.spec).toEqual({
      accessModes: ["ReadWriteOnce"],
      storageClassName: "standard",
      resources: { requests: { storage: "10Gi" } },
    });
  });

  it("a missing StorageClass: create it as a copy of the default class; a StatefulSet's claim is not recreated (its template would bring it back unchanged)", async () => {
    const { snapshot } = await scenarioVariant("pvc-missing-storageclass");
    const [top] = await correlateSnapshot(snapshot, { namespace: "data" });
    const first = top?.fixes[0];
    expect(first).toMatchObject({
      title: "Create StorageClass fast-ssd with the provisioner of standard",
      command: "apply -f -",
      requiresApproval: true,
    });
    expect(JSON.parse(first?.manifest ?? "{}")).toEqual({
      apiVersion: "storage.k8s.io/v1",
      kind: "StorageClass",
      metadata: { name: "fast-ssd" },
      provisioner: "ebs.csi.aws.com",
      parameters: { type: "gp3" },
      reclaimPolicy: "Delete",
      volumeBindingMode: "WaitForFirstConsumer",
      allowVolumeExpansion: true,
    });
    expect(top?.fixes.some((f) => f.command === "create -f -")).toBe(false);
  });
});
