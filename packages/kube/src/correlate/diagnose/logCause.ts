import type { Pod } from "../../model/objects";
import type { Draft } from "../Candidate";
import type { CorrelationContext, LogRead } from "../CorrelationContext";
import type { LogSignals } from "../logSignals";
import type { PodProblem } from "../podProblem";
import type { Workload } from "../workloads";
import { blockedDraft } from "./blockedCause";
import { dnsBlockedDraft } from "./dnsBlockedCause";
import { dnsDraft } from "./dnsCause";
import { forbiddenDraft } from "./forbiddenCause";
import { wrongPortDraft } from "./wrongPort";

/**
 * Turns what a log says into a cause that lives outside the container: a 403
 * from the API (RBAC), a name that does not resolve (DNS — or a NetworkPolicy
 * that drops the DNS queries), a connection a NetworkPolicy drops, a connection
 * refused on a port the Service does not serve. Undefined when the log points at none of those.
 */
export function logCause(
  ctx: CorrelationContext,
  pod: Pod,
  problem: PodProblem,
  w: Workload,
  container: string,
  signals: LogSignals,
  log: LogRead,
): Draft | undefined {
  const logEvidence = {
    source: "logs" as const,
    command: log.command,
    excerpt: signals.decisive.join("\n"),
  };
  if (signals.forbidden !== undefined)
    return forbiddenDraft(ctx, pod, problem, w, signals, logEvidence);
  if (signals.dns !== undefined)
    return (
      dnsBlockedDraft(ctx, pod, problem, w, container, signals, logEvidence) ??
      dnsDraft(ctx, pod, problem, w, container, signals, logEvidence)
    );
  if (signals.connection !== undefined)
    return (
      blockedDraft(ctx, pod, problem, w, signals, logEvidence) ??
      wrongPortDraft(ctx, pod, problem, w, container, signals, logEvidence)
    );
  return undefined;
}
