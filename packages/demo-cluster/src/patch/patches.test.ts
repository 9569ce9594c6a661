import { describe, expect, it } from "vitest";
import { applyJsonPatch } from "./json-patch";
import { applyMergePatch } from "./merge-patch";
import { PatchError } from "./patch-error";
import { applyStrategicMergePatch } from "./strategic-merge-patch";

const deployment = {
  metadata: { name: "checkout", labels: { app: "checkout" }, finalizers: ["a"] },
  spec: {
    replicas: 2,
    template: {
      spec: {
        containers: [
          {
            name: "checkout",
            image: "checkout:1",
            env: [{ name: "PORT", value: "8080" }],
            ports: [{ containerPort: 8080 }],
          },
          { name: "sidecar", image: "envoy:1" },
        ],
        tolerations: [{ key: "a", operator: "Exists" }],
      },
    },
  },
};

describe("strategic merge patch", () => {
  it("merges containers by name and env by name (kubectl set image / set env)", () => {
    const out = applyStrategicMergePatch(deployment, {
      spec: {
        template: {
          spec: {
            containers: [
              {
                name: "checkout",
                image: "checkout:2",
                env: [{ name: "DATABASE_URL", value: "postgres://" }],
              },
            ],
          },
        },
      },
    }) as typeof deployment;
    const c = out.spec.template.spec.containers;
    expect(c).toHaveLength(2);
    expect(c[0]).toMatchObject({ name: "checkout", image: "checkout:2" });
    expect(c[0]?.env).toEqual([
      { name: "PORT", value: "8080" },
      { name: "DATABASE_URL", value: "postgres://" },
    ]);
    expect(c[1]).toEqual({ name: "sidecar", image: "envoy:1" });
  });

  it("replaces lists without a merge key, deletes with null and $patch: delete, keeps finalizers as a set", () => {
    const out = applyStrategicMergePatch(deployment, {
      metadata: { labels: { app: null }, finalizers: ["b"] },
      spec: {
        template: {
          spec: {
            tolerations: [{ key: "b", operator: "Exists" }],
            containers: [{ name: "sidecar", $patch: "delete" }],
          },
        },
      },
    }) as typeof deployment;
    expect(out.metadata.labels).toEqual({});
    expect(out.metadata.finalizers).toEqual(["a", "b"]);
    expect(out.spec.template.spec.tolerations).toEqual([{ key: "b", operator: "Exists" }]);
    expect(out.spec.template.spec.containers.map((c) => c.name)).toEqual(["checkout"]);
  });

  it("honours $setElementOrder and $retainKeys as kubectl apply sends them", () => {
    const out = applyStrategicMergePatch(deployment, {
      spec: {
        template: {
          spec: {
            "$setElementOrder/containers": [{ name: "sidecar" }, { name: "checkout" }],
            containers: [{ name: "sidecar", image: "envoy:2" }],
          },
        },
      },
    }) as typeof deployment;
    expect(out.spec.template.spec.containers.map((c) => `${c.name}:${c.image}`)).toEqual([
      "sidecar:envoy:2",
      "checkout:checkout:1",
    ]);
    const retained = applyStrategicMergePatch(
      { strategy: { type: "RollingUpdate", rollingUpdate: { maxSurge: 1 } } },
      { strategy: { $retainKeys: ["type"], type: "Recreate" } },
    );
    expect(retained).toEqual({ strategy: { type: "Recreate" } });
  });

  it("rejects an unknown directive", () => {
    expect(() => applyStrategicMergePatch(deployment, { spec: { $patch: "explode" } })).toThrow(
      PatchError,
    );
  });
});

describe("JSON merge patch", () => {
  it("replaces lists wholesale and deletes with null", () => {
    expect(applyMergePatch({ a: [1, 2], b: { c: 1, d: 2 } }, { a: [3], b: { c: null } })).toEqual({
      a: [3],
      b: { d: 2 },
    });
  });
});

describe("JSON patch", () => {
  it("applies add/replace/remove/move/copy/test in order (kubectl rollout undo sends replace ops)", () => {
    const out = applyJsonPatch(deployment, [
      { op: "test", path: "/spec/replicas", value: 2 },
      { op: "replace", path: "/spec/replicas", value: 3 },
      {
        op: "add",
        path: "/spec/template/spec/containers/0/env/-",
        value: { name: "X", value: "1" },
      },
      { op: "remove", path: "/spec/template/spec/containers/1" },
      { op: "copy", from: "/metadata/labels", path: "/metadata/annotations" },
      { op: "move", from: "/metadata/annotations", path: "/metadata/copied" },
    ]) as Record<string, unknown>;
    expect(out).toMatchObject({ spec: { replicas: 3 }, metadata: { copied: { app: "checkout" } } });
    expect(deployment.spec.replicas).toBe(2);
  });

  it("fails on a missing path or a failed test, without touching the input", () => {
    expect(() =>
      applyJsonPatch(deployment, [{ op: "replace", path: "/spec/nope", value: 1 }]),
    ).toThrow("doc is missing key: /spec/nope");
    expect(() =>
      applyJsonPatch(deployment, [{ op: "test", path: "/spec/replicas", value: 9 }]),
    ).toThrow("test failed");
    expect(() => applyJsonPatch(deployment, { op: "add" })).toThrow(PatchError);
  });
});
