import { parseCommand } from "@kubemedic/kube";
import type { ObjectRef } from "@kubemedic/protocol";
import type { ClusterBackend } from "../tools/cluster-backend";

/** Kinds an object named without its namespace is looked for in, one list call for all. */
const KINDS = "deployments,statefulsets,daemonsets,cronjobs,services";

/**
 * Where an object named without its namespace lives: one list call across all
 * namespaces for the common kinds, then the exact name (a workload's pods
 * share its name as a prefix, so `checkout-7d9…` finds checkout's namespace
 * too). Undefined when the cluster could not be read.
 */
export async function findObject(
  backend: ClusterBackend,
  names: readonly string[],
  signal: AbortSignal | undefined,
): Promise<{ name: string; matches: ObjectRef[] } | undefined> {
  const parsed = parseCommand(`get ${KINDS} -A -o json`);
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
    if (matches.length > 0) return { name, matches };
  }
  return { name: names[0] ?? "", matches: [] };
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
