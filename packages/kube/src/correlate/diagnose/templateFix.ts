import type { ReplicaSet } from "../../model/objects";
import { formatEqualityMap } from "../../model/labelSelector";
import type { CandidateFix, Draft } from "../Candidate";
import { cmd } from "../commands";
import { supportsRolloutRestart, templateEditable, type Workload } from "../workloads";

/** Which pods a template change reaches, for the kinds where a rollout does not replace them all. */
function reach(kind: string): string {
  switch (kind) {
    case "CronJob":
      return " Only the Jobs the CronJob starts from now on get the change: a Job it has already started keeps its old pod template.";
    case "ReplicaSet":
      return " A ReplicaSet gives a new template only to the pods it creates from now on: delete its current pods to have them replaced.";
    default:
      return "";
  }
}

/**
 * Adds a fix that changes the workload's pod template (a patch, `set image`,
 * `set env`, `set resources`) where the API accepts one, saying which pods it
 * reaches. For a Job it adds, once, how to change it instead: the API refuses
 * any change to the pod template of an existing Job. A bare pod gets nothing
 * (its spec is immutable too, and nothing would recreate it).
 */
export function addTemplateFix(draft: Draft, w: Workload, fix: CandidateFix): void {
  if (templateEditable(w.kind)) {
    draft.fixes.push({ ...fix, rationale: fix.rationale + reach(w.kind) });
    return;
  }
  if (w.kind !== "Job") return;
  const title = `Recreate Job ${w.name} with a corrected pod template`;
  if (draft.fixes.some((f) => f.title === title)) return;
  const want = fix.title.charAt(0).toLowerCase() + fix.title.slice(1);
  draft.fixes.push({
    title,
    rationale: `The API refuses changes to the pod template of an existing Job, so it cannot be changed in place. To ${want}, correct the manifest the Job is created from, then delete the Job and create it again.`,
    command: cmd.get("job", w.name, w.namespace, "yaml"),
    risk: "read-only",
    requiresApproval: false,
  });
}

/**
 * The command that replaces a workload's running pods so they start again
 * with what changed around them (a ConfigMap, a Secret): `rollout restart`
 * for the kinds that support it, deleting the pods of a bare ReplicaSet (it
 * creates new ones). Undefined for a Job or CronJob (their pods are retried,
 * or the next run starts new ones) and for a bare pod (deleted, it is gone).
 */
export function restartCommand(w: Workload): string | undefined {
  if (supportsRolloutRestart(w.kind)) return cmd.rolloutRestart(w.kind, w.name, w.namespace);
  if (w.kind !== "ReplicaSet") return undefined;
  const rs: ReplicaSet | undefined = w.object;
  const selector = rs?.spec?.selector;
  if (selector == null || (selector.matchExpressions ?? []).length > 0) return undefined;
  const labels = formatEqualityMap(selector.matchLabels);
  return labels === "" ? undefined : cmd.deletePods(w.namespace, labels);
}
