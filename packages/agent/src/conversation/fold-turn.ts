import type { BaseMessage } from "@langchain/core/messages";
import type {
  ApprovalRequest,
  DiagnosisReport,
  ObjectRef,
  ResolvedApproval,
} from "@kubemedic/protocol";
import { isAI, isHuman, isTool, textOf } from "../context/message-kinds";
import { historyFocus } from "../models/offline/history-focus";
import { isToolArtifact } from "../tools/tool-result";
import {
  MAX_FIXES,
  MAX_FOCUS_NAMESPACES,
  MAX_FOCUS_OBJECTS,
  type ConversationContext,
  type FixRecord,
} from "./context";
import { digestOf, MAX_DIGESTS } from "./turn-digest";
import { undoCommands } from "./undo";

/** What one finished turn leaves behind, as the graph state holds it when the next one starts. */
export interface FinishedTurn {
  turnId: string;
  /** The namespaces the turn was scoped to (empty: all). */
  scopeNamespaces: string[];
  focus?: ObjectRef;
  /** The turn's messages, from its question on. */
  messages: readonly BaseMessage[];
  report: DiagnosisReport | undefined;
  approvals: readonly ApprovalRequest[];
  decisions: readonly ResolvedApproval[];
  /** The question as asked, unless it was a follow-up (then the earlier one stands). */
  question?: string;
  clarification?: ConversationContext["clarification"];
}

/** The context after `turn`: its objects and namespaces first, its diagnosis, what became of its changes. */
export function foldTurn(prior: ConversationContext, turn: FinishedTurn): ConversationContext {
  const objects: ObjectRef[] = [];
  const namespaces: string[] = [];
  const addNs = (ns: string | undefined): void => {
    if (ns !== undefined && ns !== "" && !namespaces.includes(ns)) namespaces.push(ns);
  };
  const addObject = (r: { kind?: string; name: string; namespace?: string } | undefined): void => {
    if (r === undefined || r.kind === undefined) return;
    const ref: ObjectRef = {
      kind: r.kind,
      name: r.name,
      ...(r.namespace === undefined ? {} : { namespace: r.namespace }),
    };
    if (!objects.some((o) => sameRef(o, ref))) objects.push(ref);
    addNs(ref.namespace);
  };
  const report = turn.report;
  const diagnosed = report !== undefined && report.category !== "Healthy";
  if (diagnosed) addObject(report.affectedResources[0]);
  addObject(turn.focus);
  const seen = historyFocus(turn.messages);
  seen.objects.forEach(addObject);
  seen.namespaces.forEach(addNs);
  if (turn.scopeNamespaces.length === 1) addNs(turn.scopeNamespaces[0]);
  for (const o of prior.objects) if (!objects.some((x) => sameRef(x, o))) objects.push(o);
  for (const n of prior.namespaces) addNs(n);

  const changes = changesOf(turn);
  const asked = turn.messages.find(isHuman);
  const answer = [...turn.messages].reverse().find(isAI);
  const digest = digestOf({
    turnId: turn.turnId,
    asked: asked === undefined ? "" : textOf(asked),
    ...(report === undefined ? {} : { report }),
    ...(answer === undefined ? {} : { answer: textOf(answer) }),
    changes,
  });
  const next: ConversationContext = {
    ...prior,
    namespaces: namespaces.slice(0, MAX_FOCUS_NAMESPACES),
    objects: objects.slice(0, MAX_FOCUS_OBJECTS),
    fixes: [...prior.fixes, ...changes].slice(-MAX_FIXES),
    turns: [...(prior.turns ?? []).filter((d) => d.turnId !== turn.turnId), digest].slice(
      -MAX_DIGESTS,
    ),
  };
  if (diagnosed) {
    const root = report.affectedResources[0];
    next.diagnosis = {
      turnId: turn.turnId,
      category: report.category,
      summary: report.summary,
      ...(root === undefined
        ? {}
        : {
            rootCause: {
              kind: root.kind,
              name: root.name,
              ...(root.namespace === undefined ? {} : { namespace: root.namespace }),
            },
          }),
      // A combined report's fixes are every cause's, primary first, each marked with its
      // cause: "fix it" goes cause by cause (each command names its own namespace), not only
      // through the first cause's.
      fixes: (report.causes ?? [report]).flatMap((cause, i) =>
        cause.recommendations.flatMap((r) =>
          r.command !== undefined && r.requiresApproval
            ? [
                {
                  title: r.title,
                  command: r.command,
                  ...(r.role === undefined ? {} : { role: r.role }),
                  ...(r.manifest === undefined ? {} : { manifest: r.manifest }),
                  ...(report.causes === undefined ? {} : { cause: i }),
                },
              ]
            : [],
        ),
      ),
      ...(report.causes === undefined
        ? {}
        : {
            causes: report.causes.map((c) => {
              const r = c.affectedResources[0];
              return r === undefined ? {} : { rootCause: refOf(r) };
            }),
          }),
    };
  }
  if (turn.question !== undefined) next.lastQuestion = turn.question;
  if (turn.clarification !== undefined) next.clarification = turn.clarification;
  else delete next.clarification;
  return next;
}

function refOf(r: { kind: string; name: string; namespace?: string | undefined }): ObjectRef {
  return {
    kind: r.kind,
    name: r.name,
    ...(r.namespace === undefined ? {} : { namespace: r.namespace }),
  };
}

function sameRef(a: ObjectRef, b: ObjectRef): boolean {
  return a.kind === b.kind && a.name === b.name && a.namespace === b.namespace;
}

/** The turn's mutating calls and their fate: rejected (with the reason), applied, failed. */
function changesOf(turn: FinishedTurn): FixRecord[] {
  const out: FixRecord[] = [];
  for (const request of turn.approvals) {
    const decision = turn.decisions.find((d) => d.toolCallId === request.toolCallId);
    const result = turn.messages.find(
      (m) => isTool(m) && m.tool_call_id === request.toolCallId && isToolArtifact(m.artifact),
    );
    const artifact =
      result !== undefined && isTool(result) && isToolArtifact(result.artifact)
        ? result.artifact
        : undefined;
    const status: FixRecord["status"] =
      decision?.decision === "reject"
        ? "rejected"
        : artifact === undefined
          ? decision === undefined
            ? "proposed"
            : "approved"
          : artifact.status === "ok"
            ? artifact.verification?.result.outcome === "resolved"
              ? "verified"
              : "applied"
            : "failed";
    const undo =
      status === "applied" || status === "verified"
        ? undoCommands(request.command, request.preview.before)
        : undefined;
    out.push({
      turnId: turn.turnId,
      command: request.command,
      status,
      ...(decision?.reason === undefined ? {} : { reason: decision.reason }),
      ...(undo === undefined ? {} : { undo }),
    });
  }
  return out;
}
