import type { Pod, Service } from "../model/objects";
import type { ClusterSnapshot } from "../model/snapshot/ClusterSnapshot";
import { selectedPods } from "../model/serviceEndpoints";
import { similarNames } from "./similarNames";

export type ResolvedHost =
  | {
      kind: "service";
      name: string;
      namespace: string;
      service: Service;
      pods: Pod[];
      /** The pod port a connection to `port` of the Service lands on. */
      targetPort(port: number | undefined): number | undefined;
    }
  | {
      kind: "missingService";
      name: string;
      namespace: string;
      similar: string[];
      /** Other namespaces that hold a Service of exactly this name (a short name resolves only in the pod's own). */
      elsewhere: string[];
    };

/**
 * What an in-cluster host name or IP in a log line refers to: a Service (by
 * name, `name.ns`, `name.ns.svc[.cluster.local]`, or ClusterIP), a Service
 * that does not exist (with similarly named ones), or undefined for a host
 * outside the cluster.
 */
export function resolveHost(
  snapshot: ClusterSnapshot,
  host: string,
  fromNamespace: string,
): ResolvedHost | undefined {
  const h = host.toLowerCase().replace(/\.$/, "");
  if (/^\d+\.\d+\.\d+\.\d+$/.test(h)) {
    const svc = snapshot.list("services").find((s) => s.spec?.clusterIP === h);
    return svc === undefined ? undefined : serviceTarget(snapshot, svc);
  }
  const parts = h.replace(/\.svc(?:\.cluster\.local)?$/, "").split(".");
  const inCluster = h.endsWith(".svc") || h.endsWith(".svc.cluster.local");
  let name: string;
  let namespace: string;
  if (parts.length === 1) {
    name = parts[0] ?? "";
    namespace = fromNamespace;
  } else if (parts.length === 2 && (inCluster || snapshot.namespaces().includes(parts[1] ?? ""))) {
    name = parts[0] ?? "";
    namespace = parts[1] ?? "";
  } else return undefined;
  const svc = snapshot.get("services", namespace, name);
  if (svc !== undefined) return serviceTarget(snapshot, svc);
  const existing = snapshot.list("services", namespace).map((s) => s.metadata?.name ?? "");
  const elsewhere = snapshot
    .list("services")
    .filter((s) => s.metadata?.name === name && s.metadata.namespace !== namespace)
    .map((s) => s.metadata?.namespace ?? "")
    .sort();
  return {
    kind: "missingService",
    name,
    namespace,
    similar: similarNames(name, existing),
    elsewhere,
  };
}

function serviceTarget(snapshot: ClusterSnapshot, svc: Service): ResolvedHost {
  const pods = selectedPods(snapshot, svc);
  return {
    kind: "service",
    name: svc.metadata?.name ?? "",
    namespace: svc.metadata?.namespace ?? "",
    service: svc,
    pods,
    targetPort(port) {
      const sp =
        (svc.spec?.ports ?? []).find((p) => port === undefined || p.port === port) ??
        svc.spec?.ports?.[0];
      if (sp === undefined) return port;
      const target = sp.targetPort ?? sp.port;
      if (typeof target === "number") return target;
      for (const pod of pods)
        for (const c of pod.spec?.containers ?? [])
          for (const cp of c.ports ?? []) if (cp.name === target) return cp.containerPort;
      return /^\d+$/.test(target) ? Number(target) : port;
    },
  };
}
