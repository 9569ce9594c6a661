import type { KubeConfig } from "@kubernetes/client-node";
import type { ClusterContext } from "@kubemedic/protocol";

/** The context name the built-in demo cluster writes into its kubeconfig. */
export const DEMO_CONTEXT = "kubemedic-demo";

/** Every context of a kubeconfig, current one flagged, in file order. */
export function listContexts(kc: KubeConfig): ClusterContext[] {
  const current = kc.getCurrentContext();
  return kc.getContexts().map((context) => {
    const cluster = kc.getCluster(context.cluster);
    return {
      name: context.name,
      cluster: context.cluster,
      server: cluster?.server ?? "",
      defaultNamespace: context.namespace ?? null,
      current: context.name === current,
      demo: context.name === DEMO_CONTEXT,
    };
  });
}
