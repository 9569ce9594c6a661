/** One reason the scheduler gave for rejecting some nodes. */
export interface SchedulingReason {
  nodes: number;
  text: string;
  kind:
    | "insufficient"
    | "selector"
    | "taint"
    | "affinity"
    | "antiAffinity"
    | "unboundPvc"
    | "volumeAffinity"
    | "unschedulableNode"
    | "ports"
    | "tooManyPods"
    | "other";
  /** For `insufficient`: the resource (cpu, memory, nvidia.com/gpu…). For `taint`: `key=value:effect` as printed. */
  detail?: string;
}

export interface DecodedSchedulerMessage {
  total: number | undefined;
  reasons: SchedulingReason[];
  /** The reason that decides: the one rejecting most nodes, ignoring the control-plane taint when others exist. */
  decisive: SchedulingReason | undefined;
}

const CONTROL_PLANE_TAINT = /node-role\.kubernetes\.io\/(?:control-plane|master)/;

/**
 * Decodes `0/4 nodes are available: 1 node(s) had untolerated taint
 * {node-role.kubernetes.io/control-plane: }, 3 Insufficient cpu. preemption: …`
 * into its reasons. Messages without counts (`pod has unbound immediate
 * PersistentVolumeClaims`) become one reason covering every node.
 */
export function decodeSchedulerMessage(message: string): DecodedSchedulerMessage {
  const head = /(\d+)\/(\d+) nodes are available:?\s*/.exec(message);
  const total = head === null ? undefined : Number(head[2]);
  let body = head === null ? message : message.slice(head.index + head[0].length);
  const cut = body.search(/\.\s*preemption:/);
  if (cut !== -1) body = body.slice(0, cut);
  body = body.replace(/\.\s*$/, "");
  const reasons: SchedulingReason[] = [];
  for (const part of splitTopLevel(body)) {
    const m = /^(\d+)\s+(.*)$/.exec(part.trim());
    const nodes = m === null ? (total ?? 1) : Number(m[1]);
    const text = (m === null ? part : (m[2] ?? "")).trim();
    if (text === "") continue;
    reasons.push({ nodes, text, ...classify(text) });
  }
  const meaningful = reasons.filter(
    (r) => !(r.kind === "taint" && CONTROL_PLANE_TAINT.test(r.text)),
  );
  const pool = meaningful.length > 0 ? meaningful : reasons;
  const decisive = [...pool].sort((a, b) => weight(b) - weight(a))[0];
  return { total, reasons, decisive };
}

/** Ties go to the more specific reason (a PVC problem explains a pod better than a taint on one node). */
function weight(r: SchedulingReason): number {
  const bonus = r.kind === "unboundPvc" ? 1000 : r.kind === "other" ? 0 : 0.5;
  return r.nodes + bonus;
}

/** Splits on commas that are not inside `{…}` (taints print as `{key: value}`). */
function splitTopLevel(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = "";
  for (const ch of text) {
    if (ch === "{") depth++;
    if (ch === "}") depth = Math.max(0, depth - 1);
    if (ch === "," && depth === 0) {
      out.push(current);
      current = "";
    } else current += ch;
  }
  out.push(current);
  return out.filter((s) => s.trim() !== "");
}

function classify(text: string): Pick<SchedulingReason, "kind" | "detail"> {
  const insufficient = /^Insufficient (\S+)/i.exec(text);
  if (insufficient !== null) return { kind: "insufficient", detail: insufficient[1] ?? "" };
  if (/didn't match Pod's node affinity\/selector|node\(s\) didn't match node selector/i.test(text))
    return { kind: "selector" };
  const taint = /untolerated taint\s*\{([^}]*)\}|had taint \{([^}]*)\}/i.exec(text);
  if (taint !== null) return { kind: "taint", detail: (taint[1] ?? taint[2] ?? "").trim() };
  if (/didn't match pod anti-affinity|anti-affinity/i.test(text)) return { kind: "antiAffinity" };
  if (/didn't match pod affinity|affinity rules/i.test(text)) return { kind: "affinity" };
  if (
    /unbound immediate PersistentVolumeClaims|persistentvolumeclaim .* not found|unbound PersistentVolumeClaim/i.test(
      text,
    )
  )
    return { kind: "unboundPvc" };
  if (/volume node affinity conflict/i.test(text)) return { kind: "volumeAffinity" };
  if (/were unschedulable|node\(s\) were unschedulable/i.test(text))
    return { kind: "unschedulableNode" };
  if (/free ports/i.test(text)) return { kind: "ports" };
  if (/Too many pods/i.test(text)) return { kind: "tooManyPods" };
  return { kind: "other" };
}
