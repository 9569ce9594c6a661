import type { RootCauseCandidate } from "@kubemedic/protocol";
import type { K8sgptStructured } from "../../tools/k8sgpt-tool";
import { kubectlEvidence } from "./evidence";
import { scopeOf } from "./offline-report";
import { podHealth } from "./pod-health";
import type { ToolStep, TurnView } from "./turn-view";

const ANSWER_LINES = 40;

export function capabilities(hasTools: boolean): string {
  return [
    "I am the offline diagnostician: a deterministic troubleshooting playbook that runs without a language model.",
    "",
    "I can:",
    '- diagnose an object or a namespace ("why is checkout failing in shop?", "what is wrong in namespace shop?"): analyzers, then describe, events and previous logs, then a ranked root cause and a report;',
    '- scan the whole cluster ("scan the cluster");',
    '- run read commands: "list pods in shop", "what pods are running in shop?", "show the events in shop", "describe checkout" (I find the object by its name), "show the logs of checkout" (a pod, or one of a workload\'s pods), or a read-only kubectl command line such as "kubectl get deploy -A";',
    '- propose the fix for a problem I found ("fix it"), which runs only after your approval.',
    "",
    "I cannot answer general questions, write manifests, or reason beyond what the analyzers and kubectl show. Set OPENAI_API_KEY (and OPENAI_BASE_URL for another endpoint) to use a language model.",
    ...(hasTools ? [] : ["", "No cluster tools are available in this session."]),
  ].join("\n");
}

function clip(text: string, lines = ANSWER_LINES): string {
  const all = text.split("\n");
  return all.length <= lines
    ? text
    : `${all.slice(0, lines).join("\n")}\n… (${all.length - lines} more lines in the tool output)`;
}

export function commandAnswer(step: ToolStep): string {
  const a = step.artifact;
  const command = a?.command ?? (typeof step.args.command === "string" ? step.args.command : "");
  switch (a?.status) {
    case "ok":
      return `\`kubectl ${command}\`:\n\n\`\`\`\n${clip(step.content)}\n\`\`\``;
    case "refused":
      return `I did not run \`kubectl ${command}\`. ${step.content}`;
    case "rejected":
      return `Understood: \`kubectl ${command}\` was not run, as you decided.`;
    case "suggested":
      return `This session does not run changes. To do it yourself: \`kubectl ${command}\``;
    case "timeout":
      return `\`kubectl ${command}\` did not finish in time. The cluster may be slow or unreachable; try again, or narrow the command.`;
    case "cancelled":
      return `\`kubectl ${command}\` was cancelled.`;
    case "error":
    case undefined:
      return `\`kubectl ${command}\` failed:\n\n\`\`\`\n${clip(step.content, 12)}\n\`\`\``;
  }
}

export function fixAnswer(step: ToolStep): string {
  const command =
    step.artifact?.command ?? (typeof step.args.command === "string" ? step.args.command : "");
  if (step.artifact?.status === "ok") {
    return `Done: \`kubectl ${command}\` ran.\n\n\`\`\`\n${clip(step.content, 12)}\n\`\`\`\nAsk me to check again in a minute to confirm the problem is gone.`;
  }
  if (step.artifact?.status === "rejected") {
    return `Understood: I did not run \`kubectl ${command}\`. The problem is still there; you can apply the fix yourself later, or ask me for another option.`;
  }
  return commandAnswer(step);
}

