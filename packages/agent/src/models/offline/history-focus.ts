import type { BaseMessage } from "@langchain/core/messages";
import { canonicalKind } from "@kubemedic/kube";
import { isAI, isHuman, isTool, textOf } from "../../context/message-kinds";
import type { FocusRef } from "../../understand/actions/ObjectRow";
import { humanMeta } from "../../graph/state";
import { isToolArtifact } from "../../tools/tool-result";
import { k8sgptResult } from "./turn-view";

/** What earlier turns were about, most recent first: the objects and the namespaces. */
export interface HistoryFocus {
  objects: FocusRef[];
  namespaces: string[];
}

/**
 * The objects the conversation's earlier turns named, newest first: the
 * objects of their kubectl commands (`scale deployment/cart -n shop`,
 * `cordon worker-2`, `describe deployment orders-api -n orders`) and the
 * root causes their analyses ranked first. "it", "that node", "resume the
 * rollout" are resolved against this list.
 */
export function historyFocus(history: readonly BaseMessage[]): HistoryFocus {
  const objects: FocusRef[] = [];
  const namespaces: string[] = [];
  const add = (ref: FocusRef | undefined): void => {
    if (ref === undefined) return;
    if (
      !objects.some(
        (o) => o.name === ref.name && o.kind === ref.kind && o.namespace === ref.namespace,
      )
    )
      objects.push(ref);
    if (ref.namespace !== undefined && !namespaces.includes(ref.namespace))
      namespaces.push(ref.namespace);
  };
  for (let i = history.length - 1; i >= 0; i--) {
    const m = history[i];
    if (m === undefined || isHuman(m)) continue;
    if (isTool(m) && isToolArtifact(m.artifact)) {
      const result = k8sgptResult(m.artifact);
      const top = result?.candidates?.[0];
      if (top !== undefined) {
        add(refOf(top.primary));
        for (const r of top.related) add(refOf(r));
      }
      continue;
    }
    if (!isAI(m)) continue;
    const calls = [...(m.tool_calls ?? [])].reverse();
    for (const c of calls) {
      const command = typeof c.args.command === "string" ? c.args.command : undefined;
      if (c.name !== "kubectl" || command === undefined) continue;
      const ns = /(?:^|\s)(?:-n|--namespace)[= ]?([a-z0-9][-a-z0-9]*)/.exec(command)?.[1];
      const ref = commandObject(command, ns);
      if (ref !== undefined) add(ref);
      else if (ns !== undefined && !namespaces.includes(ns)) namespaces.push(ns);
    }
  }
  return { objects, namespaces };
}

function refOf(r: { kind: string; name: string; namespace?: string }): FocusRef {
  return { kind: r.kind, name: r.name, ...(r.namespace ? { namespace: r.namespace } : {}) };
}

/** The one object a command line is about, if it names one. */
function commandObject(command: string, namespace: string | undefined): FocusRef | undefined {
  const words = command
    .replace(/(?:^|\s)(?:-n|--namespace)[= ]?\S+/g, " ")
    .split(/\s+/)
    .filter((w) => w !== "" && !w.startsWith("-"));
  const verb = words[0];
  const withNs = (ref: FocusRef): FocusRef =>
    namespace === undefined || ref.kind === "Node" ? ref : { ...ref, namespace };
  if (verb === "cordon" || verb === "uncordon" || verb === "drain")
    return words[1] === undefined ? undefined : { kind: "Node", name: words[1] };
  if (verb === "logs" && words[1] !== undefined && !words[1].includes("/"))
    return withNs({ kind: "Pod", name: words[1] });
  for (let i = 1; i < words.length; i++) {
    const w = words[i] ?? "";
    const slash = /^([a-z.]+)\/([a-z0-9][-a-z0-9.]*)$/.exec(w);
    const slashKind =
      slash?.[1] === undefined ? undefined : canonicalKind(slash[1].split(".")[0] ?? "");
    if (slashKind !== undefined && slash?.[2] !== undefined)
      return withNs({ kind: slashKind, name: slash[2] });
    const kind = canonicalKind(w);
    const next = words[i + 1];
    if (
      kind !== undefined &&
      !w.includes(",") &&
      next !== undefined &&
      /^[a-z0-9][-a-z0-9.]*$/.test(next) &&
      canonicalKind(next) === undefined
    )
      return withNs({ kind, name: next });
  }
  return undefined;
}

/** The text of the user's question of the turn before the current one, if any. */
export function previousQuestion(
  history: readonly BaseMessage[],
): { text: string; index: number } | undefined {
  for (let i = history.length - 1; i >= 0; i--) {
    const m = history[i];
    if (m !== undefined && isHuman(m) && humanMeta(m) !== undefined)
      return { text: textOf(m), index: i };
  }
  return undefined;
}
