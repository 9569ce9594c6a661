import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { KubectlResult } from "../src/index";
import type { DemoFixture } from "./demoFixture";
import { startDemoFixture } from "./demoFixture";

let fx: DemoFixture;
beforeAll(async () => {
  fx = await startDemoFixture();
});
afterAll(async () => {
  await fx.close();
});

async function run(
  line: string,
  options: Parameters<DemoFixture["engine"]["run"]>[1] = {},
): Promise<KubectlResult> {
  return fx.engine.run(line, options);
}

const lines = (r: KubectlResult): string[] => r.output.split("\n");

describe("KubectlEngine reads against the demo cluster", () => {
  it("lists pods with kubectl's server-side columns and a structured table", async () => {
    const r = await run("kubectl get pods -n shop");
    expect(r).toMatchObject({
      ok: true,
      classification: "read",
      command: "get pods -n shop",
      truncated: false,
    });
    expect(lines(r)[0]).toMatch(/^NAME\s+READY\s+STATUS\s+RESTARTS\s+AGE$/);
    expect(r.output).toMatch(/checkout-7d9c5b6f4-m4zq9\s+0\/1\s+CrashLoopBackOff/);
    const structured = r.structured as {
      kind: string;
      tables: { columns: string[]; rows: string[][] }[];
    };
    expect(structured.kind).toBe("table");
    expect(structured.tables[0]!.columns).toEqual(["NAME", "READY", "STATUS", "RESTARTS", "AGE"]);
    expect(structured.tables[0]!.rows.map((row) => row[0])).toContain("postgres-0");
    expect(r.durationMs).toBeGreaterThan(0);
  });

  it("uses the run option's namespace, then the context's", async () => {
    expect((await run("get deploy", { namespace: "shop" })).output).toContain("checkout");
    expect((await run("get pods")).output).toBe("No resources found in default namespace.");
  });

  it("adds wide columns, NAMESPACE with -A, labels, and type prefixes for several types", async () => {
    expect(lines(await run("get pods -n shop -o wide"))[0]).toContain("NOMINATED NODE");
    const all = await run("get deploy -A");
    expect(lines(all)[0]).toMatch(/^NAMESPACE\s+NAME/);
    expect(all.output).toMatch(/^analytics\s+report-worker/m);
    expect((await run("get pods -n shop --show-labels")).output).toMatch(/app=checkout/);
    const both = await run("get deploy,svc -n shop");
    expect(both.output).toMatch(/^deployment\.apps\/checkout/m);
    expect(both.output).toMatch(/^service\/checkout/m);
    expect((await run("get all -n shop")).output).toMatch(/^statefulset\.apps\/postgres/m);
  });

  it("resolves short names, kinds, group-qualified types and type/name", async () => {
    for (const type of ["po", "pods", "pod", "Pod", "pods.v1."]) {
      expect((await run(`get ${type} postgres-0 -n shop -o name`)).output, type).toBe(
        "pod/postgres-0",
      );
    }
    expect((await run("get deployments.apps checkout -n shop -o name")).output).toBe(
      "deployment.apps/checkout",
    );
    expect((await run("get deploy/checkout sts/postgres -n shop -o name")).output).toBe(
      "deployment.apps/checkout\nstatefulset.apps/postgres",
    );
    for (const short of [
      "svc",
      "ev",
      "pvc",
      "cm",
      "ing",
      "sts",
      "ds",
      "rs",
      "hpa",
      "netpol",
      "pdb",
      "cj",
      "ns",
      "no",
    ]) {
      expect((await run(`get ${short} -A`)).ok, short).toBe(true);
    }
  });

  it("filters by label and field selectors and sorts by a JSONPath", async () => {
    const byLabel = await run("get pods -n shop -l app=checkout -o name");
    expect(byLabel.output.split("\n").sort()).toEqual([
      "pod/checkout-7d9c5b6f4-m4zq9",
      "pod/checkout-7d9c5b6f4-x8k2p",
    ]);
    const running = await run("get pods -n shop --field-selector=status.phase=Running -o name");
    expect(running.output).toContain("pod/postgres-0");
    const sorted = await run(
      "get pods -A --sort-by=.metadata.name -o custom-columns=NAME:.metadata.name --no-headers",
    );
    const names = sorted.output.split("\n").map((l) => l.trim());
    // Byte order, as kubectl 1.32 sorts strings (pod-10 before pod-2).
    expect(names).toEqual([...names].sort());
  });

  it("prints yaml, json, jsonpath and custom columns without managedFields or last-applied", async () => {
    const yaml = await run("get deploy checkout -n shop -o yaml");
    expect(yaml.output).toMatch(/^apiVersion: apps\/v1$/m);
    expect(yaml.output).not.toContain("managedFields");
    expect(yaml.output).not.toContain("last-applied-configuration");
    // Two pods as indented JSON pass the default 200-line budget: read them with a larger one.
    const large = await startDemoFixtureLike({ maxLines: 5_000, maxBytes: 1_000_000 });
    const json = JSON.parse(
      (await large.engine.run("get pods -n shop -l app=cart -o json")).output,
    ) as {
      kind: string;
      items: unknown[];
    };
    await large.close();
    expect(json.kind).toBe("List");
    expect(json.items).toHaveLength(2);
    const cut = await run("get pods -n shop -l app=cart -o json");
    expect(cut.truncated).toBe(true);
    expect((await run("get pod postgres-0 -n shop -o jsonpath='{.spec.nodeName}'")).output).toMatch(
      /^worker-\d$/,
    );
    const cc = await run(
      "get pods -n shop -l app=cart -o custom-columns=NAME:.metadata.name,NODE:.spec.nodeName",
    );
    expect(lines(cc)[0]).toMatch(/^NAME\s+NODE$/);
  });

  it("says what is missing, like kubectl", async () => {
    const missing = await run("get pod nosuch -n shop");
    expect(missing).toMatchObject({ ok: false, error: { code: "not_found" } });
    expect(missing.output).toBe('Error from server (NotFound): pods "nosuch" not found');
    const type = await run("get frobnicators");
    expect(type.output).toBe('error: the server doesn\'t have a resource type "frobnicators"');
    expect((await run("get pods -n empty-ns")).output).toBe(
      "No resources found in empty-ns namespace.",
    );
  });

  it("describes pods with sections and events, secrets with sizes only", async () => {
    const pod = await run("describe pod checkout-7d9c5b6f4-m4zq9 -n shop");
    for (const section of [
      "Name:",
      "Namespace:",
      "Labels:",
      "Containers:",
      "Conditions:",
      "Volumes:",
      "QoS Class:",
      "Events:",
    ]) {
      expect(pod.output).toContain(section);
    }
    expect(pod.output).toMatch(/Last State:\s+Terminated/);
    expect(pod.output).toMatch(/Warning\s+BackOff/);
    const secret = await run("describe secret checkout-db -n shop");
    expect(secret.output).toMatch(/^DATABASE_URL:\s+\d+ bytes$/m);
  });

  it("reads logs: the last lines by default, --previous, -c validated", async () => {
    const previous = await run("logs checkout-7d9c5b6f4-m4zq9 -n shop --previous");
    expect(previous.output).toContain("required environment variable DATABASE_URL is not set");
    const tail = await run("logs checkout-7d9c5b6f4-m4zq9 -n shop --previous --tail=1");
    expect(tail.output.split("\n")).toHaveLength(1);
    const bad = await run("logs checkout-7d9c5b6f4-m4zq9 -n shop -c nope");
    expect(bad).toMatchObject({ ok: false, error: { code: "invalid" } });
    const workload = await run("logs deploy/checkout -n shop --previous --tail=1");
    expect(workload.notes?.[0]).toMatch(/^Found 2 pods, using pod\/checkout-/);
  });

  it("keeps the last lines of long logs under the engine's default tail", async () => {
    const small = await startDemoFixtureLike({ logTailDefault: 3 });
    try {
      const r = await small.engine.run("logs checkout-7d9c5b6f4-m4zq9 -n shop --previous");
      expect(r.output.split("\n").length).toBeLessThanOrEqual(3);
      expect(r.output).toContain("DATABASE_URL");
    } finally {
      await small.close();
    }
  });

  it("lists events, top, api-resources, api-versions, version and cluster-info", async () => {
    const events = await run("events -n shop --types=Warning");
    expect(lines(events)[0]).toMatch(/^LAST SEEN\s+TYPE\s+REASON\s+OBJECT\s+MESSAGE$/);
    expect(events.output).not.toMatch(/\sNormal\s/);
    const top = await run("top pods -n analytics");
    expect(lines(top)[0]).toMatch(/^NAME\s+CPU\(cores\)\s+MEMORY\(bytes\)$/);
    expect((await run("top nodes")).output).toMatch(/^worker-1\s+\d+m\s+\d+%/m);
    const resources = await run("api-resources");
    expect(resources.output).toMatch(/^deployments\s+deploy\s+apps\/v1\s+true\s+Deployment$/m);
    expect((await run("api-versions")).output.split("\n")).toContain("apps/v1");
    expect((await run("version")).output).toMatch(/^Server Version: v1\.\d+/m);
    expect((await run("cluster-info")).output).toMatch(
      /^Kubernetes control plane is running at https:\/\/127\.0\.0\.1:\d+$/m,
    );
  });

  it("reports rollout status and history", async () => {
    expect((await run("rollout status deploy/cart -n shop")).output).toBe(
      'deployment "cart" successfully rolled out',
    );
    const stuck = await run("rollout status deploy/orders-api -n orders");
    expect(stuck).toMatchObject({ ok: false, error: { code: "timeout" } });
    expect(stuck.output).toContain("exceeded its progress deadline");
    const history = await run("rollout history deploy/orders-api -n orders");
    expect(history.output).toMatch(/^REVISION\s+CHANGE-CAUSE$/m);
    expect(history.output).toMatch(/^5\s+/m);
  });

  it("says plainly that explain needs OpenAPI, which the demo cluster does not serve", async () => {
    // The demo cluster answers 404 on /openapi (kubectl then validates client-side);
    // explain over real documents is covered by src/kubectl/verbs/explain.test.ts.
    const r = await run("explain deployment.spec.replicas");
    expect(r).toMatchObject({ ok: false, classification: "read", error: { code: "unsupported" } });
    expect(r.output).toBe(
      "error: explain needs the server's OpenAPI v3 documents, and this cluster does not serve them (/openapi/v3)",
    );
  });

  it("answers auth can-i for its own identity, or says the cluster cannot tell", async () => {
    const r = await run("auth can-i list pods -n shop");
    if (r.ok) expect(["yes", "no"]).toContain(r.output.split(" ")[0]);
    else
      expect(r.output).toBe(
        "error: this cluster does not serve SelfSubjectAccessReview (authorization.k8s.io/v1)",
      );
  });

  it("refuses what it must not run, before touching the cluster", async () => {
    const shell = await run("get pods; rm -rf /");
    expect(shell).toMatchObject({
      ok: false,
      classification: "refused",
      error: { code: "refused" },
    });
    const mutation = await run("scale deploy/checkout -n shop --replicas=0");
    expect(mutation).toMatchObject({
      ok: false,
      classification: "mutating",
      error: { code: "refused" },
    });
    expect((await run("get deploy checkout -n shop -o jsonpath={.spec.replicas}")).output).toBe(
      "2",
    );
    const usage = await run("get pods --bogus");
    expect(usage).toMatchObject({
      ok: false,
      error: { code: "usage", message: "unknown flag: --bogus" },
    });
  });

  it("bounds output with an explicit marker", async () => {
    const small = await startDemoFixtureLike({ maxLines: 10, maxBytes: 100_000 });
    try {
      const r = await small.engine.run("get pods -A");
      expect(r.truncated).toBe(true);
      const out = r.output.split("\n");
      expect(out).toHaveLength(11);
      expect(out[10]).toMatch(/^… truncated: \d+ more lines; narrow with -l, --field-selector/);
    } finally {
      await small.close();
    }
  });

  it("runs a parsed command handed back as data, exactly as its line, and rechecks it", async () => {
    const { parseCommand } = await import("../src/index");
    const parsed = parseCommand("get deploy checkout -n shop -o jsonpath={.spec.replicas}");
    if (!parsed.ok) throw new Error(parsed.message);
    const restored = JSON.parse(JSON.stringify(parsed.command)) as typeof parsed.command;
    expect(await fx.engine.run(restored)).toMatchObject({ ok: true, output: "2" });
    // Data claiming to be a read does not make a write run without approval.
    const write = parseCommand("scale deploy/checkout -n shop --replicas=0");
    if (!write.ok) throw new Error(write.message);
    const claimsRead = { ...write.command, classification: "read" as const };
    expect(await fx.engine.run(claimsRead)).toMatchObject({
      ok: false,
      classification: "mutating",
      error: { code: "refused" },
    });
    const forged = { ...parsed.command, flags: { ...parsed.command.flags, token: "t" } };
    expect(await fx.engine.run(forged)).toMatchObject({
      ok: false,
      classification: "refused",
      error: { code: "refused" },
    });
    await expect(fx.engine.preview(claimsRead, { namespace: "shop" })).resolves.toMatchObject({
      target: { kind: "Deployment", name: "checkout" },
    });
  });

  it("cuts one call's output to a tighter byte budget, never a looser one", async () => {
    const tight = await run("get pods -A", { maxBytes: 600 });
    expect(tight.truncated).toBe(true);
    expect(Buffer.byteLength(tight.output)).toBeLessThanOrEqual(600);
    expect(tight.output).toMatch(/… truncated: \d+ more lines; narrow with/);
    const small = await startDemoFixtureLike({ maxBytes: 600 });
    try {
      const loose = await small.engine.run("get pods -A", { maxBytes: 10_000_000 });
      expect(loose.truncated).toBe(true);
      expect(Buffer.byteLength(loose.output)).toBeLessThanOrEqual(600);
    } finally {
      await small.close();
    }
  });

  it("honours --request-timeout", async () => {
    expect((await run("get pods -n shop --request-timeout=30s")).ok).toBe(true);
    expect(await run("get pods --request-timeout=soon")).toMatchObject({
      ok: false,
      error: { code: "usage" },
    });
  });

  it("cancels in-flight requests with the signal", async () => {
    const controller = new AbortController();
    controller.abort();
    const r = await run("get pods -A", { signal: controller.signal });
    expect(r).toMatchObject({ ok: false, error: { code: "cancelled" } });
  });
});

/** A second engine on the same demo cluster with other limits. */
async function startDemoFixtureLike(limits: {
  maxLines?: number;
  maxBytes?: number;
  logTailDefault?: number;
}) {
  const { Cluster, KubectlEngine, loadKubeConfig } = await import("../src/index");
  const cluster = new Cluster(loadKubeConfig({ kubeconfigPath: fx.kubeconfigPath }));
  const engine = new KubectlEngine(cluster, limits);
  return {
    engine,
    close: async () => {
      cluster.close();
      await Promise.resolve();
    },
  };
}
