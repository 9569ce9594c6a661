import { DemoClusterError } from "../errors";
import { jsonEqual, type KubeObject } from "../util/json";
import { deterministicUid } from "../util/uid";
import { objectRef } from "./object-ref";
import { formatTime } from "./relative-time";
import type { Scenario, ScenarioLog, SourcedObject } from "./scenario";

/** Namespaces every cluster has, whatever the scenarios say. */
export const DEFAULT_NAMESPACES = ["default", "kube-system", "kube-public", "kube-node-lease"];

export interface MergedCluster {
  objects: SourcedObject[];
  logs: ScenarioLog[];
  /** Every scenario loaded, includes first, each once. */
  scenarios: Scenario[];
}

/**
 * Puts several scenarios into one cluster. Shared folders (includes) load once;
 * an object defined by two scenarios must be identical in both (a shared
 * node, say), otherwise it is a conflict naming both places. Then what every
 * real cluster has is added where missing: the default namespaces, any
 * namespace an object lives in, and each namespace's `default` ServiceAccount
 * and `kube-root-ca.crt` ConfigMap.
 */
export function mergeScenarios(roots: Scenario[]): MergedCluster {
  const ordered: Scenario[] = [];
  const seen = new Set<Scenario>();
  const visit = (s: Scenario): void => {
    if (seen.has(s)) return;
    seen.add(s);
    s.includes.forEach(visit);
    ordered.push(s);
  };
  roots.forEach(visit);
  const byIdentity = new Map<string, SourcedObject>();
  const objects: SourcedObject[] = [];
  const uids = new Map<string, string>();
  for (const s of uniqueByDir(ordered)) {
    for (const item of withUniqueUids(s.objects, uids)) {
      const id = identity(item.object);
      const previous = byIdentity.get(id);
      if (previous === undefined) {
        byIdentity.set(id, item);
        objects.push(item);
      } else if (!jsonEqual(previous.object, item.object)) {
        throw new DemoClusterError(
          "scenario_conflict",
          `defined differently in ${previous.file}:${previous.line}; give per-scenario cluster-scoped objects unique names`,
          { file: item.file, line: item.line, object: objectRef(item.object) },
        );
      }
    }
  }
  const logs = dedupeLogs(uniqueByDir(ordered).flatMap((s) => s.logs));
  const now = Math.max(0, ...roots.map((s) => s.loadedAt));
  objects.push(...implicitObjects(objects, now));
  return { objects, logs, scenarios: uniqueByDir(ordered) };
}

/**
 * A scenario's objects with uids no other object of the cluster has. A scenario copied from
 * another keeps its uids, and a real cluster never has two objects with one uid (sorting by
 * uid, or usage derived from it, would tie). A uid an object of an earlier scenario holds is
 * replaced by one derived from it and the object's identity, in the object and wherever the
 * same scenario refers to it (owner references, events' involved objects, endpoints' targets:
 * any string equal to it); the scenario's own objects are not changed. `taken` maps each uid
 * to the identity that holds it, across calls.
 */
function withUniqueUids(
  items: readonly SourcedObject[],
  taken: Map<string, string>,
): SourcedObject[] {
  const remap = new Map<string, string>();
  for (const { object } of items) {
    const uid = object.metadata.uid;
    if (uid === undefined) continue;
    const id = identity(object);
    const holder = taken.get(uid);
    if (holder === undefined) taken.set(uid, id);
    else if (holder !== id) {
      const fresh = deterministicUid(`${id}|${uid}`);
      remap.set(uid, fresh);
      taken.set(fresh, id);
    }
  }
  if (remap.size === 0) return [...items];
  return items.map((item) => {
    const object = replaceStrings(item.object, remap);
    return object === item.object ? item : { ...item, object };
  });
}

