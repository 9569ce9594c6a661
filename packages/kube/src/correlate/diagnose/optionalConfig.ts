import type { Container, Pod } from "../../model/objects";
import type { ClusterSnapshot } from "../../model/snapshot/ClusterSnapshot";
import { addRelated, ref, type Draft } from "../Candidate";
import { cmd } from "../commands";
import type { CorrelationContext } from "../CorrelationContext";
import { podEvidence } from "../evidence";
import type { PodProblem } from "../podProblem";
import { podSpecJsonPath, type Workload } from "../workloads";
import { containerSpec, describeWorkload, workloadDraft } from "./baseDraft";
import { restartCommand } from "./templateFix";

/** A ConfigMap or Secret that would have set an environment variable, and is absent. */
export interface AbsentSource {
  kind: "ConfigMap" | "Secret";
  name: string;
  /** The key that was looked for; undefined for a whole envFrom source. */
  key: string | undefined;
  /** False when the object exists but lacks the key. */
  objectMissing: boolean;
  via: "envFrom" | "env";
}

/**
 * Why a variable the program reports missing is not set although the pod
 * template refers to config for it: an `optional: true` reference (an
 * `env[].valueFrom` key, or a whole `envFrom` source) whose ConfigMap or
 * Secret does not exist or lacks the key. The kubelet starts the container
 * without the variable instead of refusing with CreateContainerConfigError,
 * so the failure surfaces as a crash loop. Empty when nothing explains it.
 */
export function absentOptionalSources(
  snapshot: ClusterSnapshot,
  namespace: string,
  container: Container | undefined,
  envName: string,
): AbsentSource[] {
  if (container === undefined) return [];
  const out: AbsentSource[] = [];
  const explicit = (container.env ?? []).find((e) => e.name === envName);
  if (explicit !== undefined) {
    const ref = explicit.valueFrom?.secretKeyRef ?? explicit.valueFrom?.configMapKeyRef;
    const kind = explicit.valueFrom?.secretKeyRef != null ? "Secret" : "ConfigMap";
    if (ref?.name === undefined || ref.optional !== true) return [];
    const data = keysOf(snapshot, kind, namespace, ref.name);
    if (data === "unknown") return [];
    if (data === undefined || (ref.key !== undefined && !data.has(ref.key)))
      out.push({
        kind,
        name: ref.name,
        key: ref.key,
        objectMissing: data === undefined,
        via: "env",
      });
    return out;
  }
  for (const source of container.envFrom ?? []) {
    const ref = source.secretRef ?? source.configMapRef;
    const kind = source.secretRef != null ? "Secret" : "ConfigMap";
    if (ref?.name === undefined) continue;
    // A required source that is missing stops the kubelet instead (CreateContainerConfigError).
    if (ref.optional !== true) continue;
    const prefix = source.prefix ?? "";
    if (prefix !== "" && !envName.startsWith(prefix)) continue;
    if (keysOf(snapshot, kind, namespace, ref.name) === undefined)
      out.push({ kind, name: ref.name, key: undefined, objectMissing: true, via: "envFrom" });
  }
  return out;
}

/** The key names of a ConfigMap or Secret: undefined when it does not exist, "unknown" when its list could not be read. */
function keysOf(
  snapshot: ClusterSnapshot,
  kind: "ConfigMap" | "Secret",
  namespace: string,
  name: string,
): Set<string> | undefined | "unknown" {
  const key = kind === "Secret" ? "secrets" : "configmaps";
  if (snapshot.failures.has(key) || !snapshot.loaded.has(key)) return "unknown";
  const o =
    kind === "Secret"
      ? snapshot.get("secrets", namespace, name)
      : snapshot.get("configmaps", namespace, name);
  if (o === undefined) return undefined;
  const binary = (o as { binaryData?: Record<string, unknown> | null }).binaryData ?? {};
  return new Set([
    ...Object.keys((o as { data?: Record<string, unknown> | null }).data ?? {}),
    ...Object.keys(binary),
  ]);
}

/**
 * A crash whose log names a missing variable that an absent optional source
 * would have set: MissingConfig on the workload (its reference points at
 * nothing), the ConfigMap/Secret listed as not found, the crash as symptom.
 */
