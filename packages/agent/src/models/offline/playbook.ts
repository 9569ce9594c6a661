import type { AnalysisResultItem, RootCauseCandidate } from "@kubemedic/protocol";
import type { Intent } from "../../intent";
import type { K8sgptStructured } from "../../tools/k8sgpt-tool";
import { capabilities, commandAnswer, diagnosisAnswer, fixAnswer, noFixAnswer } from "./answers";
import { kindArg, looksCrashed, pickCandidate, rankFindings, refOfFinding } from "./focus";
import { actionStep, continuedAction } from "./action-step";
import { lookupStep } from "./lookup";
import { k8sgptResult, type ToolStep, type TurnView } from "./turn-view";

export interface PlannedCall {
  name: "kubectl" | "k8sgpt";
  args: Record<string, unknown>;
}

/** What the diagnostician says next: text, and tool calls when the playbook needs more. */
export interface Step {
  text: string;
  calls: PlannedCall[];
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
  const { intent } = view;
  const actions = intent.action === undefined ? continuedAction(view) : [intent.action];
  if (actions !== undefined) return actionStep(view, actions, tools);
  if (intent.kind === "question") return { text: capabilities(tools.size > 0), calls: [] };
  if (tools.size === 0) {
    return {
      text: "I investigate with the kubectl and k8sgpt tools, and none are available in this session, so I cannot look at the cluster.",
      calls: [],
    };
  }
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

function scopeText(intent: Intent): string {
  return intent.allNamespaces || intent.namespace === undefined
    ? "all namespaces"
    : `namespace ${intent.namespace}`;
}

function nsFlag(namespace: string | undefined): string {
  return namespace === undefined ? "" : ` -n ${namespace}`;
}

function commandStep(view: TurnView, tools: ReadonlySet<string>): Step {
  if (view.intent.lookup !== undefined) return lookupStep(view, view.intent.lookup, tools);
  const command = view.intent.command ?? "";
  const done = view.steps.find((s) => s.name === "kubectl");
  if (done !== undefined) return { text: commandAnswer(done), calls: [] };
  if (!tools.has("kubectl"))
    return {
      text: "The kubectl tool is not available in this session, so I cannot run that.",
      calls: [],
    };
  return {
    text: `Running \`kubectl ${command}\`.`,
    calls: [
      {
        name: "kubectl",
        args: { command, reason: `The user asked: ${view.question.slice(0, 200)}` },
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
  const { plain, correlated } = analyses(steps);
  const kubectlSteps = steps.filter((s) => s.name === "kubectl");
  const scope = scopeArg(intent);

  if (plain.length === 0 && correlated.length === 0 && tools.has("k8sgpt")) {
    return {
      text: `Scoping the question to ${scopeText(intent)}${intent.resource ? ` and ${intent.resource.kind ?? "object"} ${intent.resource.name}` : ""}. First, the analyzers.`,
      calls: [{ name: "k8sgpt", args: { namespace: scope } }],
    };
  }
  const analysis = plain.map((s) => k8sgptResult(s.artifact)).find((r) => r !== undefined);
  if (kubectlSteps.length === 0 && tools.has("kubectl")) {
    const calls = evidenceCalls(intent, analysis);
    if (calls.length > 0) {
      const n = analysis?.analysis.problems ?? 0;
      return {
        text: `The analyzers report ${n} problem${n === 1 ? "" : "s"}. Gathering evidence: ${calls.map((c) => `\`kubectl ${String(c.args.command)}\``).join(", ")}.`,
        calls,
      };
    }
  }
  if (correlated.length === 0 && tools.has("k8sgpt")) {
    // The whole scope, not the object asked about: its root cause may sit elsewhere
    // (a ConfigMap, a Node, a quota); pickCandidate prefers what the question names.
    return {
      text: "Correlating the findings to rank the likely root causes.",
      calls: [{ name: "k8sgpt", args: { namespace: scope, correlate: true } }],
    };
  }
  const result =
    correlated.map((s) => k8sgptResult(s.artifact)).find((r) => r !== undefined) ?? analysis;
  const candidate =
    result?.candidates === undefined ? undefined : pickCandidate(result.candidates, intent);
  return { text: diagnosisAnswer(view, result, candidate), calls: [] };
}

/**
 * Evidence for the object the question is about: describe it and the top
 * findings, previous logs of crashed pods; then the namespace's pods (their
 * table tells healthy from not) and recent events.
 */
function evidenceCalls(intent: Intent, analysis: K8sgptStructured | undefined): PlannedCall[] {
  const findings = rankFindings(analysis?.analysis.results ?? [], intent);
  const top: AnalysisResultItem[] = findings.slice(0, intent.kind === "scan" ? 3 : 2);
  const context: PlannedCall[] = [];
  if (intent.namespace !== undefined) {
    context.push(call(`get pods -n ${intent.namespace}`, "Which pods run, and which do not."));
  }
  const eventsNs =
    top.map((i) => refOfFinding(i).namespace).find((n) => n !== undefined) ?? intent.namespace;
  if (eventsNs !== undefined) {
    context.push(
      call(`get events -n ${eventsNs} --sort-by=.lastTimestamp`, "Recent events in the namespace."),
    );
  } else if (top.some((i) => i.kind === "Node")) {
    context.push(
      call(
        "get events -n default --sort-by=.lastTimestamp",
        "Node events live in the default namespace.",
      ),
    );
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
      `The user asked about ${named.kind} ${named.name}.`,
    );
  }
  for (const item of top) {
    const ref = refOfFinding(item);
    add(
      `describe ${kindArg(ref.kind)} ${ref.name}${nsFlag(ref.namespace)}`,
      `The analyzers flagged ${ref.kind} ${ref.name}.`,
    );
    if (ref.kind === "Pod" && looksCrashed(item)) {
      add(
        `logs ${ref.name}${nsFlag(ref.namespace)} --previous --tail=50`,
        "The container restarted: its previous log says why.",
      );
    }
  }
  return [...calls, ...context];
}

function call(command: string, reason: string): PlannedCall {
  return { name: "kubectl", args: { command, reason } };
}

function fixStep(view: TurnView, tools: ReadonlySet<string>): Step {
  const { intent, steps } = view;
  const { correlated } = analyses(steps);
  const fixCall = steps.find((s) => s.name === "kubectl");
  if (fixCall !== undefined) return { text: fixAnswer(fixCall), calls: [] };
  if (correlated.length === 0 && tools.has("k8sgpt")) {
    return {
      text: `Checking what is wrong in ${scopeText(intent)} before changing anything.`,
      calls: [{ name: "k8sgpt", args: { namespace: scopeArg(intent), correlate: true } }],
    };
  }
  const result =
    correlated.map((s) => k8sgptResult(s.artifact)).find((r) => r !== undefined) ??
    view.earlierAnalyses.find((a) => a.candidates !== undefined);
  const candidates: RootCauseCandidate[] = result?.candidates ?? [];
  const candidate = pickCandidate(candidates, intent);
  // A command with a placeholder (`DATABASE_URL=<value>`) needs what only the user knows: never run it as is.
  const fix = candidate?.fixes.find(
    (f) => f.command !== undefined && f.requiresApproval && !PLACEHOLDER.test(f.command),
  );
  if (candidate === undefined || fix?.command === undefined || !tools.has("kubectl")) {
    return { text: noFixAnswer(candidate), calls: [] };
  }
  return {
    text: `The root cause: ${candidate.rootCause}\nThe fix I propose: ${fix.title}. It changes the cluster, so it needs your approval.`,
    calls: [
      {
        name: "kubectl",
        args: { command: fix.command, reason: `${fix.title}: ${fix.rationale}`.slice(0, 1_000) },
      },
    ],
  };
}
