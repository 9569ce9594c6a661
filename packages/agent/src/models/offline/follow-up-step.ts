import type { RootCauseCandidate } from "@kubemedic/protocol";
import type { ResolvedFollowUp } from "../../conversation/resolve-follow-up";
import type { Intent } from "../../intent";
import { commandAnswer } from "./answers";
import { followUpTexts } from "./follow-up-texts";
import { offlineTexts } from "./offline-texts";
import type { Step } from "./playbook";
import { k8sgptResult, sameCommand, type TurnView } from "./turn-view";

/** What the playbook does for a follow-up: a step of its own, or one of its usual paths on a rewritten intent. */
export type FollowUpPlan = { step: Step } | { diagnose: Intent } | { afterChange: true };

/**
 * A follow-up `prepare` resolved against the conversation: run what it refers
 * to (reads), propose what it asks for (a fix or an undo, through approval),
 * say what was found or changed, investigate again, or — when nothing in the
 * conversation fits — look for problems and ask which one.
 */
export function followUpPlan(
  view: TurnView,
  f: ResolvedFollowUp,
  tools: ReadonlySet<string>,
): FollowUpPlan {
  const t = followUpTexts(view.language);
  const kubectl = view.steps.filter((s) => s.name === "kubectl");
  switch (f.kind) {
    case "read": {
      if (kubectl.length > 0) {
        const o = offlineTexts(view.language);
        return { step: { text: kubectl.map((s) => commandAnswer(s, o)).join("\n\n"), calls: [] } };
      }
      if (!tools.has("kubectl"))
        return { step: { text: offlineTexts(view.language).noKubectl, calls: [] } };
      return {
        step: {
          text: t.reading(f.commands),
          calls: f.commands.map((command) => ({
            name: "kubectl" as const,
            args: { command, reason: view.question.slice(0, 200) },
          })),
        },
      };
    }
    case "recheck":
      return {
        diagnose: {
          ...view.intent,
          kind: "diagnose",
          allNamespaces: f.namespace === undefined,
          ...(f.namespace === undefined ? {} : { namespace: f.namespace }),
          ...(f.about === undefined ? {} : { resource: f.about, keywords: [f.about.name] }),
        },
      };
    case "propose": {
      if (kubectl.length > 0) return { afterChange: true };
      const rejected = new Set(view.rejected);
      const commands = f.commands.filter((c) => !rejected.has(sameCommand(c)));
      if (commands.length === 0 || !tools.has("kubectl"))
        return { step: { text: t.changes([]), calls: [] } };
      return {
        step: {
          text:
            f.why === "undo" ? t.proposeUndo(f.title, commands) : t.proposeFix(f.title, commands),
          calls: commands.map((command) => ({
            name: "kubectl" as const,
            args: {
              command,
              ...(f.manifests?.[command] === undefined ? {} : { manifest: f.manifests[command] }),
              reason: f.why === "undo" ? t.undoReason : t.fixReason(f.title),
            },
          })),
        },
      };
    }
    case "explain":
      return { step: { text: t.explain(f.diagnosis), calls: [] } };
    case "changes":
      return { step: { text: t.changes(f.fixes), calls: [] } };
    case "recap":
      return { step: { text: t.recap(f.earlier, f.turns), calls: [] } };
    case "unresolved":
      return unresolved(view, f.what, tools);
    case "choose":
      return {
        step: {
          text:
            f.found === "several"
              ? t.several(
                  f.name,
                  f.choices.map((c) => c.label),
                )
              : t.nowhere(
                  f.name,
                  f.choices.map((c) => c.label),
                ),
          calls: [],
          clarify: { choices: f.choices },
        },
      };
  }
}

/**
 * "fix it" with no diagnosis behind it: find the problems across the cluster, then ask which
 * (the choices say it back as a question the fix path understands). Other follow-ups with
 * nothing to refer to: ask which object.
 */
function unresolved(view: TurnView, what: string, tools: ReadonlySet<string>): FollowUpPlan {
  const t = followUpTexts(view.language);
  const ask = (text: string, choices: { label: string; reply: string }[]): FollowUpPlan => ({
    step: { text, calls: [], clarify: { choices } },
  });
  if (what !== "apply-fix" && what !== "explain-fix") return ask(t.unresolved(what), []);
  const analysis = view.steps.find((s) => s.name === "k8sgpt");
  if (analysis === undefined) {
    if (!tools.has("k8sgpt")) return ask(t.unresolved(what), []);
    return {
      step: {
        text: t.findingProblems,
        calls: [{ name: "k8sgpt", args: { namespace: "*", correlate: true } }],
      },
    };
  }
  const candidates: RootCauseCandidate[] =
    k8sgptResult(analysis.artifact, view.language)?.candidates ?? [];
  if (candidates.length === 0) return { step: { text: t.nothingToFix, calls: [] } };
  const seen = new Set<string>();
  const choices = candidates.flatMap((c) => {
    const p = c.primary;
    const key = `${p.kind}/${p.namespace ?? ""}/${p.name}`;
    if (seen.has(key)) return [];
    seen.add(key);
    const where = p.namespace === undefined ? "" : ` in the ${p.namespace} namespace`;
    return [
      {
        label: `${p.kind.toLowerCase()}/${p.name}${p.namespace ? ` (${p.namespace})` : ""}: ${c.category}`,
        reply: `${what === "apply-fix" ? "fix" : "how do I fix"} ${p.kind.toLowerCase()} ${p.name}${where}`,
      },
    ];
  });
  return ask(t.whichProblem, choices.slice(0, 6));
}
