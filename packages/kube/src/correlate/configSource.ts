import type { Pod } from "../model/objects";
import type { ClusterSnapshot } from "../model/snapshot/ClusterSnapshot";

/** Where a container's value comes from: a ConfigMap or Secret key, read as an env var or a mounted file. */
export interface ConfigSource {
  kind: "ConfigMap" | "Secret";
  namespace: string;
  name: string;
  key: string;
  /** The env var it is read as; undefined for a mounted file. */
  env: string | undefined;
  /**
   * The key's value — only for a ConfigMap. A Secret's value stays inside
   * the engine: it is compared, never returned (issue #13, item 3).
   */
  value: string | undefined;
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v !== null && typeof v === "object" ? (v as Obj) : {});
const list = (v: unknown): Obj[] => (Array.isArray(v) ? (v as Obj[]) : []);

/** A ConfigMap's or Secret's decoded data (Secrets are base64 in `data`). */
function dataOf(snapshot: ClusterSnapshot, kind: "ConfigMap" | "Secret", ns: string, name: string) {
  const o = snapshot.get(kind === "Secret" ? "secrets" : "configmaps", ns, name) as
    { data?: Record<string, string>; stringData?: Record<string, string> } | undefined;
  if (o === undefined) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(o.data ?? {}))
    out[k] = kind === "Secret" ? Buffer.from(String(v), "base64").toString("utf8") : String(v);
  for (const [k, v] of Object.entries(o.stringData ?? {})) out[k] = String(v);
  return out;
}

/**
 * Every ConfigMap/Secret key the container reads — `env[].valueFrom`,
 * `envFrom` (each key, with its prefix) and configMap/secret volumes (each
 * key as a file) — with the value where it may be shown.
 */
export function configSources(
  snapshot: ClusterSnapshot,
  pod: Pod,
  container: string,
): { source: ConfigSource; raw: string }[] {
  const ns = pod.metadata?.namespace ?? "";
  const spec = obj(pod.spec);
  const c = [...list(spec.initContainers), ...list(spec.containers)].find(
    (x) => x.name === container,
  );
  if (c === undefined) return [];
  const out: { source: ConfigSource; raw: string }[] = [];
  const add = (
    kind: "ConfigMap" | "Secret",
    name: string,
    key: string,
    env: string | undefined,
  ): void => {
    const raw = dataOf(snapshot, kind, ns, name)?.[key];
    if (raw === undefined) return;
    out.push({
      source: {
        kind,
        namespace: ns,
        name,
        key,
        env,
        value: kind === "ConfigMap" ? raw : undefined,
      },
      raw,
    });
  };
  for (const e of list(c.env)) {
    const from = obj(e.valueFrom);
    const cm = obj(from.configMapKeyRef);
    const sec = obj(from.secretKeyRef);
    if (typeof cm.name === "string" && typeof cm.key === "string")
      add("ConfigMap", cm.name, cm.key, String(e.name));
    if (typeof sec.name === "string" && typeof sec.key === "string")
      add("Secret", sec.name, sec.key, String(e.name));
  }
  for (const f of list(c.envFrom)) {
    const prefix = typeof f.prefix === "string" ? f.prefix : "";
    for (const [field, kind] of [
      ["configMapRef", "ConfigMap"],
      ["secretRef", "Secret"],
    ] as const) {
      const name = obj(f[field]).name;
      if (typeof name !== "string") continue;
      for (const key of Object.keys(dataOf(snapshot, kind, ns, name) ?? {}))
        add(kind, name, key, `${prefix}${key}`);
    }
  }
  const mounted = new Set(list(c.volumeMounts).map((m) => m.name));
  for (const v of list(spec.volumes)) {
    if (!mounted.has(v.name)) continue;
    const cm = obj(v.configMap).name;
    const sec = obj(v.secret).secretName;
    if (typeof cm === "string")
      for (const key of Object.keys(dataOf(snapshot, "ConfigMap", ns, cm) ?? {}))
        add("ConfigMap", cm, key, undefined);
    if (typeof sec === "string")
      for (const key of Object.keys(dataOf(snapshot, "Secret", ns, sec) ?? {}))
        add("Secret", sec, key, undefined);
  }
  return out;
}

/**
 * The ConfigMap/Secret key whose value holds `needle` (a host name, `host:port`)
 * as a whole token — compared inside the engine, so a Secret's value is
 * never returned. ConfigMaps win over Secrets when both hold it.
 */
export function configSourceHolding(
  snapshot: ClusterSnapshot,
  pod: Pod,
  container: string,
  needle: string,
): ConfigSource | undefined {
  if (needle === "") return undefined;
  const escaped = needle.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const re = new RegExp(`(^|[^\\w.-])${escaped}($|[^\\w-]|\\.(?![\\w-]))`);
  const hits = configSources(snapshot, pod, container).filter((s) => re.test(s.raw));
  return (hits.find((h) => h.source.kind === "ConfigMap") ?? hits[0])?.source;
}
