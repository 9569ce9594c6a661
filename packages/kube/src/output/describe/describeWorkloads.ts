import { describeEvents } from "./describeEvents";
import { DescribeWriter } from "./describeWriter";
import {
  describeSelector,
  formatSelectorMap,
  int,
  intOrString,
  list,
  rec,
  rfc1123z,
  str,
} from "./format";
import { describePodTemplate } from "./podTemplate";
import { humanDuration } from "../../model/humanDuration";

type Rec = Record<string, unknown>;

/** Running / Waiting / Succeeded / Failed counts of the pods a controller owns. */
export interface PodCounts {
  running: number;
  waiting: number;
  succeeded: number;
  failed: number;
}

export function countPods(pods: Rec[], ownerUid: unknown): PodCounts {
  const counts = { running: 0, waiting: 0, succeeded: 0, failed: 0 };
  for (const pod of pods) {
    const owned = list(rec(pod.metadata).ownerReferences).some(
      (r) => r.controller === true && r.uid === ownerUid,
    );
    if (!owned) continue;
    switch (rec(pod.status).phase) {
      case "Running":
        counts.running++;
        break;
      case "Pending":
        counts.waiting++;
        break;
      case "Succeeded":
        counts.succeeded++;
        break;
      case "Failed":
        counts.failed++;
        break;
      default:
        break;
    }
  }
  return counts;
}

const podsStatus = (c: PodCounts): string =>
  `${c.running} Running / ${c.waiting} Waiting / ${c.succeeded} Succeeded / ${c.failed} Failed`;

function controller(meta: Rec): string | undefined {
  const ref = list(meta.ownerReferences).find((r) => r.controller === true);
  return ref ? `${str(ref.kind)}/${str(ref.name)}` : undefined;
}

/** `kubectl describe statefulset`. */
export function describeStatefulSet(
  s: Rec,
  pods: PodCounts,
  events: Rec[] | undefined,
  now: number,
): string {
  const w = new DescribeWriter();
  const meta = rec(s.metadata);
  const spec = rec(s.spec);
  w.write(0, `Name:\t${str(meta.name)}\n`);
  w.write(0, `Namespace:\t${str(meta.namespace)}\n`);
  w.write(0, `CreationTimestamp:\t${rfc1123z(meta.creationTimestamp)}\n`);
  w.write(0, `Selector:\t${describeSelector(spec.selector)}\n`);
  w.labels("Labels", meta.labels);
  w.annotations("Annotations", meta.annotations);
  w.write(
    0,
    `Replicas:\t${typeof spec.replicas === "number" ? spec.replicas : 1} desired | ${int(rec(s.status).replicas)} total\n`,
  );
  const strategy = rec(spec.updateStrategy);
  w.write(0, `Update Strategy:\t${str(strategy.type)}\n`);
  if (strategy.rollingUpdate !== undefined) {
    const ru = rec(strategy.rollingUpdate);
    if (typeof ru.partition === "number") w.write(1, `Partition:\t${ru.partition}\n`);
    if (ru.maxUnavailable !== undefined)
      w.write(1, `MaxUnavailable:\t${intOrString(ru.maxUnavailable)}\n`);
  }
  w.write(0, `Pods Status:\t${podsStatus(pods)}\n`);
  describePodTemplate(w, rec(spec.template));
  const claims = list(spec.volumeClaimTemplates);
  if (claims.length === 0) w.write(0, "Volume Claims:\t<none>\n");
  else {
    w.write(0, "Volume Claims:\n");
    for (const pvc of claims) {
      const pmeta = rec(pvc.metadata);
      const pspec = rec(pvc.spec);
      w.write(1, `Name:\t${str(pmeta.name)}\n`);
      w.write(1, `StorageClass:\t${str(pspec.storageClassName)}\n`);
      for (const [title, map] of [
        ["Labels", pmeta.labels],
        ["Annotations", pmeta.annotations],
      ] as const) {
        const entries = Object.entries(rec(map)).sort(([a], [b]) => (a < b ? -1 : 1));
        w.write(1, `${title}:\t${entries.length === 0 ? "<none>\n" : ""}`);
        entries.forEach(([k, v], i) => {
          if (i !== 0) w.write(1, "\t");
          w.append(`${k}=${str(v)}\n`);
        });
      }
      const storage = str(rec(rec(pspec.resources).requests).storage);
      w.write(1, `Capacity:\t${storage || "<default>"}\n`);
      w.write(
        1,
        `Access Modes:\t[${(Array.isArray(pspec.accessModes) ? pspec.accessModes.map(str) : []).join(" ")}]\n`,
      );
    }
  }
  describeEvents(w, events, now);
  return w.toString();
}

