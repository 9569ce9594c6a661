import type { CorrelationContext } from "../CorrelationContext";
import type { Workload } from "../workloads";
import { revision } from "./previousImage";

type Obj = Record<string, unknown>;
export interface JsonPatchOp {
  op: "replace";
  path: string;
  value: string;
}

/** Where a workload kind keeps its pod template's spec, as a JSON pointer. */
function podSpecPointer(kind: string): string | undefined {
  switch (kind) {
    case "Deployment":
    case "StatefulSet":
    case "DaemonSet":
    case "ReplicaSet":
      return "/spec/template/spec";
    case "CronJob":
      return "/spec/jobTemplate/spec/template/spec";
    default:
      return undefined;
  }
}

function at(o: unknown, pointer: string): unknown {
  let cur = o;
  for (const part of pointer.split("/").slice(1)) cur = (cur as Obj | undefined)?.[part];
  return cur;
}

const list = (v: unknown): Obj[] => (Array.isArray(v) ? (v as Obj[]) : []);
const obj = (v: unknown): Obj => (v !== null && typeof v === "object" ? (v as Obj) : {});

/**
 * JSON-patch operations that point every reference of the workload's pod
 * template to a ConfigMap/Secret (and key) somewhere else: env
 * `valueFrom.*KeyRef`, `envFrom`, and volumes. `to.name` renames the object
 * referenced, `to.key` the key read (only where that key is read). Empty when
 * the template holds no such reference or its kind has no editable template.
 */
export function referencePatch(
  w: Workload,
  kind: "ConfigMap" | "Secret",
  name: string,
  key: string | undefined,
  to: { name?: string; key?: string },
): JsonPatchOp[] {
  const base = podSpecPointer(w.kind);
  if (base === undefined) return [];
  const spec = obj(at(w.object, base));
  const refField = kind === "ConfigMap" ? "configMapKeyRef" : "secretKeyRef";
  const fromField = kind === "ConfigMap" ? "configMapRef" : "secretRef";
  const ops: JsonPatchOp[] = [];
  for (const group of ["initContainers", "containers"] as const) {
    list(spec[group]).forEach((c, ci) => {
      list(c.env).forEach((e, ei) => {
        const ref = obj(obj(e.valueFrom)[refField]);
        if (ref.name !== name || (key !== undefined && ref.key !== key)) return;
        const path = `${base}/${group}/${ci}/env/${ei}/valueFrom/${refField}`;
        if (to.name !== undefined)
          ops.push({ op: "replace", path: `${path}/name`, value: to.name });
        if (to.key !== undefined) ops.push({ op: "replace", path: `${path}/key`, value: to.key });
      });
      if (key !== undefined || to.name === undefined) return;
      list(c.envFrom).forEach((f, fi) => {
        if (obj(f[fromField]).name === name)
          ops.push({
            op: "replace",
            path: `${base}/${group}/${ci}/envFrom/${fi}/${fromField}/name`,
            value: to.name ?? name,
          });
      });
    });
  }
  if (key === undefined && to.name !== undefined)
    list(spec.volumes).forEach((v, vi) => {
      const field = kind === "ConfigMap" ? "configMap" : "secret";
      const nameField = kind === "ConfigMap" ? "name" : "secretName";
      if (obj(v[field])[nameField] === name)
        ops.push({
          op: "replace",
          path: `${base}/volumes/${vi}/${field}/${nameField}`,
          value: to.name ?? name,
        });
    });
  return ops;
}

/**
 * The newest earlier revision of a Deployment whose pod template does not
 * reference `needle` (a ConfigMap/Secret name, or a key it reads): rolling
 * back to it restores a working state while the missing value is provided.
 * Undefined when there is none, or the workload is not a Deployment.
 */
export function revisionWithout(
  ctx: CorrelationContext,
  w: Workload,
  kind: "ConfigMap" | "Secret",
  name: string,
  key: string | undefined,
): number | undefined {
  if (w.kind !== "Deployment") return undefined;
  const current = JSON.stringify(obj(obj(obj(w.object).spec).template).spec ?? {});
  const sets = ctx.snapshot.ownedBy("replicasets", {
    kind: "Deployment",
    namespace: w.namespace,
    name: w.name,
  });
  for (const rs of [...sets].sort((a, b) => revision(b) - revision(a))) {
    const template = rs.spec?.template?.spec;
    if (template === undefined || JSON.stringify(template) === current) continue;
    const fake: Workload = {
      kind: "Deployment",
      namespace: w.namespace,
      name: w.name,
      object: { spec: { template: { spec: template } } } as never,
    };
    if (referencePatch(fake, kind, name, key, { name: "x" }).length === 0 && revision(rs) > 0)
      return revision(rs);
  }
  return undefined;
}
