import type { Obj } from "../fetch";
import type { VerbContext, VerbOutput } from "../verbContext";

/**
 * `kubectl cluster-info`: the control plane address and the kube-system
 * services labelled `kubernetes.io/cluster-service=true`, with their proxy URLs.
 */
export async function runClusterInfo(ctx: VerbContext): Promise<VerbOutput> {
  const server = ctx.cluster.server;
  const lines = [`Kubernetes control plane is running at ${server}`];
  const services = await ctx.cluster.transport.json<{ items?: Obj[] }>({
    path: "/api/v1/namespaces/kube-system/services",
    query: { labelSelector: "kubernetes.io/cluster-service=true" },
    ...(ctx.signal ? { signal: ctx.signal } : {}),
  });
  for (const svc of services.items ?? []) {
    const meta = (svc.metadata ?? {}) as Obj;
    const labels = (meta.labels ?? {}) as Record<string, string>;
    const name = labels["kubernetes.io/name"] ?? String(meta.name);
    const ports = ((svc.spec as Obj | undefined)?.ports ?? []) as Obj[];
    const port = ports[0];
    const portPart =
      port === undefined
        ? ""
        : `:${typeof port.name === "string" && port.name !== "" ? port.name : String(port.port)}`;
    lines.push(
      `${name} is running at ${server}/api/v1/namespaces/kube-system/services/${String(meta.name)}${portPart}/proxy`,
    );
  }
  lines.push(
    "",
    "To further debug and diagnose cluster problems, use 'kubectl cluster-info dump'.",
  );
  return { text: lines.join("\n") };
}
