import { asObject, asObjects, asString } from "../../util/json";

/** CONTAINERS and IMAGES columns of workloads: the pod template's containers, comma-joined. */
export function templateContainers(spec: unknown): { names: string; images: string } {
  const containers = asObjects(asObject(asObject(asObject(spec).template).spec).containers);
  return {
    names: containers.map((c) => asString(c.name)).join(","),
    images: containers.map((c) => asString(c.image)).join(","),
  };
}

/** A LabelSelector as kubectl prints it: `app=x,tier in (a,b)`; "<none>" when empty. */
export function formatSelector(selector: unknown): string {
  const s = asObject(selector);
  const parts: string[] = [];
  for (const [k, v] of Object.entries(asObject(s.matchLabels)).sort(([a], [b]) =>
    a.localeCompare(b),
  ))
    parts.push(`${k}=${String(v)}`);
  for (const e of asObjects(s.matchExpressions)) {
    const key = asString(e.key);
    const values = Array.isArray(e.values) ? e.values.map(String).sort().join(",") : "";
    switch (e.operator) {
      case "In":
        parts.push(`${key} in (${values})`);
        break;
      case "NotIn":
        parts.push(`${key} notin (${values})`);
        break;
      case "Exists":
        parts.push(key);
        break;
      case "DoesNotExist":
        parts.push(`!${key}`);
        break;
      default:
        break;
    }
  }
  return parts.length === 0 ? "<none>" : parts.join(",");
}
