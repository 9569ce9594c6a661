import { KubeError } from "../../errors";
import { formatEqualityMap, formatLabelSelector } from "../../model/labelSelector";
import type { Obj } from "../fetch";

/** The label selector of a workload or Service, as a `-l` string; undefined when it has none. */
export function selectorOf(object: Obj): string | undefined {
  const spec = (object.spec ?? {}) as Obj;
  const selector = spec.selector;
  if (typeof selector !== "object" || selector === null) return undefined;
  const s = selector as Obj;
  // A Service or ReplicationController selector is a plain map.
  const isPlain = !("matchLabels" in s) && !("matchExpressions" in s);
  const text = isPlain ? formatEqualityMap(s) : formatLabelSelector(s);
  return text === "" ? undefined : text;
}

const UNIT_SECONDS: Readonly<Record<string, number>> = {
  ns: 1e-9,
  us: 1e-6,
  µs: 1e-6,
  ms: 1e-3,
  s: 1,
  m: 60,
  h: 3600,
};

/** Go duration (`1h30m`, `90s`, `0.5h`) in seconds. */
export function goDurationSeconds(text: string): number {
  if (text === "0") return 0;
  let total = 0;
  const re = /(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h)/g;
  let consumed = 0;
  for (const match of text.matchAll(re)) {
    total += Number(match[1]) * UNIT_SECONDS[match[2]!]!;
    consumed += match[0].length;
  }
  if (consumed !== text.length) throw new KubeError("usage", `invalid duration "${text}"`);
  return total;
}

/** Where the pod template lives in each workload kind (a Pod is its own template). */
export function podSpecOf(object: Obj): Obj | undefined {
  const spec = (object.spec ?? {}) as Obj;
  switch (object.kind) {
    case "Pod":
      return spec;
    case "CronJob":
      return (
        ((spec.jobTemplate as Obj | undefined)?.spec as Obj | undefined)?.template as
          Obj | undefined
      )?.spec as Obj | undefined;
    default:
      return (spec.template as Obj | undefined)?.spec as Obj | undefined;
  }
}

/** A deep copy through JSON: every API object is JSON. */
export function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
