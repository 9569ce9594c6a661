import { readFileSync, writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Cluster, KubeError, listContexts, loadKubeConfig } from "../src/index";
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
});