export function absentConfigDraft(
  ctx: CorrelationContext,
  pod: Pod,
  problem: PodProblem,
  w: Workload,
  container: string,
  envName: string,
  log: { command: string; decisive: string[] },
  restarts: number,
): Draft | undefined {
  const ns = pod.metadata?.namespace ?? "";
  const { container: spec, index, init } = containerSpec(w, pod, container);
  const absent = absentOptionalSources(ctx.snapshot, ns, spec, envName);
  const first = absent[0];
  if (first === undefined) return undefined;
  const what = (s: AbsentSource) =>
    s.objectMissing
      ? `${s.kind} ${ns}/${s.name} does not exist`
      : `${s.kind} ${ns}/${s.name} has no key ${s.key ?? envName}`;
  const how =
    first.via === "envFrom"
      ? `it would come from ${first.kind} ${first.name}, which the container loads with envFrom marked optional`
      : `it is read from key ${first.key ?? ""} of ${first.kind} ${first.name}, a reference marked optional`;
  const draft = workloadDraft(
    w,
    pod,
    problem,
    "MissingConfig",
    0.93,
    `${describeWorkload(w)} crash-loops because ${envName} is not set: ${what(first)}.`,
    `Container ${container} of ${describeWorkload(w)} stops at start-up because environment variable ${envName} is not set (CrashLoopBackOff, ${restarts} restarts): ${how}, and ${absent.map(what).join("; ")}. ` +
      "Because the reference is optional, the kubelet starts the container without the variable instead of refusing it, so the missing config shows up as a crash loop.",
  );
  addRelated(
    draft,
    ...absent.map((s) =>
      ref(s.kind, ns, s.name, s.objectMissing ? "not found" : `missing key ${s.key ?? envName}`),
    ),
  );
  draft.evidence.push(podEvidence(pod, container));
  if (log.decisive.length > 0)
    draft.evidence.push({ source: "logs", command: log.command, excerpt: log.decisive.join("\n") });
  draft.evidence.push({
    source: "kubectl",
    command: cmd.get(
      w.kind,
      w.name,
      w.namespace,
      `jsonpath={${podSpecJsonPath(w.kind)}.${init ? "initContainers" : "containers"}[${Math.max(0, index)}].${first.via}}`,
    ),
    excerpt: JSON.stringify(
      first.via === "envFrom"
        ? (spec?.envFrom ?? [])
        : (spec?.env ?? []).filter((e) => e.name === envName),
    ),
  });
  for (const s of absent)
    draft.evidence.push({
      source: "kubectl",
      command: cmd.get(s.kind.toLowerCase(), s.name, ns),
      excerpt: s.objectMissing
        ? `Error from server (NotFound): ${s.kind === "Secret" ? "secrets" : "configmaps"} "${s.name}" not found`
        : `${s.kind} ${ns}/${s.name} has no key ${s.key ?? envName}`,
    });
  const assignment = `${first.via === "envFrom" ? envName : (first.key ?? envName)}=<value>`;
  const restart = restartCommand(w);
  draft.fixes.push({
    title: first.objectMissing
      ? `Create ${first.kind} ${first.name} with ${envName}`
      : `Add key ${first.key ?? envName} to ${first.kind} ${first.name}`,
    rationale:
      `The application cannot start without ${envName}; once ${first.kind} ${first.name} provides it, new pods get the variable${first.kind === "Secret" ? " (the value never passes through kubemedic)" : ""}. ` +
      (restart !== undefined
        ? "Restart the workload afterwards: running containers do not reload their environment."
        : "A container reads its environment when it starts, so the crash-looping containers get it at their next restart."),
    command: first.objectMissing
      ? `create ${first.kind === "Secret" ? "secret generic" : "configmap"} ${first.name} -n ${ns} --from-literal=${assignment}`
      : // stringData is a Secret's field only: a ConfigMap takes the key under data.
        cmd.patch(first.kind.toLowerCase(), first.name, ns, {
          [first.kind === "Secret" ? "stringData" : "data"]: { [first.key ?? envName]: "<value>" },
        }),
    risk: "medium",
    requiresApproval: true,
  });
  if (restart !== undefined)
    draft.fixes.push({
      title: `Restart ${w.name} once the ${first.kind} exists`,
      rationale: "Environment variables are read when a container starts.",
      command: restart,
      risk: "low",
      requiresApproval: true,
      role: "follow-up",
    });
  return draft;
}
