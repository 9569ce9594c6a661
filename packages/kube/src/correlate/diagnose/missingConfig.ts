import type { Pod } from "../../model/objects";
import { addRelated, ref, type Draft } from "../Candidate";
import { cmd } from "../commands";
import { parseMissingConfig } from "../configReference";
import type { CorrelationContext } from "../CorrelationContext";
import { eventsEvidence, podEvidence } from "../evidence";
import type { PodProblem } from "../podProblem";
import type { Workload } from "../workloads";
import { describeWorkload, workloadDraft } from "./baseDraft";
import { referencePatch, revisionWithout } from "./configReferenceFix";
import { restartCommand } from "./templateFix";
import { similarKeys, similarNames } from "../similarNames";

/**
 * CreateContainerConfigError, or a volume that cannot mount: which ConfigMap
 * or Secret (and which key) the container needs, and whether it exists.
 */
export function diagnoseMissingConfig(
  ctx: CorrelationContext,
  pod: Pod,
  problem: PodProblem,
  w: Workload,
  message: string,
  container: string | undefined,
): Draft | undefined {
  const missing = parseMissingConfig(message);
  if (missing === undefined) return undefined;
  const ns = missing.namespace ?? pod.metadata?.namespace ?? "";
  const key = missing.kind === "Secret" ? "secrets" : "configmaps";
  const object = ctx.snapshot.get(key, ns, missing.name);
  const existingKeys = Object.keys(object?.data ?? {});
  const what =
    missing.key === undefined
      ? `${missing.kind} ${ns}/${missing.name} does not exist`
      : object === undefined
        ? `${missing.kind} ${ns}/${missing.name} does not exist (key ${missing.key} is needed)`
        : `${missing.kind} ${ns}/${missing.name} has no key ${missing.key}${existingKeys.length > 0 ? ` (it has: ${existingKeys.join(", ")})` : ""}`;
  const draft = workloadDraft(
    w,
    pod,
    problem,
    "MissingConfig",
    0.95,
    `${describeWorkload(w)} cannot start: ${what}.`,
    `${container === undefined ? "A volume" : `Container ${container}`} of ${describeWorkload(w)} references ${missing.kind} ${missing.name}${missing.key === undefined ? "" : ` key ${missing.key}`}, but ${what}, so the kubelet cannot ${container === undefined ? "mount it" : "create the container"}.`,
  );
  addRelated(
    draft,
    ref(
      missing.kind,
      ns,
      missing.name,
      object === undefined ? "not found" : `missing key ${missing.key ?? ""}`,
    ),
  );
  if (container !== undefined) draft.evidence.push(podEvidence(pod, container));
  const ev = eventsEvidence(ctx, pod.metadata?.namespace, pod.metadata?.name ?? "");
  if (ev !== undefined) draft.evidence.push(ev);
  draft.evidence.push({
    source: "kubectl",
    command: cmd.get(missing.kind.toLowerCase(), missing.name, ns),
    excerpt:
      object === undefined
        ? `Error from server (NotFound): ${missing.kind === "Secret" ? "secrets" : "configmaps"} "${missing.name}" not found`
        : `${missing.kind} ${ns}/${missing.name} keys: ${existingKeys.join(", ") || "(none)"}`,
  });
  draft.fixes.push(
    ...completeFixes(ctx, w, missing.kind, ns, missing.name, missing.key, object?.data ?? {}),
  );
  const placeholder = missing.key === undefined ? "KEY=<value>" : `${missing.key}=<value>`;
  if (object === undefined)
    draft.fixes.push({
      title: `Create ${missing.kind} ${missing.name}`,
      rationale: `The pod template needs it; create it with the values the application expects${missing.kind === "Secret" ? " (the values never pass through kubemedic)" : ""}.`,
      command:
        missing.kind === "Secret"
          ? `create secret generic ${missing.name} -n ${ns} --from-literal=${placeholder}`
          : `create configmap ${missing.name} -n ${ns} --from-literal=${placeholder}`,
      risk: "medium",
      requiresApproval: true,
    });
  else if (missing.key !== undefined)
    draft.fixes.push({
      title: `Add key ${missing.key} to ${missing.kind} ${missing.name}`,
      rationale: `The container reads ${missing.key} from it; adding the key lets the kubelet create the container.`,
      command:
        missing.kind === "Secret"
          ? `patch secret ${missing.name} -n ${ns} -p '{"stringData":{"${missing.key}":"<value>"}}'`
          : `patch configmap ${missing.name} -n ${ns} -p '{"data":{"${missing.key}":"<value>"}}'`,
      risk: "medium",
      requiresApproval: true,
    });
  const back = revisionWithout(ctx, w, missing.kind, missing.name, missing.key);
  if (back !== undefined)
    draft.fixes.push({
      title: `Roll back to revision ${back}, which does not need it`,
      rationale: `Revision ${back} of ${describeWorkload(w)} does not read ${missing.key === undefined ? `${missing.kind} ${missing.name}` : `key ${missing.key}`}: rolling back restores service until the value is provided.`,
      command: `${cmd.rolloutUndo(w.kind, w.name, w.namespace)} --to-revision=${back}`,
      risk: "medium",
      requiresApproval: true,
    });
  // Without a restart command (a Job, a CronJob, a bare pod) the kubelet's own retries are the way.
  const restart = restartCommand(w);
  if (restart !== undefined)
    draft.fixes.push({
      title: "Restart the pods once it exists",
      rationale: "Pods retry on their own, but a restart makes the change take effect at once.",
      command: restart,
      risk: "low",
      requiresApproval: true,
      role: "follow-up",
    });
  return draft;
}

