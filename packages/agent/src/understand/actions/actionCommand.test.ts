import { describe, expect, it } from "vitest";
import type { ActionRequest } from "./ActionRequest";
import { actionCommand } from "./actionCommand";
import type { ObjectRow } from "./ObjectRow";

const cart: ObjectRow = {
  kind: "Deployment",
  namespace: "shop",
  name: "cart",
  replicas: 2,
  containers: [{ name: "cart", image: "ghcr.io/acme/cart:v1.8.2" }],
};
const req = (r: Partial<ActionRequest> & Pick<ActionRequest, "verb">): ActionRequest => ({
  target: { pronoun: false, other: false },
  language: "en",
  ...r,
});
const cmd = (r: ActionRequest, row: ObjectRow = cart): string => {
  const built = actionCommand(r, row);
  if (!built.ok) throw new Error(built.reason.en);
  return built.command;
};

describe("actionCommand", () => {
  it("writes one exact command per action, with the object's namespace", () => {
    expect(cmd(req({ verb: "restart" }))).toBe("rollout restart deployment/cart -n shop");
    expect(cmd(req({ verb: "scale", replicas: { to: 3 } }))).toBe(
      "scale deployment/cart --replicas=3 -n shop",
    );
    expect(cmd(req({ verb: "rollback" }))).toBe("rollout undo deployment/cart -n shop");
    expect(cmd(req({ verb: "rollback", revision: 3 }))).toBe(
      "rollout undo deployment/cart --to-revision=3 -n shop",
    );
    expect(cmd(req({ verb: "set-env", env: [{ name: "A", value: "b c" }] }))).toBe(
      "set env deployment/cart 'A=b c' -n shop",
    );
    expect(cmd(req({ verb: "unset-env", env: [{ name: "LOG_LEVEL" }] }))).toBe(
      "set env deployment/cart LOG_LEVEL- -n shop",
    );
    expect(
      cmd(
        req({
          verb: "set-resources",
          resources: { limits: { memory: "1Gi" }, requests: { cpu: "500m" } },
        }),
      ),
    ).toBe("set resources deployment/cart --limits=memory=1Gi --requests=cpu=500m -n shop");
    expect(cmd(req({ verb: "suspend" }))).toBe("rollout pause deployment/cart -n shop");
    expect(cmd(req({ verb: "resume" }))).toBe("rollout resume deployment/cart -n shop");
  });

  it("computes relative scaling from the live count and refuses to go below zero", () => {
    expect(cmd(req({ verb: "scale", replicas: { by: 2 } }))).toContain("--replicas=4");
    expect(cmd(req({ verb: "scale", replicas: { by: -1 } }))).toContain("--replicas=1");
    expect(actionCommand(req({ verb: "scale", replicas: { by: -3 } }), cart).ok).toBe(false);
    const unknown = { ...cart };
    delete unknown.replicas;
    expect(actionCommand(req({ verb: "scale", replicas: { by: 1 } }), unknown).ok).toBe(false);
  });

  it("keeps the repository for a tag, picks the container, asks when it cannot", () => {
    expect(cmd(req({ verb: "set-image", image: { tag: "v2" } }))).toBe(
      "set image deployment/cart cart=ghcr.io/acme/cart:v2 -n shop",
    );
    const registryPort: ObjectRow = {
      ...cart,
      containers: [{ name: "cart", image: "registry:5000/cart@sha256:abc" }],
    };
    expect(cmd(req({ verb: "set-image", image: { tag: "v2" } }), registryPort)).toContain(
      "cart=registry:5000/cart:v2",
    );
    const two: ObjectRow = {
      ...cart,
      name: "web",
      containers: [
        { name: "nginx", image: "nginx:1.25" },
        { name: "sidecar", image: "envoy:1" },
      ],
    };
    expect(actionCommand(req({ verb: "set-image", image: { tag: "1.27" } }), two).ok).toBe(false);
    expect(
      cmd(req({ verb: "set-image", image: { image: "nginx:1.27", container: "nginx" } }), two),
    ).toBe("set image deployment/web nginx=nginx:1.27 -n shop");
  });

  it("acts on nodes, pods and CronJobs in their own forms", () => {
    const node: ObjectRow = { kind: "Node", name: "worker-3" };
    expect(cmd(req({ verb: "cordon" }), node)).toBe("cordon worker-3");
    expect(cmd(req({ verb: "uncordon" }), node)).toBe("uncordon worker-3");
    expect(cmd(req({ verb: "drain" }), node)).toBe("drain worker-3 --ignore-daemonsets");
    const pod: ObjectRow = { kind: "Pod", namespace: "shop", name: "cart-abc12" };
    expect(cmd(req({ verb: "delete-pod" }), pod)).toBe("delete pod cart-abc12 -n shop");
    const cj: ObjectRow = { kind: "CronJob", namespace: "storefront", name: "sitemap" };
    expect(cmd(req({ verb: "suspend" }), cj)).toBe(
      `patch cronjob/sitemap -n storefront --type=merge -p '{"spec":{"suspend":true}}'`,
    );
  });
});
