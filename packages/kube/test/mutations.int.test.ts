import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DemoFixture } from "./demoFixture";
import { startDemoFixture } from "./demoFixture";

let fx: DemoFixture;
beforeAll(async () => {
  fx = await startDemoFixture({ engine: { maxLines: 2_000, maxBytes: 500_000 } });
});
afterAll(async () => {
  await fx.close();
});
beforeEach(async () => {
  await fx.demo.reset();
});

const write = (line: string, manifest?: string) =>
  fx.engine.run(line, { allowMutations: true, ...(manifest ? { manifest } : {}) });
const read = async (line: string): Promise<string> => (await fx.engine.run(line)).output;

/** Everything that could change: the JSON of every object the tests touch. */
async function snapshot(): Promise<string> {
  const parts = await Promise.all(
    [
      "get deploy -A -o json",
      "get pods -A -o json",
      "get nodes -o json",
      "get cm,secret -n shop -o json",
    ].map(read),
  );
  return parts.join("\n");
}

const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: hello
  namespace: shop
spec:
  replicas: 1
  selector:
    matchLabels: { app: hello }
  template:
    metadata:
      labels: { app: hello }
    spec:
      containers:
        - name: hello
          image: ghcr.io/acme/hello:v1
          env:
            - name: API_TOKEN
              value: tok-very-secret-123