/** `kubectl describe replicaset`. */
export function describeReplicaSet(
  rs: Rec,
  pods: PodCounts,
  events: Rec[] | undefined,
  now: number,
): string {
  const w = new DescribeWriter();
  const meta = rec(rs.metadata);
  const spec = rec(rs.spec);
  w.write(0, `Name:\t${str(meta.name)}\n`);
  w.write(0, `Namespace:\t${str(meta.namespace)}\n`);
  w.write(0, `Selector:\t${describeSelector(spec.selector)}\n`);
  w.labels("Labels", meta.labels);
  w.annotations("Annotations", meta.annotations);
  const owner = controller(meta);
  if (owner) w.write(0, `Controlled By:\t${owner}\n`);
  w.write(
    0,
    `Replicas:\t${int(rec(rs.status).replicas)} current / ${typeof spec.replicas === "number" ? spec.replicas : 1} desired\n`,
  );
  w.write(0, `Pods Status:\t${podsStatus(pods)}\n`);
  describePodTemplate(w, rec(spec.template));
  const conditions = list(rec(rs.status).conditions);
  if (conditions.length > 0) {
    w.write(0, "Conditions:\n  Type\tStatus\tReason\n");
    w.write(1, "----\t------\t------\n");
    for (const c of conditions) w.write(1, `${str(c.type)} \t${str(c.status)}\t${str(c.reason)}\n`);
  }
  describeEvents(w, events, now);
  return w.toString();
}

/** `kubectl describe daemonset` (kubectl prints no Namespace line here). */
export function describeDaemonSet(
  ds: Rec,
  pods: PodCounts,
  events: Rec[] | undefined,
  now: number,
): string {
  const w = new DescribeWriter();
  const meta = rec(ds.metadata);
  const spec = rec(ds.spec);
  const status = rec(ds.status);
  w.write(0, `Name:\t${str(meta.name)}\n`);
  w.write(0, `Selector:\t${describeSelector(spec.selector)}\n`);
  w.write(0, `Node-Selector:\t${formatSelectorMap(rec(rec(spec.template).spec).nodeSelector)}\n`);
  w.labels("Labels", meta.labels);
  w.annotations("Annotations", meta.annotations);
  w.write(0, `Desired Number of Nodes Scheduled: ${int(status.desiredNumberScheduled)}\n`);
  w.write(0, `Current Number of Nodes Scheduled: ${int(status.currentNumberScheduled)}\n`);
  w.write(
    0,
    `Number of Nodes Scheduled with Up-to-date Pods: ${int(status.updatedNumberScheduled)}\n`,
  );
  w.write(0, `Number of Nodes Scheduled with Available Pods: ${int(status.numberAvailable)}\n`);
  w.write(0, `Number of Nodes Misscheduled: ${int(status.numberMisscheduled)}\n`);
  w.write(0, `Pods Status:\t${podsStatus(pods)}\n`);
  describePodTemplate(w, rec(spec.template));
  describeEvents(w, events, now);
  return w.toString();
}