export function noFixAnswer(candidate: RootCauseCandidate | undefined): string {
  if (candidate === undefined)
    return "I found nothing to fix: the analyzers and the correlation report no problem in this scope.";
  const lines = [
    `The root cause: ${candidate.rootCause}`,
    "",
    "I have no complete command that fixes it on its own: a fix that needs a value only you know (a `<placeholder>`) is yours to fill in. What to do:",
  ];
  for (const f of candidate.fixes)
    lines.push(`- ${f.title}${f.command ? `: \`kubectl ${f.command}\`` : ""} — ${f.rationale}`);
  if (candidate.fixes.length === 0)
    lines.push(
      "- (no recommendation: the fix is outside the cluster, e.g. in the image or the application's configuration)",
    );
  return lines.join("\n");
}

export function diagnosisAnswer(
  view: TurnView,
  result: K8sgptStructured | undefined,
  candidate: RootCauseCandidate | undefined,
): string {
  const failed = view.steps.filter((s) => s.artifact !== undefined && s.artifact.status !== "ok");
  const notes = failed.map(
    (s) =>
      `- \`${s.name} ${s.artifact?.command ?? ""}\` ${s.artifact?.status}: ${s.content.split("\n")[0] ?? ""}`,
  );
  if (result === undefined) {
    return [
      "I could not analyze the cluster, so I cannot give a diagnosis.",
      ...(notes.length ? ["", ...notes] : []),
    ].join("\n");
  }
  if (candidate === undefined) {
    const items = result.analysis.results ?? [];
    const pods = podHealth(view.steps);
    const where = view.intent.namespace ? ` in namespace ${view.intent.namespace}` : "";
    if (items.length === 0 || (pods !== undefined && pods.unhealthy.length === 0)) {
      return [
        `I found no problems${where}: nothing correlates to a root cause${pods === undefined ? "" : `, and all ${pods.total} pods are running or completed`}.`,
        ...(items.length === 0
          ? []
          : [
              "",
              "Minor findings, not problems:",
              ...items
                .slice(0, 8)
                .map((i) => `- ${i.kind} ${i.name}: ${i.error.map((e) => e.Text).join("; ")}`),
            ]),
      ].join("\n");
    }
    return [
      "The analyzers report problems, but none correlates to a clear root cause:",
      ...items
        .slice(0, 8)
        .map((i) => `- ${i.kind} ${i.name}: ${i.error.map((e) => e.Text).join("; ")}`),
      ...(pods?.unhealthy.length ? ["", `Pods not running: ${pods.unhealthy.join(", ")}`] : []),
    ].join("\n");
  }
  const p = candidate.primary;
  const lines = [
    `**Root cause** (${candidate.category}, ${candidate.severity}): ${candidate.rootCause}`,
    "",
    `Affected: ${p.kind} ${p.namespace ? `${p.namespace}/` : ""}${p.name}${candidate.related.length ? `, ${candidate.related.map((r) => `${r.kind} ${r.name}${r.status ? ` (${r.status})` : ""}`).join(", ")}` : ""}`,
    "",
    "Evidence:",
  ];
  for (const e of [...candidate.evidence, ...kubectlEvidence(view.steps, scopeOf(candidate))].slice(
    0,
    6,
  )) {
    const first = e.excerpt.split("\n").slice(0, 3).join(" | ");
    lines.push(`- (${e.source}${e.command ? `, \`${e.command}\`` : ""}) ${first}`);
  }
  if (candidate.fixes.length > 0) {
    lines.push("", "Fixes, safest first:");
    candidate.fixes.forEach((f, i) => {
      lines.push(
        `${i + 1}. ${f.title}${f.command ? ` — \`kubectl ${f.command}\`` : ""} (risk ${f.risk}${f.requiresApproval ? ", needs your approval" : ""})`,
      );
    });
  }
  const others = (result.candidates ?? []).filter((c) => c !== candidate).slice(0, 8);
  if (others.length > 0) {
    lines.push("", "Other problems found:");
    for (const c of others) {
      const o = c.primary;
      lines.push(
        `- (${c.category}, ${c.severity}) ${o.kind} ${o.namespace ? `${o.namespace}/` : ""}${o.name}: ${c.summary}`,
      );
    }
  }
  if (notes.length > 0) lines.push("", "Calls that did not succeed:", ...notes);
  return lines.join("\n");
}
