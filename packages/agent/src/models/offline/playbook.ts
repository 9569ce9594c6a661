import { localizeCandidate } from "@kubemedic/kube";
import type { AnalysisResultItem, RootCauseCandidate } from "@kubemedic/protocol";
import type { Intent } from "../../intent";
import type { K8sgptStructured } from "../../tools/k8sgpt-tool";
import type { Clarify } from "../deterministic-chat-model";
import {
  commandAnswer,
  diagnosisAnswer,
  fixAnswer,
  noFixAnswer,
  stopAnswer,
  VERDICT_MARK,
  verdictLine,
} from "./answers";
import { kindArg, looksCrashed, pickCandidate, rankFindings, refOfFinding } from "./focus";
import { actionStep, continuedAction } from "./action-step";
import { followUpPlan } from "./follow-up-step";
import { lookupStep } from "./lookup";
import { offlineTexts, type OfflineTexts } from "./offline-texts";
import { k8sgptResult, sameCommand, type ToolStep, type TurnView } from "./turn-view";

export interface PlannedCall {
  name: "kubectl" | "k8sgpt";
  args: Record<string, unknown>;
}

/** What the diagnostician says next: text, and tool calls when the playbook needs more. */
export interface Step {
  text: string;
  calls: PlannedCall[];
  /** The text asks the user back; these are the answers to offer. */
  clarify?: Clarify;
}

const MAX_EVIDENCE_CALLS = 6;
const PLACEHOLDER = /<[^<>\s]+>/;

/**
 * The troubleshooting playbook, one step per model call, driven only by what
 * the turn already holds (the question and the tool results):
 *
 * diagnose / scan: analyze → evidence (describe, events, previous logs) → correlate → answer
 * fix:             analyze + correlate → the fix command (goes through approval) → answer
 * command:         run it → answer briefly (an object named without its kind is found first)
 * question:        say what it can do
 */
export function nextStep(view: TurnView, tools: ReadonlySet<string>): Step {
  if (view.followUp !== undefined) {
    const plan = followUpPlan(view, view.followUp, tools);
    if ("step" in plan) return plan.step;
    if ("diagnose" in plan) return diagnoseStep({ ...view, intent: plan.diagnose }, tools);
    const t = offlineTexts(view.language);
    return afterChange(
      view,
      view.steps.filter((s) => s.name === "kubectl"),
      tools,
      t,
    );
  }
  const { intent } = view;
  const actions = intent.action === undefined ? continuedAction(view) : [intent.action];
  if (actions !== undefined) return actionStep(view, actions, tools);
  const t = offlineTexts(view.language);
  if (intent.kind === "question") return { text: t.capabilities(tools.size > 0), calls: [] };
  if (tools.size === 0) return { text: t.noTools, calls: [] };
  switch (intent.kind) {
    case "command":
      return commandStep(view, tools);
    case "fix":
      return fixStep(view, tools);
    case "diagnose":
    case "scan":
      return diagnoseStep(view, tools);
  }
}

function scopeArg(intent: Intent): string {
  return intent.allNamespaces || intent.namespace === undefined ? "*" : intent.namespace;
}

function scopeText(intent: Intent, t: OfflineTexts): string {
  return intent.allNamespaces || intent.namespace === undefined
    ? t.scopeAll
    : t.scopeNamespace(intent.namespace);
}

function nsFlag(namespace: string | undefined): string {
  return namespace === undefined ? "" : ` -n ${namespace}`;
}

function commandStep(view: TurnView, tools: ReadonlySet<string>): Step {
  if (view.intent.lookup !== undefined) return lookupStep(view, view.intent.lookup, tools);
  const t = offlineTexts(view.language);
  const command = view.intent.command ?? "";
  const done = view.steps.find((s) => s.name === "kubectl");
  if (done !== undefined) return { text: commandAnswer(done, t), calls: [] };
  if (!tools.has("kubectl")) return { text: t.noKubectl, calls: [] };
  return {
    text: t.running(command),
    calls: [
      {
        name: "kubectl",
        args: { command, reason: t.userAsked(view.question.slice(0, 200)) },
      },
    ],
  };
}

function analyses(steps: readonly ToolStep[]): { plain: ToolStep[]; correlated: ToolStep[] } {
  const k = steps.filter((s) => s.name === "k8sgpt");
  return {
    plain: k.filter((s) => s.args.correlate !== true),
    correlated: k.filter((s) => s.args.correlate === true),
  };
}

