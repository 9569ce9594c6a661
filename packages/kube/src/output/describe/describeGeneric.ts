import { describeEvents } from "./describeEvents";
import { DescribeWriter } from "./describeWriter";
import { rec, str } from "./format";

type Rec = Record<string, unknown>;

const SKIP = new Set([
  ".metadata.managedFields",
  ".metadata.name",
  ".metadata.namespace",
  ".metadata.labels",
  ".metadata.annotations",
]);

/**
 * kubectl's describer for kinds without a dedicated one (CRDs and the rest):
 * name, namespace, labels, annotations, then every field as nested
 * `Smart Label:  value` lines, then the events.
 */
export function describeGeneric(object: Rec, events: Rec[] | undefined, now: number): string {
  const w = new DescribeWriter();
  const meta = rec(object.metadata);
  w.write(0, `Name:\t${str(meta.name)}\n`);
  w.write(0, `Namespace:\t${str(meta.namespace)}\n`);
  w.labels("Labels", meta.labels);
  w.annotations("Annotations", meta.annotations);
  content(w, 0, object, "");
  describeEvents(w, events, now);
  return w.toString();
}

function content(w: DescribeWriter, level: number, value: Rec, path: string): void {
  for (const field of Object.keys(value).sort()) {
    const child = value[field];
    const childPath = `${path}.${field}`;
    if (SKIP.has(childPath)) continue;
    const label = smartLabel(field);
    const lvl = Math.min(level, 3) as 0 | 1 | 2 | 3;
    if (typeof child === "object" && child !== null && !Array.isArray(child)) {
      w.write(lvl, `${label}:\n`);
      content(w, level + 1, child as Rec, childPath);
    } else if (Array.isArray(child)) {
      w.write(lvl, `${label}:\n`);
      for (const item of child) {
        if (typeof item === "object" && item !== null && !Array.isArray(item))
          content(w, level + 1, item as Rec, childPath);
        else w.write(Math.min(level + 1, 3) as 0 | 1 | 2 | 3, `${goValue(item)}\n`);
      }
    } else w.write(lvl, `${label}:\t${goValue(child)}\n`);
  }
}

function goValue(v: unknown): string {
  if (v === null || v === undefined) return "<nil>";
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  return JSON.stringify(v);
}

const ACRONYMS = new Set(["API", "URL", "UID", "OSB", "GUID"]);

/** `creationTimestamp` → `Creation Timestamp`, `apiVersion` → `API Version` (smartLabelFor). */
function smartLabel(field: string): string {
  if (/[^A-Za-z-]/.test(field)) return field;
  const parts = field.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|-/g) ?? [field];
  return parts
    .map((p) =>
      ACRONYMS.has(p.toUpperCase()) ? p.toUpperCase() : p.charAt(0).toUpperCase() + p.slice(1),
    )
    .join(" ");
}
