import type { Pod } from "../../model/objects";
import { addRelated, ref, type Draft } from "../Candidate";
import { cmd } from "../commands";
import { configSourceHolding } from "../configSource";
import type { CorrelationContext } from "../CorrelationContext";
import type { Workload } from "../workloads";
import { describeWorkload } from "./baseDraft";
import { restartCommand } from "./templateFix";

/**
 * The source of a bad value (issue #13, item 3): when the value the evidence
 * names (a host that does not resolve, a port that refuses) is read from a
 * ConfigMap key, that ConfigMap is the object the fix has to change, so it
 * becomes the root-cause object, with the key named and the workload listed
 * as affected. With a `replacement` (the Service the value should name), the
 * fix edits the key and then restarts the workload, both proposed together:
 * env vars are read at start. Secrets never get here — their values are not
 * in the snapshot, so nothing is compared or printed. Returns whether it blamed one.
 */
export function blameConfigSource(
  ctx: CorrelationContext,
  draft: Draft,
  pod: Pod,
  w: Workload,
  container: string,
  bad: string,
  replacement: string | undefined,
): boolean {
  const source = configSourceHolding(ctx.snapshot, pod, container, bad);
  if (source?.kind !== "ConfigMap" || source.value === undefined) return false;
  const { name, namespace, key, value } = source;
  const read = source.env === undefined ? "mounted as a file" : `read as ${source.env}`;
  draft.primary = { kind: "ConfigMap", namespace, name };
  addRelated(draft, ref(w.kind, w.namespace, w.name, `reads ${key} from ConfigMap ${name}`));
  draft.summary = `ConfigMap ${namespace}/${name} key ${key} holds "${bad}", which ${describeWorkload(w)} cannot use.`;
  draft.rootCause = `${draft.rootCause} The value "${bad}" comes from key ${key} of ConfigMap ${namespace}/${name} (${read} by container ${container}): the ConfigMap is what has to change.`;
  draft.evidence.push({
    source: "kubectl",
    command: cmd.get("configmap", name, namespace, "yaml"),
    excerpt: `data:\n  ${key}: ${JSON.stringify(value)}`,
  });
  if (replacement === undefined) return true;
  const fixed = value.split(bad).join(replacement);
  const fixes: Draft["fixes"] = [
    {
      title: `Set ${key} in ConfigMap ${name} to "${fixed}"`,
      rationale: `"${bad}" does not work from ${describeWorkload(w)}; "${replacement}" does.`,
      command: cmd.patch("configmap", name, namespace, { data: { [key]: fixed } }, "merge"),
      risk: "medium",
      requiresApproval: true,
    },
  ];
  const restart = restartCommand(w);
  if (restart !== undefined && source.env !== undefined)
    fixes.push({
      title: `Restart ${w.name} so it reads the new value`,
      rationale: "Environment variables are read when a container starts.",
      command: restart,
      risk: "low",
      requiresApproval: true,
      role: "follow-up",
    });
  draft.fixes.unshift(...fixes);
  return true;
}
