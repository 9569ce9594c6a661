import { analyze, correlate, KubectlEngine, type Cluster } from "@kubemedic/kube";
import type { ClusterBackend } from "./cluster-backend";

/** `Deployment/checkout` → a resource ref in `namespace`. */
function resourceRef(resource: string | undefined, namespace: string | undefined) {
  if (resource === undefined) return undefined;
  const [kind, name] = resource.includes("/") ? resource.split("/", 2) : ["", resource];
  if (!kind || !name) return undefined;
  return { kind, name, ...(namespace === undefined ? {} : { namespace }) };
}

/** The agent's cluster port over `@kubemedic/kube`: one engine per cluster, analyzers and correlation on its kubeconfig. */
export function kubeBackend(cluster: Cluster): ClusterBackend {
  const engine = new KubectlEngine(cluster);
  return {
    contextName: cluster.context,
    defaultNamespace: cluster.namespace,
    run: (command, opts) => engine.run(command, opts),
    preview: (command, opts) => engine.preview(command, opts),
    analyze: (opts) => {
      const resource = resourceRef(opts.resource, opts.namespace);
      return analyze(cluster, {
        ...(opts.namespace === undefined ? {} : { namespace: opts.namespace }),
        ...(opts.filters === undefined ? {} : { filters: opts.filters }),
        ...(resource === undefined ? {} : { resource }),
        ...(opts.signal === undefined ? {} : { signal: opts.signal }),
      });
    },
    correlate: (opts) => {
      const resource = resourceRef(opts.resource, opts.namespace);
      return correlate(cluster, {
        ...(opts.namespace === undefined ? {} : { namespace: opts.namespace }),
        ...(resource === undefined ? {} : { resource }),
        ...(opts.signal === undefined ? {} : { signal: opts.signal }),
      });
    },
    listNamespaces: (signal) => cluster.listNamespaces(signal),
    serverVersion: async (signal) => (await cluster.version(signal)).gitVersion,
  };
}
