import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DemoCluster } from "@kubemedic/demo-cluster";
import { startDemoCluster } from "@kubemedic/demo-cluster";
import type { KubectlEngineOptions } from "../src/index";
import { Cluster, KubectlEngine, loadKubeConfig } from "../src/index";

/** A real demo cluster on port 0, a kubeconfig file for it, and an engine connected through it. */
export interface DemoFixture {
  demo: DemoCluster;
  kubeconfigPath: string;
  cluster: Cluster;
  engine: KubectlEngine;
  close(): Promise<void>;
}

export async function startDemoFixture(
  options: { scenarios?: string[]; engine?: KubectlEngineOptions } = {},
): Promise<DemoFixture> {
  const demo = await startDemoCluster({
    port: 0,
    ...(options.scenarios ? { scenarios: options.scenarios } : {}),
  });
  const dir = mkdtempSync(join(tmpdir(), "kubemedic-kube-"));
  const kubeconfigPath = join(dir, "kubeconfig");
  await demo.writeKubeconfig(kubeconfigPath);
  const cluster = new Cluster(loadKubeConfig({ kubeconfigPath }));
  const engine = new KubectlEngine(cluster, options.engine ?? {});
  return {
    demo,
    kubeconfigPath,
    cluster,
    engine,
    async close() {
      cluster.close();
      await demo.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