`;

describe("previews never change the cluster", () => {
  it.each([
    "scale deploy/checkout -n shop --replicas=5",
    "rollout restart deploy/cart -n shop",
    "rollout undo deploy/orders-api -n orders",
    "rollout pause deploy/cart -n shop",
    "set image deploy/checkout checkout=ghcr.io/acme/checkout:v2.14.1 -n shop",
    "set env deploy/checkout DATABASE_URL=postgres://app:pw@db/shop -n shop",
    "set resources deploy/cart -n shop --limits=memory=512Mi",
    "label pod postgres-0 -n shop tier=db",
    "annotate deploy cart -n shop note=checked",
    `patch deploy cart -n shop -p '{"spec":{"replicas":4}}'`,
    `patch deploy cart -n shop --type=merge -p '{"spec":{"replicas":4}}'`,
    `patch deploy cart -n shop --type=json -p '[{"op":"replace","path":"/spec/replicas","value":4}]'`,
    "delete pod postgres-0 -n shop",
    "delete pods -l app=checkout -n shop",
    "apply -f -",
    "create -f -",
    "cordon worker-1",
    "drain worker-1 --ignore-daemonsets --delete-emptydir-data --force",
  ])("%s", async (line) => {
    const before = await snapshot();
    const preview = await fx.engine.preview(line, { manifest: DEPLOYMENT });
    expect(preview.summary.length).toBeGreaterThan(0);
    expect(preview.targets.length).toBeGreaterThan(0);
    expect(["low", "medium", "high"]).toContain(preview.risk);
    expect(await snapshot()).toBe(before);
  });
});

describe("previews say what would change", () => {
  it("scale: a one-line diff of replicas, computed locally", async () => {
    const p = await fx.engine.preview("scale deploy/checkout -n shop --replicas=5");
    expect(p).toMatchObject({
      target: { kind: "Deployment", namespace: "shop", name: "checkout" },
      summary: "scale deployment.apps/checkout from 2 to 5 replicas",
      risk: "low",
      method: "local",
    });
    expect(p.diff).toContain("-  replicas: 2\n+  replicas: 5");
    expect((await fx.engine.preview("scale deploy/checkout -n shop --replicas=0")).risk).toBe(
      "high",
    );
  });

  it("delete: the live object before, nothing after, high risk", async () => {
    const p = await fx.engine.preview("delete pod postgres-0 -n shop");
    expect(p.risk).toBe("high");
    expect(p.before).toContain("name: postgres-0");
    expect(p.after).toBe("");
  });

  it("apply of a new object: the server's dry run, secrets masked", async () => {
    const p = await fx.engine.preview("apply -f -", { manifest: DEPLOYMENT });
    expect(p.method).toBe("server-dry-run");
    expect(p.before).toBe("");
    expect(p.after).toContain("image: ghcr.io/acme/hello:v1");
    expect(`${p.after}${p.diff}`).not.toContain("tok-very-secret-123");
  });

  it("set env of a credential: the new value never shows", async () => {
    const p = await fx.engine.preview(
      "set env deploy/checkout DATABASE_PASSWORD=hunter2-hunter2 -n shop",
    );
    expect(p.diff).toContain("DATABASE_PASSWORD");
    expect(JSON.stringify(p)).not.toMatch(/hunter2-hunter2/);
  });

  it("a strategic patch: the server's result", async () => {
    const p = await fx.engine.preview(
      `patch deploy cart -n shop -p '{"spec":{"template":{"spec":{"containers":[{"name":"cart","image":"ghcr.io/acme/cart:v9"}]}}}}'`,
    );
    expect(p.method).toBe("server-dry-run");
    expect(p.diff).toMatch(/\+\s+- image: ghcr\.io\/acme\/cart:v9/);
  });

  it("refuses to preview a read", async () => {
    await expect(fx.engine.preview("get pods")).rejects.toThrow(/nothing to preview/);
  });
});

describe("mutations run only with allowMutations, and do what kubectl does", () => {
  it("scale", async () => {
    expect((await write("scale deploy/checkout -n shop --replicas=3")).output).toBe(
      "deployment.apps/checkout scaled",
    );
    expect(await read("get deploy checkout -n shop -o jsonpath={.spec.replicas}")).toBe("3");
    const stale = await write("scale deploy/checkout -n shop --replicas=1 --current-replicas=7");
    expect(stale).toMatchObject({ ok: false, error: { code: "conflict" } });
  });

  it("--dry-run=server validates and persists nothing", async () => {
    const r = await write("scale deploy/checkout -n shop --replicas=9 --dry-run=server");
    expect(r).toMatchObject({
      ok: true,
      classification: "read",
      output: "deployment.apps/checkout scaled (server dry run)",
    });
    expect(await read("get deploy checkout -n shop -o jsonpath={.spec.replicas}")).toBe("2");
  });

  it("rollout restart, pause and resume", async () => {
    expect((await write("rollout restart deploy/cart -n shop")).output).toBe(
      "deployment.apps/cart restarted",
    );
    expect(await read("get deploy cart -n shop -o yaml")).toMatch(
      /kubectl\.kubernetes\.io\/restartedAt:/,
    );
    expect((await write("rollout pause deploy/cart -n shop")).output).toBe(
      "deployment.apps/cart paused",
    );
    expect(await read("get deploy cart -n shop -o jsonpath={.spec.paused}")).toBe("true");
    expect((await write("rollout pause deploy/cart -n shop")).output).toBe(
      "deployment.apps/cart already paused",
    );
    expect((await write("rollout resume deploy/cart -n shop")).output).toBe(
      "deployment.apps/cart resumed",
    );
  });

  it("rollout undo puts the previous revision's template back", async () => {
    const before = await read(
      "get deploy orders-api -n orders -o jsonpath={.spec.template.spec.containers[0].image}",
    );
    expect(before).toContain("v1.9.0");
    expect((await write("rollout undo deploy/orders-api -n orders")).output).toBe(
      "deployment.apps/orders-api rolled back",
    );
    expect(
      await read(
        "get deploy orders-api -n orders -o jsonpath={.spec.template.spec.containers[0].image}",
      ),
    ).toContain("v1.8.3");
  });

  it("set image, env and resources", async () => {
    await write("set image deploy/checkout checkout=ghcr.io/acme/checkout:v2.14.1 -n shop");
    expect(
      await read(
        "get deploy checkout -n shop -o jsonpath={.spec.template.spec.containers[0].image}",
      ),
    ).toBe("ghcr.io/acme/checkout:v2.14.1");
    const missing = await write("set image deploy/checkout nope=x:1 -n shop");
    expect(missing).toMatchObject({ ok: false, error: { code: "usage" } });
    await write("set env deploy/checkout LOG_LEVEL=debug -n shop");
    expect(
      await read(
        `get deploy checkout -n shop -o jsonpath='{.spec.template.spec.containers[0].env[?(@.name=="LOG_LEVEL")].value}'`,
      ),
    ).toBe("debug");
    await write("set env deploy/checkout LOG_LEVEL- -n shop");
    expect(await read("get deploy checkout -n shop -o yaml")).not.toContain("LOG_LEVEL");
    await write("set resources deploy/cart -n shop --limits=memory=768Mi");
    expect(
      await read(
        "get deploy cart -n shop -o jsonpath={.spec.template.spec.containers[0].resources.limits.memory}",
      ),
    ).toBe("768Mi");
  });

  it("label and annotate, with kubectl's overwrite rule", async () => {
    expect((await write("label pod postgres-0 -n shop tier=db")).output).toBe(
      "pod/postgres-0 labeled",
    );
    const clash = await write("label pod postgres-0 -n shop tier=cache");
    expect(clash).toMatchObject({ ok: false, error: { code: "conflict" } });
    expect((await write("label pod postgres-0 -n shop tier=cache --overwrite")).ok).toBe(true);
    expect((await write("label pod postgres-0 -n shop tier-")).ok).toBe(true);
    expect(await read("get pod postgres-0 -n shop --show-labels")).not.toContain("tier=");
    expect((await write("annotate deploy cart -n shop note=checked")).output).toBe(
      "deployment.apps/cart annotated",
    );
  });

  it("patch: strategic, merge and json", async () => {
    await write(`patch deploy cart -n shop -p '{"spec":{"replicas":4}}'`);
    expect(await read("get deploy cart -n shop -o jsonpath={.spec.replicas}")).toBe("4");
    await write(
      `patch deploy cart -n shop --type=merge -p '{"metadata":{"labels":{"patched":"yes"}}}'`,
    );
    expect(await read("get deploy cart -n shop -o jsonpath={.metadata.labels.patched}")).toBe(
      "yes",
    );
    await write(
      `patch deploy cart -n shop --type=json -p '[{"op":"replace","path":"/spec/replicas","value":1}]'`,
    );
    expect(await read("get deploy cart -n shop -o jsonpath={.spec.replicas}")).toBe("1");
    const bad = await write("patch deploy cart -n shop -p 'not: [valid'");
    expect(bad).toMatchObject({ ok: false, error: { code: "usage" } });
  });

  it("delete by name and by selector", async () => {
    expect((await write("delete pod postgres-0 -n shop")).output).toBe('pod "postgres-0" deleted');
    expect((await write("delete pods -l app=checkout -n shop")).output.split("\n")).toHaveLength(2);
    const noName = await write("delete pods -n shop");
    expect(noName).toMatchObject({ ok: false, error: { code: "usage" } });
    expect((await write("delete pod gone -n shop --ignore-not-found")).ok).toBe(true);
  });

  it("apply creates, then configures, then reports unchanged; create refuses an existing object", async () => {
    expect((await write("apply -f -", DEPLOYMENT)).output).toBe("deployment.apps/hello created");
    expect(await read("get deploy hello -n shop -o name")).toBe("deployment.apps/hello");
    expect((await write("apply -f -", DEPLOYMENT)).output).toBe("deployment.apps/hello unchanged");
    expect(
      (await write("apply -f -", DEPLOYMENT.replace("replicas: 1", "replicas: 2"))).output,
    ).toBe("deployment.apps/hello configured");
    const again = await write("create -f -", DEPLOYMENT);
    expect(again).toMatchObject({ ok: false, error: { code: "conflict" } });
    const noManifest = await write("apply -f -");
    expect(noManifest).toMatchObject({ ok: false, error: { code: "usage" } });
    expect(await read("get deploy hello -n shop -o yaml")).not.toContain("tok-very-secret-123");
  });

  it("cordon and uncordon", async () => {
    expect((await write("cordon worker-1")).output).toBe("node/worker-1 cordoned");
    expect(await read("get node worker-1")).toContain("SchedulingDisabled");
    expect((await write("cordon worker-1")).output).toBe("node/worker-1 already cordoned");
    expect((await write("uncordon worker-1")).output).toBe("node/worker-1 uncordoned");
  });

  it("drain refuses before changing anything when a pod blocks, then evicts with the flags", async () => {
    const blocked = await write("drain worker-1");
    expect(blocked).toMatchObject({ ok: false, error: { code: "invalid" } });
    expect(blocked.output).toContain("--ignore-daemonsets");
    expect(await read("get node worker-1")).not.toContain("SchedulingDisabled");
    const drained = await write(
      "drain worker-1 --ignore-daemonsets --delete-emptydir-data --force",
    );
    expect(drained.ok).toBe(true);
    expect(drained.output).toMatch(/^node\/worker-1 cordoned$/m);
    expect(drained.output).toMatch(/^node\/worker-1 drained$/m);
    const left = await read("get pods -A --field-selector=spec.nodeName=worker-1 -o name");
    expect(
      left.split("\n").filter((l) => l.startsWith("pod/") && !l.includes("kube-proxy")).length,
    ).toBeLessThan(drained.output.split("\n").filter((l) => l.endsWith(" evicted")).length);
  });

  it("a CRD applied through the engine is usable at once, by its short name", async () => {
    const crd = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: { name: crontabs.stable.example.com }
spec:
  group: stable.example.com
  scope: Namespaced
  names: { plural: crontabs, singular: crontab, kind: CronTab, shortNames: [ct] }
  versions:
    - name: v1
      served: true
      storage: true
      schema: { openAPIV3Schema: { type: object, x-kubernetes-preserve-unknown-fields: true } }
`;
    const cr = `apiVersion: stable.example.com/v1
kind: CronTab
metadata: { name: nightly, namespace: shop }
spec: { cronSpec: "0 3 * * *" }
`;
    expect((await write("apply -f -", crd)).output).toBe(
      "customresourcedefinition.apiextensions.k8s.io/crontabs.stable.example.com created",
    );
    expect((await write("create -f -", cr)).output).toBe(
      "crontab.stable.example.com/nightly created",
    );
    expect(await read("get ct -n shop -o name")).toBe("crontab.stable.example.com/nightly");
    expect(await read("get crontab nightly -n shop -o jsonpath={.spec.cronSpec}")).toBe(
      "0 3 * * *",
    );
    expect(await read("api-resources --api-group=stable.example.com -o name")).toBe(
      "crontabs.stable.example.com",
    );
  });
});
