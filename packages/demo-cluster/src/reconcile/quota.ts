import type { ClusterState } from "../server/cluster-state";
import { asObject, stringMap, type JsonObject } from "../util/json";
import { formatCpu, formatMemory, parseQuantity } from "../util/quantity";
import { isActive, podResourceSum } from "./resources";

/**
 * ResourceQuota admission for pods the controllers create: usage is what the
 * namespace's active pods request and limit; a pod that would push a tracked
 * resource past `hard` is refused with the API server's message.
 */
function quotaUsage(state: ClusterState, namespace: string): Map<string, number> {
  const used = new Map<string, number>();
  const add = (k: string, v: number): void => {
    used.set(k, (used.get(k) ?? 0) + v);
  };
  for (const pod of state.store.objects("/pods", namespace)) {
    if (!isActive(pod)) continue;
    for (const [k, v] of podDemand(asObject(pod.spec))) add(k, v);
  }
  return used;
}

/** What one pod counts against quota: `pods`, `requests.*` (also bare `cpu`/`memory`), `limits.*`. */
function podDemand(spec: JsonObject): Map<string, number> {
  const demand = new Map<string, number>([["pods", 1]]);
  for (const [name, q] of podResourceSum(spec, "requests")) {
    demand.set(`requests.${name}`, q);
    if (name === "cpu" || name === "memory") demand.set(name, q);
  }
  for (const [name, q] of podResourceSum(spec, "limits")) demand.set(`limits.${name}`, q);
  return demand;
}

/** The "exceeded quota: …" message when the pod would not fit, else undefined. */
export function quotaRefusal(
  state: ClusterState,
  namespace: string,
  podSpec: JsonObject,
): string | undefined {
  const quotas = state.store.objects("/resourcequotas", namespace);
  if (quotas.length === 0) return undefined;
  const used = quotaUsage(state, namespace);
  const demand = podDemand(podSpec);
  for (const quota of quotas) {
    const hard = stringMap(asObject(quota.spec).hard);
    const over = Object.keys(hard)
      .sort()
      .filter(
        (name) =>
          (demand.get(name) ?? 0) > 0 &&
          (used.get(name) ?? 0) + (demand.get(name) ?? 0) > parseQuantity(hard[name]),
      );
    if (over.length > 0) {
      const list = (f: (name: string) => string): string =>
        over.map((name) => `${name}=${f(name)}`).join(",");
      return `exceeded quota: ${quota.metadata.name}, requested: ${list((k) => fmt(k, demand.get(k) ?? 0))}, used: ${list((k) => fmt(k, used.get(k) ?? 0))}, limited: ${list((k) => hard[k] ?? "")}`;
    }
  }
  return undefined;
}

/** Writes status.hard and status.used of the namespace's quotas when they changed. */
export function refreshQuotaStatus(state: ClusterState, namespace: string): void {
  const quotas = state.store.objects("/resourcequotas", namespace);
  if (quotas.length === 0) return;
  const used = quotaUsage(state, namespace);
  for (const quota of quotas) {
    const hard = stringMap(asObject(quota.spec).hard);
    const usedOut: Record<string, string> = {};
    for (const name of Object.keys(hard)) usedOut[name] = fmt(name, used.get(name) ?? 0);
    const status = { hard, used: usedOut };
    if (JSON.stringify(status) !== JSON.stringify(quota.status))
      state.store.put("/resourcequotas", { ...quota, status });
  }
}

function fmt(name: string, value: number): string {
  if (name.endsWith("cpu")) return formatCpu(value);
  if (name.endsWith("memory") || name.endsWith("storage")) return formatMemory(value);
  return String(Math.round(value));
}
