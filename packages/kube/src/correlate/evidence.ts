import type { Condition, ContainerState, Pod } from "../model/objects";
import type { ClusterEvent } from "../model/snapshot/events";
import { humanDuration } from "../model/humanDuration";
import { redactText } from "../redact/redactText";
import type { CandidateEvidence } from "./Candidate";
import { cmd } from "./commands";
import type { CorrelationContext } from "./CorrelationContext";

/** The "State / Last State" lines of `kubectl describe pod` for one container. */
function containerStateExcerpt(pod: Pod, container: string): string {
  const statuses = [
    ...(pod.status?.initContainerStatuses ?? []),
    ...(pod.status?.containerStatuses ?? []),
  ];
  const s = statuses.find((c) => c.name === container);
  const spec = [...(pod.spec?.initContainers ?? []), ...(pod.spec?.containers ?? [])].find(
    (c) => c.name === container,
  );
  const lines = [`  ${container}:`];
  if (spec?.image !== undefined) lines.push(`    Image:          ${spec.image}`);
  lines.push(...stateLines("State", s?.state));
  if (s?.lastState?.terminated != null) lines.push(...stateLines("Last State", s.lastState));
  lines.push(`    Ready:          ${s?.ready === true ? "True" : "False"}`);
  lines.push(`    Restart Count:  ${s?.restartCount ?? 0}`);
  const limits = spec?.resources?.limits;
  if (limits != null && Object.keys(limits).length > 0) {
    lines.push("    Limits:");
    for (const [k, v] of Object.entries(limits)) lines.push(`      ${k}:  ${v}`);
  }
  return lines.join("\n");
}

function stateLines(label: string, state: ContainerState | null | undefined): string[] {
  const pad = (s: string) => `${s}:`.padEnd(16);
  if (state?.waiting != null) {
    const out = [`    ${pad(label)}Waiting`, `      Reason:       ${state.waiting.reason ?? ""}`];
    if ((state.waiting.message ?? "") !== "")
      out.push(`      Message:      ${redactText(state.waiting.message ?? "")}`);
    return out;
  }
  if (state?.terminated != null) {
    const t = state.terminated;
    const out = [`    ${pad(label)}Terminated`, `      Reason:       ${t.reason ?? ""}`];
    if ((t.message ?? "") !== "") out.push(`      Message:      ${redactText(t.message ?? "")}`);
    out.push(`      Exit Code:    ${t.exitCode ?? 0}`);
    return out;
  }
  if (state?.running != null) return [`    ${pad(label)}Running`];
  return [`    ${pad(label)}Unknown`];
}

/** Events as `kubectl get events` prints them (LAST SEEN, TYPE, REASON, OBJECT, MESSAGE), newest last. */
export function eventLines(events: readonly ClusterEvent[], now: number, max = 3): string {
  return events
    .slice(-max)
    .map((e) => {
      const count = e.count > 1 ? ` (x${e.count})` : "";
      return `${humanDuration(now - e.lastTime)}  ${e.type}  ${e.reason}  ${e.involved.kind.toLowerCase()}/${e.involved.name}  ${redactText(e.message)}${count}`;
    })
    .join("\n");
}

/** Evidence from an object's events (warnings only, unless none). */
export function eventsEvidence(
  ctx: CorrelationContext,
  namespace: string | undefined,
  name: string,
  filter: (e: ClusterEvent) => boolean = (e) => e.type !== "Normal",
): CandidateEvidence | undefined {
  const events = ctx.snapshot.eventsFor(namespace, name).filter(filter);
  if (events.length === 0) return undefined;
  return {
    source: "events",
    command: cmd.events(namespace, name),
    excerpt: eventLines(events, ctx.now),
  };
}

/** `Ready=Unknown (NodeStatusUnknown): Kubelet stopped posting node status` — the message without its final period. */
export function conditionLine(c: Condition): string {
  const message = (c.message ?? "").replace(/\.\s*$/, "");
  return `${c.type}=${c.status}${c.reason === undefined ? "" : ` (${c.reason})`}${message === "" ? "" : `: ${message}`}`;
}

export function podEvidence(pod: Pod, container: string): CandidateEvidence {
  return {
    source: "kubectl",
    command: cmd.describe("pod", pod.metadata?.name ?? "", pod.metadata?.namespace),
    excerpt: containerStateExcerpt(pod, container),
  };
}