/**
 * Fixes that need no value from the user, when the namespace shows what was
 * meant: the reference names an object that does not exist and one with a
 * close name does (and has the key) — point the reference there; or the
 * object lacks the key and has one with a close name — a ConfigMap gets the
 * key with that value (ConfigMap values are not secret), a Secret's
 * reference is pointed at the existing key (its value is never printed).
 */
function completeFixes(
  ctx: CorrelationContext,
  w: Workload,
  kind: "ConfigMap" | "Secret",
  ns: string,
  name: string,
  key: string | undefined,
  data: Record<string, string>,
): Draft["fixes"] {
  const plural = kind === "Secret" ? "secrets" : "configmaps";
  const exists = ctx.snapshot.get(plural, ns, name) !== undefined;
  if (!exists) {
    const others = ctx.snapshot
      .list(plural, ns)
      .filter((o) => key === undefined || key in (o.data ?? {}));
    const near = similarNames(
      name,
      others.map((o) => o.metadata?.name ?? ""),
    )[0];
    if (near === undefined) return [];
    const ops = referencePatch(w, kind, name, key, { name: near });
    if (ops.length === 0) return [];
    return [
      {
        title: `Point ${describeWorkload(w)} at ${kind} ${near}`,
        rationale: `${kind} ${name} does not exist in ${ns}, and ${kind} ${near}${key === undefined ? "" : ` (which has key ${key})`} does: the reference looks misspelt. Changing the pod template starts a rollout.`,
        command: cmd.patch(w.kind, w.name, w.namespace, ops, "json"),
        risk: "medium",
        requiresApproval: true,
      },
    ];
  }
  if (key === undefined) return [];
  const near = similarKeys(key, Object.keys(data))[0];
  if (near === undefined) return [];
  if (kind === "ConfigMap")
    return [
      {
        title: `Add key ${key} to ConfigMap ${name} with the value of ${near}`,
        rationale: `ConfigMap ${name} has ${near} but not ${key}, which the container reads: the key looks renamed. Adding ${key} with the same value lets the kubelet create the container (it retries on its own).`,
        command: cmd.patch("configmap", name, ns, { data: { [key]: data[near] ?? "" } }, "merge"),
        risk: "medium",
        requiresApproval: true,
      },
    ];
  const ops = referencePatch(w, kind, name, key, { key: near });
  if (ops.length === 0) return [];
  return [
    {
      title: `Read key ${near} of Secret ${name} instead of ${key}`,
      rationale: `Secret ${name} has ${near} but not ${key}: the key looks renamed. Pointing the reference at ${near} needs no secret value to be written. Changing the pod template starts a rollout.`,
      command: cmd.patch(w.kind, w.name, w.namespace, ops, "json"),
      risk: "medium",
      requiresApproval: true,
    },
  ];
}
