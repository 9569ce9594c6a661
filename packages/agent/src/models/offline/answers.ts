import { CLUSTER_SCOPED } from "./cluster-findings";
import type { VerificationNote } from "../../verify/verify-plan";
import type { RootCauseCandidate } from "@kubemedic/protocol";
import type { K8sgptStructured } from "../../tools/k8sgpt-tool";
import { kubectlEvidence } from "./evidence";
import { scopeOf } from "./offline-report";
import type { NoFixReason, OfflineStopWhy, OfflineTexts } from "./offline-texts";
import { podHealth } from "./pod-health";
import type { ToolStep, TurnView } from "./turn-view";

const ANSWER_LINES = 40;

function clip(text: string, lines = ANSWER_LINES): string {
  const all = text.split("\n");
  return all.length <= lines
    ? text
    : `${all.slice(0, lines).join("\n")}\n… (${all.length - lines} more lines in the tool output)`;
}

export function commandAnswer(step: ToolStep, t: OfflineTexts): string {
  const a = step.artifact;
  const command = a?.command ?? (typeof step.args.command === "string" ? step.args.command : "");
  switch (a?.status) {
    case "ok": {
      // A change the user typed is verified too: its own output, then the verdict in words —
      // not the note the verify node appended for the model ("Propose the next candidate…").
      const note = a.verification;
      if (note === undefined) return t.command.ok(command, clip(step.content));
      const output = step.content.split(VERDICT_MARK)[0] ?? "";
      return `${t.command.ok(command, clip(output))}\n\n${verdictLine(note, t)}`;
    }
    case "refused":
      return t.command.refused(command, step.content);
    case "rejected":
      return t.command.rejected(command, reasonOf(step));
    case "suggested":
      return t.command.suggested(command);
    case "timeout":
      return t.command.timeout(command);
    case "cancelled":
      return t.command.cancelled(command);
    case "unknown":
      return t.command.unknown(command);
    case "error":
    case undefined:
      return t.command.error(command, clip(step.content, 12));
  }
}

export function fixAnswer(step: ToolStep, t: OfflineTexts): string {
  const command =
    step.artifact?.command ?? (typeof step.args.command === "string" ? step.args.command : "");
  if (step.artifact?.status === "ok") {
    const note = step.artifact.verification;
    // The change's own output, without the verdict the verify node appended for the model.
    const output = step.content.split(VERDICT_MARK)[0] ?? "";
    return t.fixRan(
      command,
      clip(output, 12),
      note === undefined ? undefined : verdictLine(note, t),
    );
  }
  if (step.artifact?.status === "rejected") return t.fixRejected(command, reasonOf(step));
  return commandAnswer(step, t);
}

/** Where the verify node's text starts in a verified change's tool result. */
export const VERDICT_MARK = "\n\nVerification of this change:";

/** The verdict in one paragraph, with what is left when it is not resolved. */
export function verdictLine(note: VerificationNote, t: OfflineTexts): string {
  const r = note.result;
  const failing = r.checks.filter((c) => c.state !== "ok");
  return [
    t.verify.verdict(r.outcome, r.summary),
    ...failing.map((c) => t.verify.check(c.object, c.state, c.detail)),
  ].join("\n");
}

