import { isTool } from "../../context/message-kinds";
import { isToolArtifact } from "../../tools/tool-result";
import type { ActionRequest } from "../../understand/actions/ActionRequest";
import { actionCommand } from "../../understand/actions/actionCommand";
import { parseAction } from "../../understand/actions/parseAction";
import {
  actionKinds,
  resolveTarget,
  type Resolution,
} from "../../understand/actions/resolveTarget";
import { targetIn } from "../../understand/actions/targetIn";
import { rowLabel, type ObjectRow } from "../../understand/actions/ObjectRow";
import { objectRows } from "./action-rows";
import {
  ambiguous,
  callReason,
  cannot,
  lookingFor,
  noKubectl,
  notFound,
  outcome,
  proposal,
  unnamed,
} from "./action-texts";
import { commandAnswer } from "./answers";
import { historyFocus, previousQuestion } from "./history-focus";
import { offlineTexts } from "./offline-texts";
import type { Step } from "./playbook";
import type { ToolStep, TurnView } from "./turn-view";

const PLURAL: Record<string, string> = {
  Deployment: "deployments",
  StatefulSet: "statefulsets",
  DaemonSet: "daemonsets",
  CronJob: "cronjobs",
  Pod: "pods",
  Node: "nodes",
};

/**
 * A plain-language action, one step per model call: list the kinds it may
 * apply to across all namespaces (one call), find the object (the name
 * given, else the conversation's focus; several → ask which), then the one
 * exact command, which the graph sends through approval (or refuses, or
 * suggests, under the policy). `requests` holds alternatives to try in order
 * (a reply to "which one?" may be a namespace or a name).
 */
export function actionStep(
  view: TurnView,
  requests: readonly ActionRequest[],
  tools: ReadonlySet<string>,
): Step {
  const request = requests[0] as ActionRequest;
  if (!tools.has("kubectl")) return { text: noKubectl(request), calls: [] };
  const kinds = actionKinds(request);
  const lookup = lookupCommand(request, kinds);
  const kubectl = view.steps.filter((s) => s.name === "kubectl");
  const listed = kubectl.find((s) => commandOf(s) === lookup);
  const mutation = kubectl.find((s) => s !== listed);
  if (mutation !== undefined) return { text: outcome(request, mutation), calls: [] };
  if (listed === undefined) {
    return {
      text: lookingFor(
        request,
        kinds.map((k) => PLURAL[k] ?? k),
        lookup,
      ),
      calls: [call(lookup, lookupReason(request))],
    };
  }
  if (listed.artifact?.status !== "ok")
    return { text: commandAnswer(listed, offlineTexts(view.language)), calls: [] };
  const rows = objectRows(listed, kinds.length === 1 ? kinds[0] : undefined);
  const focus = historyFocus(view.history);
  const scope = [focus.namespaces[0], view.intent.namespace].filter(
    (n): n is string => n !== undefined,
  );
  let chosen: { request: ActionRequest; resolution: Resolution } | undefined;
  for (const r of requests) {
    const resolution = resolveTarget(r, rows, { focus: focus.objects, scope });
    chosen ??= { request: r, resolution };
    if (resolution.kind === "found") {
      chosen = { request: r, resolution };
      break;
    }
  }
  const { request: req, resolution } = chosen as { request: ActionRequest; resolution: Resolution };
  switch (resolution.kind) {
    case "ambiguous":
      return {
        text: ambiguous(req, resolution.choices),
        calls: [],
        clarify: { choices: choicesOf(resolution.choices) },
      };
    case "unnamed":
      return {
        text: unnamed(req, resolution.choices),
        calls: [],
        clarify: { choices: choicesOf(resolution.choices) },
      };
    case "none":
      return {
        text: notFound(
          req,
          kinds.map((k) => PLURAL[k] ?? k),
          resolution.name,
          resolution.nearest,
          resolution.elsewhere,
        ),
        calls: [],
      };
    case "found": {
      const built = actionCommand(req, resolution.row);
      if (!built.ok) return { text: cannot(req, built.reason), calls: [] };
      return {
        text: proposal(req, resolution.row, built.command),
        calls: [call(built.command, callReason(req, resolution.row, view.question))],
      };
    }
  }
}

/**
 * The answers to "which one?": each object's label, and the word that tells it from the
 * others (its namespace when the names are the same, else its name) — what continuedAction
 * reads back.
 */
function choicesOf(rows: readonly ObjectRow[]): { label: string; reply: string }[] {
  const sameName = new Set(rows.map((r) => r.name)).size === 1;
  return rows.slice(0, 20).map((r) => ({
    label: rowLabel(r),
    reply: sameName && r.namespace !== undefined ? r.namespace : r.name,
  }));
}

/** One listing for every kind the action may apply to, across all namespaces. */
function lookupCommand(request: ActionRequest, kinds: string[]): string {
  if (kinds.length === 1 && kinds[0] === "Node") return "get nodes";
  const types = kinds.map((k) => PLURAL[k] ?? k.toLowerCase()).join(",");
  return `get ${types} -A${request.verb === "set-image" ? " -o wide" : ""}`;
}

function lookupReason(request: ActionRequest): string {
  const name = request.target.name ?? "the object the conversation is about";
  return request.language === "zh"
    ? `查找 ${name} 所在的命名空间和当前状态，再生成变更命令。`
    : `Find ${name} (its namespace and current state) before writing the change.`;
}

function call(command: string, reason: string): Step["calls"][number] {
  return { name: "kubectl", args: { command, reason } };
}

function commandOf(step: ToolStep): string {
  return step.artifact?.command ?? (typeof step.args.command === "string" ? step.args.command : "");
}

/**
 * The reply to "which one?": the previous turn asked for an action and
 * changed nothing, and this message is short ("prod", "cart", "prod 里的那个",
 * "the one in staging"). The alternatives: the word as the namespace, then as
 * the name.
 */
export function continuedAction(view: TurnView): ActionRequest[] | undefined {
  const text = view.question.trim();
  const short = /[\u4e00-\u9fff]/.test(text) ? text.length <= 16 : text.split(/\s+/).length <= 5;
  if (!short) return undefined;
  const prev = previousQuestion(view.history);
  if (prev === undefined) return undefined;
  const before = parseAction(prev.text);
  if (before === undefined) return undefined;
  const changed = view.history
    .slice(prev.index)
    .some(
      (m) => isTool(m) && isToolArtifact(m.artifact) && m.artifact.classification === "mutating",
    );
  if (changed) return undefined;
  const reply = targetIn(text);
  const words = [reply.namespace, reply.name].filter((w): w is string => w !== undefined);
  if (words.length === 0) return undefined;
  const out: ActionRequest[] = [];
  for (const w of words) {
    if (before.target.name !== undefined)
      out.push({ ...before, target: { ...before.target, namespace: w } });
    out.push({ ...before, target: { ...before.target, name: w, other: false } });
  }
  return out;
}
