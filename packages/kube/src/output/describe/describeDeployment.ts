import { describeEvents } from "./describeEvents";
import { DescribeWriter } from "./describeWriter";
import { describeSelector, int, intOrString, list, rec, rfc1123z, str } from "./format";
import { describePodTemplate } from "./podTemplate";

type Rec = Record<string, unknown>;

/**
 * `kubectl describe deployment`. `replicaSets` are the ReplicaSets the
 * deployment owns: the new one is the one whose pod template matches, the
 * old ones are the others that still have pods.
 */
export function describeDeployment(
  d: Rec,
  replicaSets: Rec[],
  events: Rec[] | undefined,
  now: number,
): string {
  const w = new DescribeWriter();
  const meta = rec(d.metadata);
  const spec = rec(d.spec);
  const status = rec(d.status);
  w.write(0, `Name:\t${str(meta.name)}\n`);
  w.write(0, `Namespace:\t${str(meta.namespace)}\n`);
  w.write(0, `CreationTimestamp:\t${rfc1123z(meta.creationTimestamp)}\n`);
  w.labels("Labels", meta.labels);
  w.annotations("Annotations", meta.annotations);
  w.write(0, `Selector:\t${describeSelector(spec.selector)}\n`);
  const replicas = typeof spec.replicas === "number" ? spec.replicas : 1;
  w.write(
    0,
    `Replicas:\t${replicas} desired | ${int(status.updatedReplicas)} updated | ${int(status.replicas)} total | ${int(status.availableReplicas)} available | ${int(status.unavailableReplicas)} unavailable\n`,
  );
  const strategy = rec(spec.strategy);
  w.write(0, `StrategyType:\t${str(strategy.type)}\n`);
  w.write(0, `MinReadySeconds:\t${int(spec.minReadySeconds)}\n`);
  if (strategy.rollingUpdate !== undefined) {
    const ru = rec(strategy.rollingUpdate);
    w.write(
      0,
      `RollingUpdateStrategy:\t${intOrString(ru.maxUnavailable)} max unavailable, ${intOrString(ru.maxSurge)} max surge\n`,
    );
  }
  describePodTemplate(w, rec(spec.template));
  const conditions = list(status.conditions);
  if (conditions.length > 0) {
    w.write(0, "Conditions:\n  Type\tStatus\tReason\n");
    w.write(1, "----\t------\t------\n");
    for (const c of conditions) w.write(1, `${str(c.type)} \t${str(c.status)}\t${str(c.reason)}\n`);
  }
  const newRs = replicaSets.find((rs) =>
    sameTemplate(rec(rec(rs.spec).template), rec(spec.template)),
  );
  const old = replicaSets.filter((rs) => rs !== newRs);
  w.write(0, `OldReplicaSets:\t${replicaSetList(old)}\n`);
  w.write(0, `NewReplicaSet:\t${replicaSetList(newRs ? [newRs] : [])}\n`);
  describeEvents(w, events, now);
  return w.toString();
}

function replicaSetList(sets: Rec[]): string {
  if (sets.length === 0) return "<none>";
  return sets
    .map(
      (rs) =>
        `${str(rec(rs.metadata).name)} (${int(rec(rs.status).replicas)}/${int(rec(rs.spec).replicas)} replicas created)`,
    )
    .join(", ");
}

/**
 * Pod templates equal once the controller's pod-template-hash label is
 * ignored: JSON equality (key order aside), compared in place, without
 * copying either template.
 */
function sameTemplate(a: Rec, b: Rec): boolean {
  return jsonEqual(a, b, "template");
}

/** Where in the template a value sits: only the template's own labels skip the hash. */
type Level = "template" | "metadata" | "labels" | "other";

function jsonEqual(a: unknown, b: unknown, level: Level): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => jsonEqual(item, b[i], "other"));
  }
  const x = a as Rec;
  const y = b as Rec;
  const keys = (r: Rec): string[] =>
    Object.keys(r).filter(
      (k) => r[k] !== undefined && !(level === "labels" && k === "pod-template-hash"),
    );
  const kx = keys(x);
  if (kx.length !== keys(y).length) return false;
  const next = (k: string): Level =>
    level === "template" && k === "metadata"
      ? "metadata"
      : level === "metadata" && k === "labels"
        ? "labels"
        : "other";
  return kx.every((k) => Object.hasOwn(y, k) && jsonEqual(x[k], y[k], next(k)));
}
