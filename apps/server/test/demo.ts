import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startDemoCluster, type DemoCluster } from "@kubemedic/demo-cluster";
import { Cluster, loadKubeConfig } from "@kubemedic/kube";

/** The real demo cluster on port 0 and a kubeconfig file pointing at it. */
export interface DemoFixture {
  demo: DemoCluster;
  kubeconfig: string;
  /** A client of its own, to check what the gateway's turns changed. */
  cluster: Cluster;
  close(): Promise<void>;
}

export async function startDemo(
  scenarios: string[] = ["crashloop-missing-env"],
  /** Every answer this late: makes what follows a request slow enough to step in. */
  latencyMs = 0,
): Promise<DemoFixture> {
  const demo = await startDemoCluster({ port: 0, scenarios, latencyMs });
  const dir = await mkdtemp(join(tmpdir(), "kubemedic-gw-demo-"));
  const kubeconfig = join(dir, "kubeconfig");
  await demo.writeKubeconfig(kubeconfig);
  const cluster = new Cluster(loadKubeConfig({ kubeconfigPath: kubeconfig }));
  return {
    demo,
    kubeconfig,
    cluster,
    async close() {
      cluster.close();
      await demo.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A Deployment's spec.replicas as the cluster has it now. */
export async function replicasOf(
  cluster: Cluster,
  namespace: string,
  name: string,
): Promise<number> {
  const d = await cluster.transport.json<{ spec?: { replicas?: number } }>({
    path: `/apis/apps/v1/namespaces/${namespace}/deployments/${name}`,
  });
  return d.spec?.replicas ?? 1;
}
