import { ACTION_KINDS, type ActionRequest } from "./ActionRequest";
import { kindOfType } from "./kubectlType";
import { nearestNames } from "./nearestNames";
import type { FocusRef, ObjectRow } from "./ObjectRow";

export type Resolution =
  | { kind: "found"; row: ObjectRow }
  /** Several objects fit: ask which (never guess a mutation's target). */
  | { kind: "ambiguous"; choices: ObjectRow[] }
  /** Nothing fits the name; `nearest` are names that look alike, `elsewhere` the same name in other namespaces. */
  | { kind: "none"; name: string; nearest: string[]; elsewhere: ObjectRow[] }
  /** No name and nothing in focus: ask which, with what the scope holds. */
  | { kind: "unnamed"; choices: ObjectRow[] };

export interface ResolveContext {
  /** Objects the conversation was about, most recent first. */
  focus: readonly FocusRef[];
  /** Namespaces that narrow an ambiguous name: the conversation's focus, then the picker's. */
  scope: readonly string[];
}

/** The kinds an action may apply to, narrowed by a kind the text names. */
export function actionKinds(request: ActionRequest): string[] {
  const all = ACTION_KINDS[request.verb].map((t) => kindOfType(t) ?? t);
  const named = request.target.kind;
  return named !== undefined && all.includes(named) ? [named] : all;
}

/**
 * Which object of the listing the action is about: the name the text gives
 * (a pod by its prefix too), else the conversation's focus. A name found in
 * several namespaces is narrowed by the scope; still several is a question.
 */
export function resolveTarget(
  request: ActionRequest,
  rows: readonly ObjectRow[],
  ctx: ResolveContext,
): Resolution {
  const kinds = actionKinds(request);
  const eligible = rows.filter(
    (r) =>
      kinds.includes(r.kind) &&
      (r.kind === "Node" ||
        request.target.namespace === undefined ||
        r.namespace === request.target.namespace),
  );
  const order = (a: ObjectRow, b: ObjectRow): number =>
    kinds.indexOf(a.kind) - kinds.indexOf(b.kind);
  const { name } = request.target;
  if (name !== undefined) {
    let hits = eligible.filter((r) => r.name === name);
    if (hits.length === 0 && kinds.includes("Pod")) hits = podsOf(name, eligible, request, ctx);
    if (hits.length === 0) {
      const elsewhere = rows.filter((r) => kinds.includes(r.kind) && r.name === name);
      return {
        kind: "none",
        name,
        nearest: nearestNames(
          name,
          eligible.map((r) => r.name),
        ),
        elsewhere,
      };
    }
    return pick(hits.sort(order), ctx);
  }
  for (const ref of ctx.focus) {
    const want = focusName(ref);
    const namespace = request.target.namespace ?? ref.namespace;
    const hits = eligible.filter(
      (r) =>
        (r.name === ref.name || r.name === want) &&
        (r.kind === "Node" || namespace === undefined || r.namespace === namespace) &&
        (ref.kind === undefined || !kinds.includes(ref.kind) || r.kind === ref.kind),
    );
    if (hits.length > 0) return pick(hits.sort(order), ctx);
  }
  const inScope = eligible.filter(
    (r) => ctx.scope.length === 0 || r.namespace === undefined || ctx.scope.includes(r.namespace),
  );
  return { kind: "unnamed", choices: inScope.slice(0, 8) };
}

/** One object per namespace-and-name: a Deployment before a StatefulSet of the same name. */
function pick(hits: ObjectRow[], ctx: ResolveContext): Resolution {
  const first = hits[0];
  if (first === undefined) return { kind: "ambiguous", choices: [] };
  const namespaces = [...new Set(hits.map((h) => h.namespace))];
  if (namespaces.length === 1 && new Set(hits.map((h) => h.name)).size === 1)
    return { kind: "found", row: first };
  for (const ns of ctx.scope) {
    const inNs = hits.filter((h) => h.namespace === ns);
    if (inNs.length > 0 && new Set(inNs.map((h) => h.name)).size === 1)
      return { kind: "found", row: inNs[0] as ObjectRow };
  }
  return { kind: "ambiguous", choices: hits.slice(0, 8) };
}

/**
 * Pods named by their workload ("the checkout pod", "the other checkout
 * pod"): the pods whose name starts with it; "other" leaves out those the
 * conversation already named.
 */
function podsOf(
  name: string,
  rows: readonly ObjectRow[],
  request: ActionRequest,
  ctx: ResolveContext,
): ObjectRow[] {
  const pods = rows.filter((r) => r.kind === "Pod" && r.name.startsWith(`${name}-`));
  if (!request.target.other) return pods;
  const named = new Set(
    ctx.focus.filter((f) => f.kind === undefined || f.kind === "Pod").map((f) => f.name),
  );
  return pods.filter((p) => !named.has(p.name));
}

/** A pod in focus stands for its workload: `checkout-7d9c5b6f4-x8k2p` → `checkout`, `postgres-0` → `postgres`. */
function focusName(ref: FocusRef): string {
  if (ref.kind !== "Pod") return ref.name;
  return ref.name.replace(/-[a-z0-9]{8,10}-[a-z0-9]{5}$/, "").replace(/-(?:[a-z0-9]{5}|\d+)$/, "");
}
