import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { KubeConfig } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Cluster, KubeError, KubectlEngine, listContexts, loadKubeConfig } from "../src/index";
import type { DemoFixture } from "./demoFixture";
import { startDemoFixture } from "./demoFixture";

let fx: DemoFixture;
beforeAll(async () => {
  fx = await startDemoFixture();
});
afterAll(async () => {
  await fx.close();
});

describe("connection to a real API server (the demo cluster)", () => {
  it("loads the kubeconfig, lists the context and the namespaces", async () => {
    const kc = loadKubeConfig({ kubeconfigPath: fx.kubeconfigPath });
    expect(listContexts(kc)).toEqual([
      expect.objectContaining({
        name: "kubemedic-demo",
        current: true,
        demo: true,
        server: fx.demo.url,
      }),
    ]);
    const namespaces = await fx.cluster.listNamespaces();
    expect(namespaces).toEqual(
      expect.arrayContaining(["default", "kube-system", "shop", "payments"]),
    );
    expect(namespaces).toEqual([...namespaces].sort());
    expect((await fx.cluster.version()).gitVersion).toMatch(/^v1\.\d+/);
  });

  it("discovers resources: kinds, plurals, short names, scope, verbs", async () => {
    const deploy = await fx.cluster.discovery.resolve("deploy");
    expect(deploy).toMatchObject({
      group: "apps",
      version: "v1",
      resource: "deployments",
      kind: "Deployment",
      namespaced: true,
    });
    expect(deploy.verbs).toContain("patch");
    expect((await fx.cluster.discovery.resolve("no")).namespaced).toBe(false);
    await expect(fx.cluster.discovery.resolve("nosuchthing")).rejects.toThrow(
      'the server doesn\'t have a resource type "nosuchthing"',
    );
  });

  it("says unauthorized for a wrong token, in words a user understands", async () => {
    const bad = `${fx.kubeconfigPath}.bad`;
    writeFileSync(
      bad,
      readFileSync(fx.kubeconfigPath, "utf8").replace(/token: \S+/, "token: not-the-token"),
    );
    const cluster = new Cluster(loadKubeConfig({ kubeconfigPath: bad }));
    try {
      await cluster.listNamespaces();
      expect.fail("should be refused");
    } catch (error) {
      expect(error).toBeInstanceOf(KubeError);
      expect((error as KubeError).code).toBe("unauthorized");
      expect((error as KubeError).message).toMatch(
        /rejected the credentials of context "kubemedic-demo"/,
      );
    } finally {
      cluster.close();
    }
  });

  it("verifies the server's certificate exactly as the kubeconfig says", async () => {
    const connect = async (cluster: Record<string, unknown>) => {
      const kc = new KubeConfig();
      kc.loadFromOptions({
        clusters: [{ name: "c", server: fx.demo.url, ...cluster }],
        users: [{ name: "u", token: fx.demo.token }],
        contexts: [{ name: "ctx", cluster: "c", user: "u" }],
        currentContext: "ctx",
      });
      const c = new Cluster(kc);
      try {
        return await c.listNamespaces();
      } finally {
        c.close();
      }
    };
    const caData = Buffer.from(fx.demo.caPem).toString("base64");
    expect(await connect({ caData })).toContain("shop");
    // The demo cluster's certificate is its own CA: without it, untrusted.
    await expect(connect({})).rejects.toThrow(/self-signed and not trusted/);
    // The CA, but another name than the certificate's (tls-server-name).
    await expect(connect({ caData, tlsServerName: "api.example.com" })).rejects.toThrow(
      /does not match its address/,
    );
    // Only insecure-skip-tls-verify turns the check off.
    expect(await connect({ skipTLSVerify: true })).toContain("shop");
  });

  it("runs in a pod: the mounted service account, the service host from the environment", async () => {
    // A pod's view: no kubeconfig anywhere, KUBERNETES_SERVICE_HOST/PORT set, and the
    // kubelet's mount (token, ca.crt, namespace) — here the demo cluster's token and CA.
    const root = mkdtempSync(join(tmpdir(), "kubemedic-sa-"));
    const mount = join(root, "serviceaccount");
    mkdirSync(mount);
    writeFileSync(join(mount, "token"), fx.demo.token);
    writeFileSync(join(mount, "ca.crt"), fx.demo.caPem);
    writeFileSync(join(mount, "namespace"), "payments\n");
    const url = new URL(fx.demo.url);
    const env = { KUBERNETES_SERVICE_HOST: url.hostname, KUBERNETES_SERVICE_PORT: url.port };
    const kc = loadKubeConfig({ env, home: root, serviceAccountDir: mount });
    expect(listContexts(kc)).toEqual([
      expect.objectContaining({
        name: "in-cluster",
        current: true,
        defaultNamespace: "payments",
        server: fx.demo.url,
      }),
    ]);
    const cluster = new Cluster(kc);
    try {
      expect(cluster.namespace).toBe("payments");
      const pods = await new KubectlEngine(cluster).run("get pods -o name");
      expect(pods.ok, pods.output).toBe(true);
      expect(pods.output).toMatch(/^pod\/payments-api-/m);
    } finally {
      cluster.close();
    }
    // Without the service host (not in a pod), or without the mount, nothing is configured.
    for (const attempt of [
      () => loadKubeConfig({ env: {}, home: root, serviceAccountDir: mount }),
      () => loadKubeConfig({ env, home: root, serviceAccountDir: join(root, "absent") }),
    ])
      expect(attempt).toThrow(/tried .*the in-cluster service account/);
    // A token the API server refuses is an unauthorized error, not a hang or a crash.
    writeFileSync(join(mount, "token"), "revoked-token");
    const revoked = new Cluster(loadKubeConfig({ env, home: root, serviceAccountDir: mount }));
    try {
      await expect(revoked.listNamespaces()).rejects.toMatchObject({ code: "unauthorized" });
    } finally {
      revoked.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