/** After changes that did not resolve it, and no further change to propose: what is left and why. */
export function stopAnswer(note: VerificationNote, why: OfflineStopWhy, t: OfflineTexts): string {
  const lines = [verdictLine(note, t), "", t.verify.notProposing(why)];
  const top = note.candidates[0];
  if (top !== undefined) {
    lines.push("", t.verify.whatIsLeft(top.rootCause));
    for (const f of top.fixes)
      lines.push(`- ${f.title}${f.command ? `: \`kubectl ${f.command}\`` : ""}`);
  }
  return lines.join("\n");
}

export function noFixAnswer(candidate: RootCauseCandidate | undefined, t: OfflineTexts): string {
  if (candidate === undefined) return t.nothingToFix;
  const lines = [t.noCompleteFix(candidate.rootCause, cannotFixBecause(candidate))];
  for (const f of candidate.fixes)
    lines.push(`- ${f.title}${f.command ? `: \`kubectl ${f.command}\`` : ""} — ${f.rationale}`);
  if (candidate.fixes.length === 0) lines.push(t.fixOutsideCluster);
  return lines.join("\n");
}

/** Why no proposed command removes the cause on its own, from what the fixes are. */
function cannotFixBecause(candidate: RootCauseCandidate): NoFixReason {
  const fixes = candidate.fixes.filter((f) => f.requiresApproval && f.command !== undefined);
  if (fixes.some((f) => (f.role ?? "fix") === "fix")) return "placeholder";
  if (fixes.some((f) => f.role === "mitigation")) return "mitigation";
  if (fixes.some((f) => f.role === "follow-up")) return "followUp";
  return "outside";
}

export function diagnosisAnswer(
  view: TurnView,
  result: K8sgptStructured | undefined,
  candidate: RootCauseCandidate | undefined,
  t: OfflineTexts,
): string {
  const d = t.diagnosis;
  const quote = t.command.quote;
  const failed = view.steps.filter((s) => s.artifact !== undefined && s.artifact.status !== "ok");
  const notes = failed.map(
    (s) =>
      `- \`${s.name} ${s.artifact?.command ?? ""}\` ${s.artifact?.status}: ${quote(s.content.split("\n")[0] ?? "")}`,
  );
  if (result === undefined) {
    return [d.cannotAnalyze, ...(notes.length ? ["", ...notes] : [])].join("\n");
  }
  const finding = (i: { kind: string; name: string; error: { Text: string }[] }): string =>
    `- ${i.kind} ${i.name}: ${quote(i.error.map((e) => e.Text).join("; "))}`;
  if (candidate === undefined) {
    const items = result.analysis.results ?? [];
    const pods = podHealth(view.steps);
    const asked = view.intent.resource;
    const where =
      (view.intent.namespace ? d.inNamespace(view.intent.namespace) : "") +
      (asked === undefined ? "" : ` (${asked.kind ?? ""} ${asked.name})`.replace("( ", "("));
    if (items.length === 0 || (pods !== undefined && pods.unhealthy.length === 0)) {
      const cluster = items.filter((i) => CLUSTER_SCOPED.has(i.kind));
      const minor = items.filter((i) => !CLUSTER_SCOPED.has(i.kind));
      return [
        d.noProblems(where, pods?.total),
        ...(cluster.length === 0
          ? []
          : ["", d.clusterFindings, ...cluster.slice(0, 8).map(finding)]),
        ...(minor.length === 0 ? [] : ["", d.minorFindings, ...minor.slice(0, 8).map(finding)]),
      ].join("\n");
    }
    return [
      d.noClearRootCause,
      ...items.slice(0, 8).map(finding),
      ...(pods?.unhealthy.length ? ["", d.podsNotRunning(pods.unhealthy)] : []),
    ].join("\n");
  }
  const p = candidate.primary;
  const related = candidate.related
    .map((r) => `${r.kind} ${r.name}${r.status ? ` (${r.status})` : ""}`)
    .join(", ");
  const lines = [
    d.rootCause(candidate.category, candidate.severity, candidate.rootCause),
    "",
    d.affected(
      `${p.kind} ${p.namespace ? `${p.namespace}/` : ""}${p.name}${related ? `, ${related}` : ""}`,
    ),
    "",
    d.evidence,
  ];
  for (const e of [...candidate.evidence, ...kubectlEvidence(view.steps, scopeOf(candidate))].slice(
    0,
    6,
  )) {
    const first = e.excerpt.split("\n").slice(0, 3).join(" | ");
    lines.push(`- (${e.source}${e.command ? `, \`${e.command}\`` : ""}) ${quote(first)}`);
  }
  if (candidate.fixes.length > 0) {
    lines.push("", d.fixesSafestFirst);
    candidate.fixes.forEach((f, i) => {
      lines.push(
        `${i + 1}. ${d.fixLine(f.title, f.command || undefined, f.risk, f.requiresApproval)}`,
      );
    });
  }
  const others = (result.candidates ?? []).filter((c) => c !== candidate).slice(0, 8);
  if (others.length > 0) {
    lines.push("", d.otherProblems);
    for (const c of others) {
      const o = c.primary;
      lines.push(
        `- (${c.category}, ${c.severity}) ${o.kind} ${o.namespace ? `${o.namespace}/` : ""}${o.name}: ${c.summary}`,
      );
    }
  }
  if (notes.length > 0) lines.push("", d.failedCalls, ...notes);
  return lines.join("\n");
}

/**
 * The user's reason for rejecting the step's change, on one line and bounded, for the answer
 * to name it back (it is the user's own text, quoted as given, never translated).
 */
export function reasonOf(step: ToolStep): string | undefined {
  const r = step.artifact?.rejectionReason?.replace(/\s+/g, " ").replace(/`/g, "'").trim();
  if (r === undefined || r === "") return undefined;
  return r.length > 200 ? `${r.slice(0, 199)}…` : r;
}
