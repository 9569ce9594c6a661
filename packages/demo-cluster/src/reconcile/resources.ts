import { asObject, asObjects, asString, type JsonObject, type KubeObject } from "../util/json";
import { parseQuantity } from "../util/quantity";

/** Effective requests of a pod spec: per container, requests default to limits (as the API server defaults them). */
export function podRequests(spec: JsonObject): Map<string, number> {
  const total = new Map<string, number>();
  for (const c of asObjects(spec.containers)) {
    const resources = asObject(c.resources);
    const requests = asObject(resources.requests);
    const limits = asObject(resources.limits);
    for (const name of new Set([...Object.keys(requests), ...Object.keys(limits)])) {
      const q = parseQuantity(requests[name] ?? limits[name]);
      if (!Number.isNaN(q)) total.set(name, (total.get(name) ?? 0) + q);
    }
  }
  return total;
}

/** Sum of one kind of value (`requests` or `limits`) over a pod's containers, by resource name. */
export function podResourceSum(
  spec: JsonObject,
  field: "requests" | "limits",
): Map<string, number> {
  if (field === "requests") return podRequests(spec);
  const total = new Map<string, number>();
  for (const c of asObjects(spec.containers)) {
    for (const [name, value] of Object.entries(asObject(asObject(c.resources).limits))) {
      const q = parseQuantity(value);
      if (!Number.isNaN(q)) total.set(name, (total.get(name) ?? 0) + q);
    }
  }
  return total;
}

/** A pod that no longer holds resources: finished, or being deleted. */
export function isTerminal(pod: KubeObject): boolean {
  const phase = asString(asObject(pod.status).phase);
  return phase === "Succeeded" || phase === "Failed";
}

export function isActive(pod: KubeObject): boolean {
  return !isTerminal(pod) && pod.metadata.deletionTimestamp === undefined;
}