/** `value` with every string `remap` has replaced; the same value when none was. */
function replaceStrings<T>(value: T, remap: ReadonlyMap<string, string>): T {
  if (typeof value === "string") return (remap.get(value) ?? value) as T;
  if (value === null || typeof value !== "object") return value;
  let changed = false;
  const out: unknown = Array.isArray(value)
    ? value.map((v: unknown) => {
        const r = replaceStrings(v, remap);
        if (r !== v) changed = true;
        return r;
      })
    : Object.fromEntries(
        Object.entries(value).map(([k, v]) => {
          const r = replaceStrings(v as unknown, remap);
          if (r !== v) changed = true;
          return [k, r];
        }),
      );
  return changed ? (out as T) : value;
}

function identity(o: KubeObject): string {
  return `${o.apiVersion.split("/")[0] ?? ""}|${o.kind}|${o.metadata.namespace ?? ""}|${o.metadata.name}`;
}

/** The same folder loaded twice (two loadScenario calls) counts once. */
function uniqueByDir(list: Scenario[]): Scenario[] {
  const dirs = new Set<string>();
  return list.filter((s) => {
    if (s.dir === null) return true;
    if (dirs.has(s.dir)) return false;
    dirs.add(s.dir);
    return true;
  });
}

function dedupeLogs(logs: ScenarioLog[]): ScenarioLog[] {
  const map = new Map<string, ScenarioLog>();
  for (const log of logs)
    map.set(`${log.namespace}/${log.pod}/${log.container}/${String(log.previous)}`, log);
  return [...map.values()];
}

function implicitObjects(objects: SourcedObject[], now: number): SourcedObject[] {
  const have = new Set(objects.map((s) => identity(s.object)));
  const namespaces = new Set(DEFAULT_NAMESPACES);
  for (const { object } of objects) {
    if (object.metadata.namespace !== undefined) namespaces.add(object.metadata.namespace);
    if (object.kind === "Namespace") namespaces.add(object.metadata.name);
  }
  const created = formatTime(now - 40 * 86_400_000);
  const out: SourcedObject[] = [];
  const add = (object: KubeObject): void => {
    const id = identity(object);
    if (have.has(id)) return;
    have.add(id);
    object.metadata.uid = deterministicUid(
      `${object.kind}/${object.metadata.namespace ?? ""}/${object.metadata.name}`,
    );
    out.push({ object, file: "<implicit>", line: 0 });
  };
  for (const ns of [...namespaces].sort()) {
    add({
      apiVersion: "v1",
      kind: "Namespace",
      metadata: {
        name: ns,
        creationTimestamp: created,
        labels: { "kubernetes.io/metadata.name": ns },
      },
      spec: { finalizers: ["kubernetes"] },
      status: { phase: "Active" },
    });
    for (const o of namespaceDefaults(ns, created)) add(o);
  }
  return out;
}

/** What the service-account and root-CA controllers put into every namespace. */
export function namespaceDefaults(ns: string, created: string): KubeObject[] {
  return [
    {
      apiVersion: "v1",
      kind: "ServiceAccount",
      metadata: { name: "default", namespace: ns, creationTimestamp: created },
    },
    {
      apiVersion: "v1",
      kind: "ConfigMap",
      metadata: {
        name: "kube-root-ca.crt",
        namespace: ns,
        creationTimestamp: created,
        annotations: {
          "kubernetes.io/description":
            "Contains a CA bundle that can be used to verify the kube-apiserver when using internal endpoints such as the internal service IP or kubernetes.default.svc. No other usage is guaranteed across distributions of Kubernetes clusters.",
        },
      },
      data: { "ca.crt": DEMO_CA },
    },
  ];
}

/** A placeholder CA bundle: the simulator speaks plain HTTP; this only makes the ConfigMap look like the real one. */
const DEMO_CA =
  "-----BEGIN CERTIFICATE-----\nMIIBdzCCAR2gAwIBAgIUa3ViZW1lZGljLWRlbW8tY2x1c3Rlci1jYTAKBggqhkjOPQQDAjAS\nMRAwDgYDVQQDEwdrdWJlLWNhMB4XDTI1MDEwMTAwMDAwMFoXDTM1MDEwMTAwMDAwMFow\n-----END CERTIFICATE-----\n";
