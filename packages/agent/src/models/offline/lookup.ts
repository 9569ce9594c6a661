import type { ObjectLookup } from "../../intent";
import { commandAnswer } from "./answers";
import { offlineTexts, type OfflineTexts } from "./offline-texts";
import type { PlannedCall, Step } from "./playbook";
import type { ToolStep, TurnView } from "./turn-view";

/**
 * Kinds searched for an object named without its kind, in order of
 * preference when several share the name (a Deployment and its Service are
 * usually both called `checkout`; the Deployment is what "describe checkout"
 * means). For logs only what has pods: kubectl's `logs TYPE/NAME` picks one.
 */
const DESCRIBE_KINDS = [
  "deployments",
  "statefulsets",
  "daemonsets",
  "cronjobs",
  "jobs",
  "services",
  "ingresses",
  "persistentvolumeclaims",
  "configmaps",
  "pods",
  "nodes",
];
const LOGS_KINDS = ["pods", "deployments", "statefulsets", "daemonsets", "jobs", "replicasets"];

interface Table {
  kind?: string;
  columns: string[];
  rows: string[][];
}

/** The object the request is about, once found, and how it was found. */
interface Found {
  /** kubectl's type word: `deployment`, `pod`… */
  kind: string;
  name: string;
  note: string;
}

/**
 * "describe checkout", "show the logs of checkout-7d9": find the object first
 * (every common kind with that exact name; else the pods whose name starts
 * with it, a crashed one first), then run the command on it and answer with
 * its output. Read-only throughout; every step is decided from the tables
 * already fetched in this turn.
 */
export function lookupStep(view: TurnView, lookup: ObjectLookup, tools: ReadonlySet<string>): Step {
  const t = offlineTexts(view.language);
  if (!tools.has("kubectl")) return { text: t.noKubectlLookup, calls: [] };
  const ns = view.intent.namespace;
  const nsFlag = ns === undefined ? "" : ` -n ${ns}`;
  const where = ns === undefined ? t.lookup.sessionNamespace : t.scopeNamespace(ns);
  const kinds = lookup.verb === "describe" ? DESCRIBE_KINDS : LOGS_KINDS;
  const exactCommand = `get ${kinds.join(",")} ${lookup.name}${nsFlag} --ignore-not-found`;
  const podsCommand = `get pods${nsFlag}`;
  const ran = (command: string): ToolStep | undefined =>
    view.steps.find((s) => s.name === "kubectl" && commandOf(s) === command);

  const exact = ran(exactCommand);
  if (exact === undefined) {
    return {
      text: t.lookup.looking(lookup.name, kinds, where),
      calls: [call(exactCommand, t.lookup.findWhat(lookup.name, lookup.verb))],
    };
  }
  if (exact.artifact?.status !== "ok") return { text: commandAnswer(exact, t), calls: [] };
  let found = byExactName(exact, lookup.name, t);
  if (found === undefined) {
    const pods = ran(podsCommand);
    if (pods === undefined) {
      return {
        text: t.lookup.lookingForPods(lookup.name),
        calls: [call(podsCommand, t.lookup.findPods(lookup.name))],
      };
    }
    if (pods.artifact?.status !== "ok") return { text: commandAnswer(pods, t), calls: [] };
    found = byPrefix(pods, lookup.name, t);
  }
  if (found === undefined) {
    return {
      text: t.lookup.notFound(
        lookup.name,
        kinds,
        where,
        `${lookup.verb === "describe" ? "describe <kind>" : "logs <pod>"} ${lookup.name} -n <namespace>`,
      ),
      calls: [],
    };
  }
  const command =
    lookup.verb === "describe"
      ? `describe ${found.kind} ${found.name}${nsFlag}`
      : `logs ${found.kind === "pod" ? found.name : `${found.kind}/${found.name}`}${nsFlag}${lookup.previous ? " --previous" : ""} --tail=100`;
  const done = ran(command);
  if (done !== undefined) return { text: `${found.note}\n\n${commandAnswer(done, t)}`, calls: [] };
  return {
    text: `${found.note} ${t.running(command)}`,
    calls: [call(command, t.userAsked(view.question.slice(0, 200)))],
  };
}

function call(command: string, reason: string): PlannedCall {
  return { name: "kubectl", args: { command, reason } };
}

function commandOf(step: ToolStep): string {
  return step.artifact?.command ?? (typeof step.args.command === "string" ? step.args.command : "");
}

/** The engine's structured tables (`{ kind: "table", tables }`), kept in the artifact when small. */
function tablesOf(step: ToolStep): Table[] {
  const tables = (step.artifact?.structured as { tables?: unknown } | undefined)?.tables;
  return Array.isArray(tables) ? (tables as Table[]) : [];
}

/** Several types print names as `deployment.apps/checkout`; the first table with a row wins. */
function byExactName(step: ToolStep, name: string, t: OfflineTexts): Found | undefined {
  const hits = tablesOf(step).flatMap((t) => {
    const col = t.columns.indexOf("NAME");
    return t.rows.flatMap((row) => {
      const cell = row[col] ?? "";
      const [type, objectName] = cell.includes("/")
        ? [cell.slice(0, cell.lastIndexOf("/")), cell.slice(cell.lastIndexOf("/") + 1)]
        : [t.kind ?? "", cell];
      const kind = type.split(".")[0] ?? "";
      return objectName === name && kind !== "" ? [`${kind}/${objectName}`] : [];
    });
  });
  const first = hits[0];
  if (first === undefined) return undefined;
  const [kind = "", objectName = name] = first.split("/");
  const others = hits.slice(1);
  return { kind, name: objectName, note: t.lookup.isA(name, kind, others) };
}

const TERMINAL = new Set(["Completed", "Succeeded"]);

/**
 * A pod whose name is, or starts with, `name` ("checkout-7d9" → the pods of
 * ReplicaSet checkout-7d9…): `name-` prefixes before bare ones, then a pod
 * that is not running and ready (its logs say why), then table order.
 */
function byPrefix(step: ToolStep, name: string, texts: OfflineTexts): Found | undefined {
  for (const t of tablesOf(step)) {
    const col = t.columns.indexOf("NAME");
    const ready = t.columns.indexOf("READY");
    const status = t.columns.indexOf("STATUS");
    if (col < 0) continue;
    const pods = t.rows.map((row, index) => {
      const pod = row[col] ?? "";
      const s = row[status] ?? "";
      const [up, want] = (row[ready] ?? "").split("/").map(Number);
      const healthy = TERMINAL.has(s) || (s === "Running" && up !== undefined && up === want);
      const match =
        pod === name ? 0 : pod.startsWith(`${name}-`) ? 1 : pod.startsWith(name) ? 2 : 3;
      return { pod, status: s, healthy, match, index };
    });
    const matches = pods
      .filter((p) => p.match < 3)
      .sort(
        (a, b) => a.match - b.match || Number(a.healthy) - Number(b.healthy) || a.index - b.index,
      );
    const chosen = matches[0];
    if (chosen === undefined) continue;
    const rest = matches.length - 1;
    return {
      kind: "pod",
      name: chosen.pod,
      note:
        chosen.pod === name
          ? texts.lookup.isPod(name)
          : texts.lookup.startsWith(name, chosen.pod, chosen.status, rest),
    };
  }
  return undefined;
}
