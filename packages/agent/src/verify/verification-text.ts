import type { RootCauseCandidate, VerificationResult } from "@kubemedic/protocol";
import type { NextStep, StopWhy } from "./verify-plan";

const list = (items: readonly string[]): string => (items.length === 0 ? "none" : items.join(", "));

/** One line per outcome, for the card and the model. */
export function verificationSummary(
  outcome: VerificationResult["outcome"],
  c: { resolved: string[]; remaining: string[]; appeared: string[] },
  seconds: string,
): string {
  switch (outcome) {
    case "resolved":
      return c.resolved.length > 0
        ? `Resolved after ${seconds}: ${list(c.resolved)} no longer show a problem, and nothing new appeared.`
        : `The change took effect after ${seconds} and no problem appeared.`;
    case "improved":
      return `Improved after ${seconds}: ${list(c.resolved)} fine now; still a problem: ${list(c.remaining)}.`;
    case "unchanged":
      return `Not resolved after ${seconds}: ${list(c.remaining)} still show the same problem.`;
    case "worse":
      return `Worse after ${seconds}: a new problem appeared on ${list(c.appeared)}.`;
    case "timed_out":
      return `Timed out after ${seconds}: what the change should bring about did not settle; still a problem: ${list(c.remaining)}.`;
  }
}

/**
 * What the model reads after the change's own output: the verdict, what was watched, the
 * root causes that remain with their fixes, and what to do next.
 */
export function verificationText(
  result: VerificationResult,
  next: NextStep,
  candidates: readonly RootCauseCandidate[],
): string {
  const lines = [
    `Verification of this change: ${result.outcome.toUpperCase()}. ${result.summary}`,
    ...result.checks.map(
      (c) => `- ${c.object} ${c.waitingFor}: ${c.state}${c.detail ? ` (${c.detail})` : ""}`,
    ),
  ];
  if (result.outcome !== "resolved" && candidates.length > 0) {
    lines.push("Root causes now, best first:");
    candidates.slice(0, 3).forEach((c, i) => {
      const fixes = c.fixes
        .filter((f) => f.command !== undefined)
        .slice(0, 3)
        .map((f) => `\`kubectl ${f.command}\``);
      lines.push(
        `${i + 1}. [${c.category}] ${c.primary.kind} ${c.primary.namespace ? `${c.primary.namespace}/` : ""}${c.primary.name}: ${c.rootCause.slice(0, 300)}${fixes.length > 0 ? ` Fixes: ${fixes.join(", ")}.` : ""}`,
      );
    });
  }
  lines.push(`Next: ${nextText(next)}`);
  return lines.join("\n");
}

function nextText(next: NextStep): string {
  switch (next.kind) {
    case "done":
      return "tell the user the fix is verified.";
    case "rollback":
      return `the change made things worse: propose the rollback ${next.commands.map((c) => `\`kubectl ${c}\``).join(" and ")} (it goes through approval).`;
    case "next":
      return `fix attempt ${next.attempt} of ${next.maxAttempts} did not resolve it. Propose the next candidate fix (never one the user rejected; it goes through approval), or stop and say what is left and why.`;
    case "stop":
      return `do not propose another change: ${stopWhyText(next.why)} Say what is left and why.`;
  }
}

function stopWhyText(why: StopWhy): string {
  return why.reason === "no_undo"
    ? "the change made things worse and no command undoes it on its own; the approval card showed the previous value to restore."
    : `${why.attempts} changes were tried in this turn, the limit (limits.maxFixAttempts = ${why.maxAttempts}).`;
}
