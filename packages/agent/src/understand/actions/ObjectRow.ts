/** One object of a lookup listing, with what the command builder may need of it. */
export interface ObjectRow {
  /** Canonical kind. */
  kind: string;
  namespace?: string;
  name: string;
  /** Desired replicas (Deployments, StatefulSets): READY's denominator. */
  replicas?: number;
  /** `-o wide`'s CONTAINERS and IMAGES, paired. */
  containers?: { name: string; image: string }[];
}

/** An object the conversation was about: its context's focus, or its earlier commands. */
export interface FocusRef {
  kind?: string;
  namespace?: string;
  name: string;
}

export function rowLabel(row: ObjectRow): string {
  return `${row.kind.toLowerCase()}/${row.name}${row.namespace === undefined ? "" : ` (${row.namespace})`}`;
}
