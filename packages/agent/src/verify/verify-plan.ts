import type { ApprovalRequest, RootCauseCandidate, VerificationResult } from "@kubemedic/protocol";
import type { MutatingCall } from "../graph/planned-call";
import type { WatchTarget } from "./observe-object";
import type { ProblemSnapshot } from "./problem-map";

/** What the tools node leaves for the verify node when approved changes ran (state `verifyPlan`). */
export interface VerifyPlan {
  toolCallIds: string[];
  /** The objects the changes touched, as their approval cards named them, with the verb. */
  changed: (WatchTarget & { verb: string })[];
  /** The namespaces compared before and after; null = all (a cluster-scoped object changed). */
  namespaces: (string | null)[];
  before: ProblemSnapshot;
  /** Epoch ms just before the first change ran: pods created after it are the new revision's. */
  startedAt: number;
  /** How to undo the changes, when a command can (`rollout undo deployment/x -n ns`). */
  rollback: string[];
}

/** What comes after a verification, for the model and the offline diagnostician. */
export type NextStep =
  | { kind: "done" }
  | { kind: "rollback"; commands: string[] }
  | { kind: "next"; attempt: number; maxAttempts: number }
  | { kind: "stop"; why: StopWhy };

/** Why no further change is proposed: the model gets it in English, the offline diagnostician in the user's language. */
export type StopWhy =
  { reason: "no_undo" } | { reason: "limit"; attempts: number; maxAttempts: number };

/** Kept on the verified mutation's ToolMessage artifact (`verification`). */
export interface VerificationNote {
  result: VerificationResult;
  next: NextStep;
  /** The root-cause candidates after the change, best first. */
  candidates: RootCauseCandidate[];
}

const TEMPLATE_VERBS = new Set(["set", "patch", "apply", "replace", "edit"]);
const ROLLABLE = new Set(["Deployment", "StatefulSet", "DaemonSet"]);

/** The card's objects (all of them when it lists several). */
export function targetsOf(request: ApprovalRequest): WatchTarget[] {
  const list = request.targets ?? [request.target];
  return list.map((t) => ({
    kind: t.kind,
    name: t.name,
    ...(t.namespace === undefined ? {} : { namespace: t.namespace }),
  }));
}

/** `rollout undo` for a change to a workload's pod template; none for anything else. */
export function rollbackCommands(plan: MutatingCall, request: ApprovalRequest): string[] {
  if (!TEMPLATE_VERBS.has(plan.parsed.verb.split(" ")[0] ?? "")) return [];
  return targetsOf(request)
    .filter((t) => ROLLABLE.has(t.kind))
    .map(
      (t) =>
        `rollout undo ${t.kind.toLowerCase()}/${t.name}${t.namespace === undefined ? "" : ` -n ${t.namespace}`}`,
    );
}