function diagnoseStep(view: TurnView, tools: ReadonlySet<string>): Step {
  const { intent, steps } = view;
  const t = offlineTexts(view.language);
  const { plain, correlated } = analyses(steps);
  const kubectlSteps = steps.filter((s) => s.name === "kubectl");
  const scope = scopeArg(intent);

  if (plain.length === 0 && correlated.length === 0 && tools.has("k8sgpt")) {
    const object = intent.resource
      ? `${intent.resource.kind ?? "object"} ${intent.resource.name}`
      : undefined;
    return {
      text: t.scoping(scopeText(intent, t), object),
      calls: [{ name: "k8sgpt", args: { namespace: scope } }],
    };
  }
  const analysis = plain
    .map((s) => k8sgptResult(s.artifact, view.language))
    .find((r) => r !== undefined);
  if (kubectlSteps.length === 0 && tools.has("kubectl")) {
    const calls = evidenceCalls(intent, analysis, t);
    if (calls.length > 0) {
      const n = analysis?.analysis.problems ?? 0;
      return {
        text: t.analyzersReport(
          n,
          calls.map((c) => String(c.args.command)),
        ),
        calls,
      };
    }
  }
  if (correlated.length === 0 && tools.has("k8sgpt")) {
    // The whole scope, not the object asked about: its root cause may sit elsewhere
    // (a ConfigMap, a Node, a quota); pickCandidate prefers what the question names.
    return {
      text: t.correlating,
      calls: [{ name: "k8sgpt", args: { namespace: scope, correlate: true } }],
    };
  }
  const result =
    correlated.map((s) => k8sgptResult(s.artifact, view.language)).find((r) => r !== undefined) ??
    analysis;
  const candidate =
    result?.candidates === undefined ? undefined : pickCandidate(result.candidates, intent);
  return { text: diagnosisAnswer(view, result, candidate, t), calls: [] };
}

/**
 * Evidence for the object the question is about: describe it and the top
 * findings, previous logs of crashed pods; then the namespace's pods (their
 * table tells healthy from not) and recent events.
 */
function evidenceCalls(
  intent: Intent,
  analysis: K8sgptStructured | undefined,
  t: OfflineTexts,
): PlannedCall[] {
  const findings = rankFindings(analysis?.analysis.results ?? [], intent);
  const top: AnalysisResultItem[] = findings.slice(0, intent.kind === "scan" ? 3 : 2);
  const context: PlannedCall[] = [];
  if (intent.namespace !== undefined) {
    context.push(call(`get pods -n ${intent.namespace}`, t.why.pods));
  }
  const eventsNs =
    top.map((i) => refOfFinding(i).namespace).find((n) => n !== undefined) ?? intent.namespace;
  if (eventsNs !== undefined) {
    context.push(call(`get events -n ${eventsNs} --sort-by=.lastTimestamp`, t.why.events));
  } else if (top.some((i) => i.kind === "Node")) {
    context.push(call("get events -n default --sort-by=.lastTimestamp", t.why.nodeEvents));
  }

  const calls: PlannedCall[] = [];
  const add = (command: string, reason: string): void => {
    if (
      calls.length < MAX_EVIDENCE_CALLS - context.length &&
      !calls.some((c) => c.args.command === command)
    ) {
      calls.push(call(command, reason));
    }
  };
  const named = intent.resource;
  // Pods have generated names: "the trainer pod" is found through the findings instead.
  if (named?.kind !== undefined && named.kind !== "Pod") {
    add(
      `describe ${kindArg(named.kind)} ${named.name}${nsFlag(named.namespace ?? intent.namespace)}`,
      t.why.askedAbout(named.kind, named.name),
    );
  }
  for (const item of top) {
    const ref = refOfFinding(item);
    add(
      `describe ${kindArg(ref.kind)} ${ref.name}${nsFlag(ref.namespace)}`,
      t.why.flagged(ref.kind, ref.name),
    );
    if (ref.kind === "Pod" && looksCrashed(item)) {
      add(`logs ${ref.name}${nsFlag(ref.namespace)} --previous --tail=50`, t.why.previousLogs);
    }
  }
  return [...calls, ...context];
}

function call(command: string, reason: string): PlannedCall {
  return { name: "kubectl", args: { command, reason } };
}

function fixStep(view: TurnView, tools: ReadonlySet<string>): Step {
  const { intent, steps } = view;
  const t = offlineTexts(view.language);
  const { correlated } = analyses(steps);
  const changes = steps.filter((s) => s.name === "kubectl");
  if (changes.length > 0) return afterChange(view, changes, tools, t);
  if (correlated.length === 0 && tools.has("k8sgpt")) {
    return {
      text: t.checkingBeforeFix(scopeText(intent, t)),
      calls: [{ name: "k8sgpt", args: { namespace: scopeArg(intent), correlate: true } }],
    };
  }
  const result =
    correlated.map((s) => k8sgptResult(s.artifact, view.language)).find((r) => r !== undefined) ??
    view.earlierAnalyses.find((a) => a.candidates !== undefined);
  const candidates: RootCauseCandidate[] = result?.candidates ?? [];
  const candidate = pickCandidate(candidates, intent);
  const fixes = candidate === undefined ? [] : runnableFix(candidate, new Set(view.rejected));
  if (candidate === undefined || fixes.length === 0 || !tools.has("kubectl")) {
    return { text: noFixAnswer(candidate, t), calls: [] };
  }
  return {
    text: t.proposeFix(candidate.rootCause, fixes.map((f) => f.title).join(" → ")),
    calls: fixes.map((f) => proposal(f, t)),
  };
}

