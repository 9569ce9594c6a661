import { parseCommand } from "@kubemedic/kube";
import type { ObjectRef } from "@kubemedic/protocol";
import type { ClusterBackend } from "../tools/cluster-backend";

/** Kinds an object named without its namespace is looked for in, one list call for all. */
const KINDS = "deployments,statefulsets,daemonsets,cronjobs,services";

/**
 * Where an object named without its namespace lives: one list call across all
 * namespaces for the common kinds, then the exact name (a workload's pods
 * share its name as a prefix, so `checkout-7d9…` finds checkout's namespace
 * too). With `namespace`, only that namespace is searched. Undefined when the cluster
 * could not be read.
 */
export async function findObject(
  backend: ClusterBackend,
  names: readonly string[],
  signal: AbortSignal | undefined,
  namespace?: string,
): Promise<{ name: string; matches: ObjectRef[]; all: ObjectRef[] } | undefined> {
  const parsed = parseCommand(
    `get ${KINDS} ${namespace === undefined ? "-A" : `-n ${namespace}`} -o json`,
  );
  if (!parsed.ok) return undefined;
  const result = await backend.run(parsed.command, signal === undefined ? {} : { signal });
  if (!result.ok) return undefined;
  const s = result.structured as { kind?: string; items?: Item[] } | undefined;
  const items = s?.kind === "objects" ? (s.items ?? []) : [];
  const refs = items.flatMap((i) =>
    typeof i.metadata?.name === "string" && typeof i.kind === "string"
      ? [
          {
            kind: i.kind,
            name: i.metadata.name,
            ...(typeof i.metadata.namespace === "string"
              ? { namespace: i.metadata.namespace }
              : {}),
          },
        ]
      : [],
  );
  for (const name of names) {
    const matches = matchesOf(refs, name);
    if (matches.length > 0) return { name, matches, all: refs };
  }
  return { name: names[0] ?? "", matches: [], all: refs };
}

function matchesOf(refs: readonly ObjectRef[], name: string): ObjectRef[] {
  const exact = refs.filter((r) => r.name === name);
  const prefixed = exact.length > 0 ? exact : refs.filter((r) => name.startsWith(`${r.name}-`));
  // The workload, not its Service of the same name, stands for the object.
  const byNamespace = new Map<string, ObjectRef>();
  for (const r of prefixed) {
    const key = r.namespace ?? "";
    const had = byNamespace.get(key);
    if (had === undefined || (had.kind === "Service" && r.kind !== "Service"))
      byNamespace.set(key, r);
  }
  return [...byNamespace.values()];
}

interface Item {
  kind?: string;
  metadata?: { name?: unknown; namespace?: unknown };
}

/** Names within two edits of `name` (a typo: "paymnets-api"), closest first. */
export function nearestNames(name: string, refs: readonly ObjectRef[]): ObjectRef[] {
  const scored = refs
    .map((r) => ({ r, d: distance(name, r.name) }))
    .filter((x) => x.d > 0 && x.d <= Math.min(2, Math.floor(name.length / 3)))
    .sort((a, b) => a.d - b.d || a.r.name.localeCompare(b.r.name));
  const out: ObjectRef[] = [];
  for (const { r } of scored)
    if (!out.some((o) => o.name === r.name && o.namespace === r.namespace) && r.kind !== "Service")
      out.push(r);
  return out.slice(0, 5);
}

/** Damerau–Levenshtein (optimal string alignment): a swapped pair of letters is one edit. */
function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const row = d[i] as number[];
      const up = d[i - 1] as number[];
      row[j] = Math.min(
        (up[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (up[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j] as number, ((d[i - 2] as number[])[j - 2] as number) + 1);
    }
  return (d[a.length] as number[])[b.length] as number;
}