/** `kubectl describe job`. */
export function describeJob(job: Rec, events: Rec[] | undefined, now: number): string {
  const w = new DescribeWriter();
  const meta = rec(job.metadata);
  const spec = rec(job.spec);
  const status = rec(job.status);
  w.write(0, `Name:\t${str(meta.name)}\n`);
  w.write(0, `Namespace:\t${str(meta.namespace)}\n`);
  w.write(0, `Selector:\t${describeSelector(spec.selector)}\n`);
  w.labels("Labels", meta.labels);
  w.annotations("Annotations", meta.annotations);
  const owner = controller(meta);
  if (owner) w.write(0, `Controlled By:\t${owner}\n`);
  if (typeof spec.parallelism === "number") w.write(0, `Parallelism:\t${spec.parallelism}\n`);
  w.write(
    0,
    `Completions:\t${typeof spec.completions === "number" ? spec.completions : "<unset>"}\n`,
  );
  if (str(spec.completionMode)) w.write(0, `Completion Mode:\t${str(spec.completionMode)}\n`);
  if (typeof spec.suspend === "boolean") w.write(0, `Suspend:\t${spec.suspend}\n`);
  if (typeof spec.backoffLimit === "number") w.write(0, `Backoff Limit:\t${spec.backoffLimit}\n`);
  if (typeof spec.ttlSecondsAfterFinished === "number")
    w.write(0, `TTL Seconds After Finished:\t${spec.ttlSecondsAfterFinished}\n`);
  if (status.startTime !== undefined) w.write(0, `Start Time:\t${rfc1123z(status.startTime)}\n`);
  if (status.completionTime !== undefined)
    w.write(0, `Completed At:\t${rfc1123z(status.completionTime)}\n`);
  if (status.startTime !== undefined && status.completionTime !== undefined) {
    w.write(
      0,
      `Duration:\t${humanDuration(Date.parse(str(status.completionTime)) - Date.parse(str(status.startTime)))}\n`,
    );
  }
  if (typeof spec.activeDeadlineSeconds === "number")
    w.write(0, `Active Deadline Seconds:\t${spec.activeDeadlineSeconds}s\n`);
  w.write(
    0,
    typeof status.ready === "number"
      ? `Pods Statuses:\t${int(status.active)} Active (${status.ready} Ready) / ${int(status.succeeded)} Succeeded / ${int(status.failed)} Failed\n`
      : `Pods Statuses:\t${int(status.active)} Active / ${int(status.succeeded)} Succeeded / ${int(status.failed)} Failed\n`,
  );
  describePodTemplate(w, rec(spec.template));
  describeEvents(w, events, now);
  return w.toString();
}

/** `kubectl describe cronjob`. */
export function describeCronJob(cj: Rec, events: Rec[] | undefined, now: number): string {
  const w = new DescribeWriter();
  const meta = rec(cj.metadata);
  const spec = rec(cj.spec);
  const status = rec(cj.status);
  const boolPtr = (v: unknown): string =>
    typeof v === "boolean" ? (v ? "True" : "False") : "<unset>";
  w.write(0, `Name:\t${str(meta.name)}\n`);
  w.write(0, `Namespace:\t${str(meta.namespace)}\n`);
  w.labels("Labels", meta.labels);
  w.annotations("Annotations", meta.annotations);
  w.write(0, `Schedule:\t${str(spec.schedule)}\n`);
  w.write(0, `Concurrency Policy:\t${str(spec.concurrencyPolicy)}\n`);
  w.write(0, `Suspend:\t${boolPtr(spec.suspend)}\n`);
  const limit = (v: unknown): string => (typeof v === "number" ? String(v) : "<unset>");
  w.write(0, `Successful Job History Limit:\t${limit(spec.successfulJobsHistoryLimit)}\n`);
  w.write(0, `Failed Job History Limit:\t${limit(spec.failedJobsHistoryLimit)}\n`);
  w.write(
    0,
    `Starting Deadline Seconds:\t${typeof spec.startingDeadlineSeconds === "number" ? `${spec.startingDeadlineSeconds}s` : "<unset>"}\n`,
  );
  const jobSpec = rec(rec(spec.jobTemplate).spec);
  w.write(
    0,
    `Selector:\t${jobSpec.selector !== undefined ? describeSelector(jobSpec.selector) : "<unset>"}\n`,
  );
  w.write(0, `Parallelism:\t${limit(jobSpec.parallelism)}\n`);
  w.write(0, `Completions:\t${limit(jobSpec.completions)}\n`);
  if (typeof jobSpec.activeDeadlineSeconds === "number")
    w.write(0, `Active Deadline Seconds:\t${jobSpec.activeDeadlineSeconds}s\n`);
  describePodTemplate(w, rec(jobSpec.template));
  w.write(
    0,
    `Last Schedule Time:\t${status.lastScheduleTime !== undefined ? rfc1123z(status.lastScheduleTime) : "<unset>"}\n`,
  );
  const active = list(status.active).map((r) => str(r.name));
  w.write(0, `Active Jobs:\t${active.length > 0 ? active.join(", ") : "<none>"}\n`);
  describeEvents(w, events, now);
  return w.toString();
}
