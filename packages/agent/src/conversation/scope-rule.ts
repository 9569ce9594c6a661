import type { ObjectRef, TurnScope } from "@kubemedic/protocol";

/**
 * A question's scope, in the order docs/agent.md states: a namespace the text
 * names; else the object the UI has selected; else — when the user moved the
 * namespace picker since the last turn — the picker; else the conversation's
 * focus; else the picker; else every namespace. A question about the whole
 * cluster is about every namespace whatever the focus.
 */
export function scopeOf(p: {
  textNamespace: string | undefined;
  /** Where a follow-up's referent lives ("fix it": the diagnosis's namespace). */
  followNamespace?: string | undefined;
  clusterWide: boolean;
  selected: ObjectRef | undefined;
  picker: string | undefined;
  pickerMoved: boolean;
  focusNamespace: string | undefined;
  /** An object the question named without a namespace, found in exactly one. */
  found: ObjectRef | undefined;
}): TurnScope {
  const one = (
    ns: string,
    source: NonNullable<TurnScope["source"]>,
    focus?: ObjectRef,
  ): TurnScope => ({
    namespaces: [ns],
    allNamespaces: false,
    source,
    ...(focus === undefined ? {} : { focus }),
  });
  if (p.textNamespace !== undefined) return one(p.textNamespace, "text");
  if (p.followNamespace !== undefined) return one(p.followNamespace, "conversation");
  if (p.clusterWide) return { namespaces: [], allNamespaces: true, source: "text" };
  if (p.found?.namespace !== undefined) return one(p.found.namespace, "text", p.found);
  if (p.selected?.namespace !== undefined)
    return one(p.selected.namespace, "selection", p.selected);
  if (p.pickerMoved && p.picker !== undefined) return one(p.picker, "picker");
  if (p.focusNamespace !== undefined && !p.pickerMoved)
    return one(p.focusNamespace, "conversation");
  if (p.picker !== undefined) return one(p.picker, "picker");
  return { namespaces: [], allNamespaces: true, source: "none" };
}
