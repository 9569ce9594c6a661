import {
  analyze,
  classifyCommand,
  correlate,
  KubectlEngine,
  KUBE_ERROR_CODES,
  type Cluster,
  type KubeErrorCode,
} from "@kubemedic/kube";
import type { ClusterBackend, KubectlRunResult } from "./cluster-backend";

/** `Deployment/checkout` → a resource ref in `namespace`. */
function resourceRef(resource: string | undefined, namespace: string | undefined) {
  if (resource === undefined) return undefined;
  const [kind, name] = resource.includes("/") ? resource.split("/", 2) : ["", resource];
  if (!kind || !name) return undefined;
  return { kind, name, ...(namespace === undefined ? {} : { namespace }) };
}

function retryable(code: string): boolean {
  return code in KUBE_ERROR_CODES && KUBE_ERROR_CODES[code as KubeErrorCode].retryable;
}

/** The agent's cluster port over `@kubemedic/kube`: one engine per cluster, analyzers and correlation on its kubeconfig. */
export function kubeBackend(cluster: Cluster): ClusterBackend {
  const engine = new KubectlEngine(cluster);
  return {
    contextName: cluster.context,
    defaultNamespace: cluster.namespace,
    classify: (line) => classifyCommand(line),
    async run(line, opts): Promise<KubectlRunResult> {
      const r = await engine.run(line, opts);
      return {
        command: r.command,
        classification: r.classification,
        ok: r.ok,
        output: r.output,
        truncated: r.truncated,
        ...(r.structured === undefined ? {} : { structured: r.structured }),
        ...(r.error === undefined
          ? {}
          : { error: { ...r.error, retryable: retryable(r.error.code) } }),
        durationMs: r.durationMs,
      };
    },
    preview: (line, opts) => engine.preview(line, opts),
    analyze: (opts) => {
      const resource = resourceRef(opts.resource, opts.namespace);
      return analyze(cluster.kubeConfig, {
        ...(opts.namespace === undefined ? {} : { namespace: opts.namespace }),
        ...(opts.filters === undefined ? {} : { filters: opts.filters }),
        ...(resource === undefined ? {} : { resource }),
        ...(opts.signal === undefined ? {} : { signal: opts.signal }),
      });
    },
    correlate: (opts) => {
      const resource = resourceRef(opts.resource, opts.namespace);
      return correlate(cluster.kubeConfig, {
        ...(opts.namespace === undefined ? {} : { namespace: opts.namespace }),
        ...(resource === undefined ? {} : { resource }),
        ...(opts.signal === undefined ? {} : { signal: opts.signal }),
      });
    },
    listNamespaces: (signal) => cluster.listNamespaces(signal),
    serverVersion: async (signal) => (await cluster.version(signal)).gitVersion,
  };
}
