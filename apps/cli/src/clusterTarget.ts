import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Cluster } from "@kubemedic/kube";

/** How a headless command (`diagnose`, `mcp`) was told to find its cluster. */
export interface TargetFlags {
  kubeconfig?: string;
  context?: string;
  namespace?: string;
  demo: boolean;
  scenarios: string[];
}

/** The cluster a headless command works against, and how to let go of it. */
export interface Target {
  cluster: Cluster;
  namespace: string | undefined;
  close: () => Promise<void>;
}

/**
 * The kubeconfig (an explicit file or context must work), or — with --demo or
 * when there is no kubeconfig at all — the demo cluster started in-process
 * (with a one-scenario demo, that scenario's namespace is the default). Says
 * what it did on stderr only: stdout may be a protocol (`kubemedic mcp`).
 */
export async function connectTarget(flags: TargetFlags): Promise<Target> {
  const { Cluster, isKubeError, loadKubeConfig } = await import("@kubemedic/kube");
  if (!flags.demo) {
    try {
      const kc = loadKubeConfig({
        ...(flags.kubeconfig === undefined ? {} : { kubeconfigPath: flags.kubeconfig }),
        ...(flags.context === undefined ? {} : { context: flags.context }),
      });
      const cluster = new Cluster(
        kc,
        flags.namespace === undefined ? {} : { namespace: flags.namespace },
      );
      return { cluster, namespace: flags.namespace, close: () => Promise.resolve(cluster.close()) };
    } catch (error) {
      // An explicit file or context that fails is an error; finding none at all means the demo.
      if (
        !isKubeError(error, "no_config") ||
        flags.kubeconfig !== undefined ||
        flags.context !== undefined
      )
        throw error;
      console.error("kubemedic: no kubeconfig found; using the built-in demo cluster");
    }
  }
  const { startDemoCluster } = await import("@kubemedic/demo-cluster");
  const demo = await startDemoCluster({
    port: 0,
    ...(flags.scenarios.length > 0 ? { scenarios: flags.scenarios } : {}),
  });
  const dir = await mkdtemp(join(tmpdir(), "kubemedic-diagnose-"));
  const kubeconfigPath = join(dir, "kubeconfig");
  await demo.writeKubeconfig(kubeconfigPath);
  const kc = loadKubeConfig({ kubeconfigPath });
  const questionScenarios = demo.scenarios.filter((s) => !s.base);
  const namespace =
    flags.namespace ??
    (questionScenarios.length === 1 ? questionScenarios[0]?.namespace : undefined);
  const cluster = new Cluster(kc, namespace === undefined ? {} : { namespace });
  console.error(
    `kubemedic: started the demo cluster at ${demo.url} (${questionScenarios.map((s) => s.name).join(", ") || "no scenarios"})`,
  );
  return {
    cluster,
    namespace,
    close: async () => {
      cluster.close();
      await demo.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
