import type { ActionMatch, ActionText } from "./ActionText";

/**
 * "cordon worker-2", "mark worker-2 unschedulable", "uncordon it", "make
 * worker-2 schedulable again", "drain worker-3", "drain that node";
 * "把节点 worker-2 设为不可调度", "恢复 worker-2 的调度", "排空节点 worker-3".
 */
export function matchNode(t: ActionText): ActionMatch | undefined {
  const verb = t.zh ? zhVerb(t.raw) : enVerb(t.body);
  return verb === undefined ? undefined : { verb, kind: "Node" };
}

function enVerb(b: string): "cordon" | "uncordon" | "drain" | undefined {
  if (/^uncordon\b/.test(b)) return "uncordon";
  if (/^cordon\b/.test(b)) return "cordon";
  if (/^(?:drain|evacuate)\b/.test(b) || /^empty\s+(?:out\s+)?(?:the\s+)?node\b/.test(b))
    return "drain";
  if (/^(?:mark|make|set|flag)\b.*\bunschedulable\b/.test(b)) return "cordon";
  if (/^(?:mark|make|set|flag)\b.*\bschedulable\b/.test(b)) return "uncordon";
  if (
    /^(?:stop|disable|prevent|block|pause)\s+(?:new\s+)?(?:pods?\s+)?(?:scheduling|being scheduled)\b/.test(
      b,
    )
  )
    return "cordon";
  if (/^(?:allow|enable|re-?enable|resume|restore|turn on)\s+(?:pod\s+)?scheduling\b/.test(b))
    return "uncordon";
  return undefined;
}

function zhVerb(raw: string): "cordon" | "uncordon" | "drain" | undefined {
  if (/不可调度|禁止调度|停止调度|暂停调度|禁用调度|封锁|隔离/.test(raw)) {
    return /解除|取消|解封|撤销/.test(raw) ? "uncordon" : "cordon";
  }
  if (
    /恢复.{0,20}调度|允许调度|启用调度|重新调度|可调度|解封|解除.{0,6}(?:封锁|隔离)|取消.{0,6}(?:封锁|隔离)/.test(
      raw,
    )
  )
    return "uncordon";
  if (/排空|腾空|清空节点|驱逐.{0,20}节点|节点.{0,20}驱逐|\bdrain\b/i.test(raw)) return "drain";
  return undefined;
}
