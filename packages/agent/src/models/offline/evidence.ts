import type { Evidence } from "@kubemedic/protocol";
import type { ToolStep } from "./turn-view";

/**
 * The decisive lines of a kubectl output, quoted exactly: warnings from event
 * tables, state/reason/exit-code/probe/selector lines from describe, the last
 * lines of a log. Everything else is context the report does not need.
 */
const DESCRIBE_KEYS =
  /^\s*(State|Reason|Last State|Exit Code|Message|Ready|Restart Count|Image|Status|Selector|Endpoints|Limits|Requests|Liveness|Readiness|Startup|Replicas|Conditions|Node-Selectors|Type|ClaimName|StorageClass|Volume|Backend|Rules|Host|Path|Events|Environment Variables from|Mounts|Scale Target|Metrics|Min replicas|Max replicas|Taints|Unschedulable|Allocatable|Capacity)\b/;
const EVENT_WARNING = /\bWarning\b/;
const FAILURE_WORDS =
  /(error|fail|refused|denied|forbidden|not found|no such|missing|invalid|back-?off|oom|killed|exceeded|timeout|timed out|unhealthy|panic|fatal|exception|cannot|couldn't|unable)/i;

function decisiveLines(step: ToolStep, max = 10): string[] {
  const lines = step.content
    .split("\n")
    .filter((l) => l.trim().length > 0 && !l.startsWith("… truncated"));
  const verb = verbOf(step);
  let picked: string[];
  if (verb === "logs") {
    const failing = lines.filter((l) => FAILURE_WORDS.test(l));
    picked = (failing.length > 0 ? failing : lines).slice(-max);
  } else if (verb === "events") {
    picked = lines.filter((l) => EVENT_WARNING.test(l)).slice(0, max);
    if (picked.length === 0) picked = lines.slice(0, Math.min(max, 4));
  } else if (verb === "describe") {
    picked = describeLines(lines).slice(0, max + 4);
  } else {
    picked = lines.slice(0, max);
  }
  return picked.map((l) => l.replace(/\s+$/, ""));
}

/**
 * Decisive describe lines; a key without a value on its line ("Limits:",
 * "Last State:") brings the more indented lines under it ("memory: 256Mi").
 */
function describeLines(lines: string[]): string[] {
  const out: string[] = [];
  const indent = (l: string): number => l.length - l.trimStart().length;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (!(DESCRIBE_KEYS.test(line) || EVENT_WARNING.test(line) || FAILURE_WORDS.test(line)))
      continue;
    out.push(line);
    if (!/:\s*$/.test(line)) continue;
    for (
      let j = i + 1;
      j < lines.length && j <= i + 3 && indent(lines[j] as string) > indent(line);
      j++
    ) {
      out.push(lines[j] as string);
      i = j;
    }
  }
  return out;
}

function verbOf(step: ToolStep): "logs" | "events" | "describe" | "get" | "other" {
  const command =
    step.artifact?.command ?? (typeof step.args.command === "string" ? step.args.command : "");
  const words = command.trim().split(/\s+/);
  const verb = words[0];
  if (verb === "logs") return "logs";
  if (verb === "events" || (verb === "get" && /^(events?|ev)(\.|$)/.test(words[1] ?? "")))
    return "events";
  if (verb === "describe") return "describe";
  if (verb === "get") return "get";
  return "other";
}

/** What evidence may be about: a candidate's objects and namespace. */
export interface EvidenceScope {
  names: string[];
  namespace?: string;
}

/**
 * Evidence entries from this turn's successful kubectl calls; with a scope,
 * only those about its objects (the command names one) or, for namespace-wide
 * reads (events, pod lists), about its namespace.
 */
export function kubectlEvidence(steps: readonly ToolStep[], scope?: EvidenceScope): Evidence[] {
  const out: Evidence[] = [];
  for (const step of steps) {
    if (step.name !== "kubectl" || step.artifact?.status !== "ok") continue;
    if (scope !== undefined && !inScope(step, scope)) continue;
    const lines = decisiveLines(step);
    if (lines.length === 0) continue;
    const verb = verbOf(step);
    out.push({
      source: verb === "logs" ? "logs" : verb === "events" ? "events" : "kubectl",
      command: step.artifact.command.slice(0, 2_000),
      excerpt: lines.join("\n").slice(0, 4_000),
    });
  }
  return out;
}

function inScope(step: ToolStep, scope: EvidenceScope): boolean {
  const words = (step.artifact?.command ?? "").split(/[\s/]+/);
  if (scope.names.some((n) => words.includes(n))) return true;
  const verb = verbOf(step);
  const ns = words[words.indexOf("-n") + 1];
  return (
    (verb === "events" || verb === "get") &&
    scope.namespace !== undefined &&
    words.includes("-n") &&
    ns === scope.namespace &&
    !words.slice(2).some((w) => w.length > 0 && !w.startsWith("-") && w !== ns)
  );
}