type Fix = RootCauseCandidate["fixes"][number];

/** A change that can run as written: it goes through approval and has no placeholder (`DATABASE_URL=<value>` needs what only the user knows). */
function complete(f: Fix): boolean {
  return f.command !== undefined && f.requiresApproval && !PLACEHOLDER.test(f.command);
}

/**
 * The fix that can run as written — a complete command whose role is the fix (follow-ups such
 * as a restart once the value exists, and mitigations such as cordoning a dead node, are not),
 * not one the user rejected or this turn already tried — with the complete follow-ups right
 * after it, in order (previewed together, approved together or one by one). Empty when none.
 */
function runnableFix(candidate: RootCauseCandidate, excluded: ReadonlySet<string>): Fix[] {
  const usable = (f: Fix): boolean => complete(f) && !excluded.has(sameCommand(f.command ?? ""));
  const at = candidate.fixes.findIndex((f) => usable(f) && (f.role ?? "fix") === "fix");
  const fix = candidate.fixes[at];
  if (at < 0 || fix === undefined) return [];
  const followUps: Fix[] = [];
  for (const f of candidate.fixes.slice(at + 1)) {
    if (f.role !== "follow-up") break;
    if (usable(f)) followUps.push(f);
  }
  return [fix, ...followUps];
}

function proposal(fix: Fix, t: OfflineTexts): PlannedCall {
  return {
    name: "kubectl",
    args: {
      command: fix.command,
      ...(fix.manifest === undefined ? {} : { manifest: fix.manifest }),
      reason: t.fixReason(fix.title, fix.rationale).slice(0, 1_000),
    },
  };
}

function commandOf(s: ToolStep): string {
  return s.artifact?.command ?? (typeof s.args.command === "string" ? s.args.command : "");
}

/**
 * After changes of this turn: what the verification of the last says comes next
 * (verify/verify-plan.ts): nothing (resolved), the rollback (worse), the next candidate's fix
 * (not resolved, attempts left), or an honest stop with what is left. Without a verification
 * (none ran, or the change failed), each change's outcome.
 */
function afterChange(
  view: TurnView,
  changes: readonly ToolStep[],
  tools: ReadonlySet<string>,
  t: OfflineTexts,
): Step {
  const last = changes[changes.length - 1];
  const note = last?.artifact?.verification;
  if (last === undefined || note === undefined || last.artifact?.status !== "ok") {
    return { text: changes.map((c) => fixAnswer(c, t)).join("\n\n"), calls: [] };
  }
  const tried = new Set([...view.rejected, ...changes.map((s) => sameCommand(commandOf(s)))]);
  const next = note.next;
  switch (next.kind) {
    case "done": {
      // The verified batch (a fix and its follow-ups): the earlier ones' output, then the verdict.
      const before = changes.slice(0, -1);
      const from = before.findLastIndex((c) => c.artifact?.verification !== undefined) + 1;
      const batch = before
        .slice(from)
        .map((c) =>
          c.artifact?.status === "ok"
            ? t.command.ok(commandOf(c), c.content.split(VERDICT_MARK)[0] ?? "")
            : fixAnswer(c, t),
        );
      return { text: [...batch, fixAnswer(last, t)].join("\n\n"), calls: [] };
    }
    case "stop":
      return { text: stopAnswer(note, next.why, t), calls: [] };
    case "rollback": {
      const undo = next.commands.filter((c) => !tried.has(sameCommand(c)));
      if (undo.length === 0 || !tools.has("kubectl"))
        return { text: stopAnswer(note, { reason: "rollback_not_run" }, t), calls: [] };
      return {
        text: t.verify.proposeRollback(verdictLine(note, t), undo),
        calls: undo.map((command) => ({
          name: "kubectl" as const,
          args: { command, reason: t.verify.rollbackReason(note.result.summary).slice(0, 1_000) },
        })),
      };
    }
    case "next": {
      for (const found of note.candidates) {
        const candidate = view.language === "en" ? found : localizeCandidate(found, view.language);
        const fixes = runnableFix(candidate, tried);
        const fix = fixes[0];
        if (fix !== undefined && tools.has("kubectl")) {
          return {
            text: t.verify.nextAttempt(
              verdictLine(note, t),
              next.attempt + 1,
              next.maxAttempts,
              fixes.map((f) => f.title).join(" → "),
              candidate.rootCause,
            ),
            calls: fixes.map((f) => proposal(f, t)),
          };
        }
      }
      return { text: stopAnswer(note, { reason: "no_other_fix" }, t), calls: [] };
    }
  }
}
