import type { ClusterState } from "../server/cluster-state";
import { formatTime } from "../scenario/relative-time";
import {
  asNumber,
  asObject,
  asString,
  clone,
  type JsonObject,
  type KubeObject,
} from "../util/json";
import { deterministicUid, randomSuffix } from "../util/uid";
import { controllerRef, ownedBy } from "./owned";
import { recordEvent } from "./record-event";
import { runPod } from "./run-pod";

/**
 * A new Job runs to its end at once: pods are started one after another
 * until one succeeds (Complete) or backoffLimit+1 have failed
 * (Failed/BackoffLimitExceeded). Jobs that already have a status (scenario
 * data) are left as they are.
 */
export function reconcileJob(state: ClusterState, job: KubeObject): void {
  if (asObject(job.status).startTime !== undefined) return;
  const ns = job.metadata.namespace ?? "default";
  const spec = asObject(job.spec);
  const template = asObject(spec.template);
  const start = formatTime(Date.now());
  const limit = asNumber(spec.backoffLimit, 6);
  let failed = 0;
  let succeeded = 0;
  while (succeeded === 0 && failed <= limit) {
    const name = `${job.metadata.name}-${randomSuffix(5)}`;
    const labels = { ...(asObject(asObject(template.metadata).labels) as Record<string, string>) };
    const podSpec: JsonObject = clone(asObject(template.spec));
    if (asString(podSpec.restartPolicy) === "OnFailure") podSpec.restartPolicy = "Never";
    const pod = runPod(state, {
      apiVersion: "v1",
      kind: "Pod",
      metadata: {
        name,
        namespace: ns,
        uid: deterministicUid(`Pod/${ns}/${name}/${Date.now()}`),
        creationTimestamp: start,
        labels,
        ownerReferences: controllerRef(job),
      },
      spec: podSpec,
    });
    recordEvent(state, {
      involved: job,
      reason: "SuccessfulCreate",
      message: `Created pod: ${name}`,
      component: "job-controller",
    });
    const phase = asString(asObject(pod.status).phase);
    if (phase === "Succeeded") succeeded++;
    else if (phase === "Failed") failed++;
    else break;
  }
  const end = formatTime(Date.now());
  const status: JsonObject = {
    startTime: start,
    ready: 0,
    terminating: 0,
    uncountedTerminatedPods: {},
  };
  if (failed > 0) status.failed = failed;
  const latest = state.store.get("batch/jobs", ns, job.metadata.name) ?? job;
  if (succeeded > 0) {
    status.succeeded = succeeded;
    status.completionTime = end;
    const c = (type: string): JsonObject => ({
      type,
      status: "True",
      lastProbeTime: end,
      lastTransitionTime: end,
      reason: "CompletionsReached",
      message: "Reached expected number of succeeded pods",
    });
    status.conditions = [c("SuccessCriteriaMet"), c("Complete")];
    recordEvent(state, {
      involved: latest,
      reason: "Completed",
      message: "Job completed",
      component: "job-controller",
    });
  } else if (failed > limit) {
    const c = (type: string): JsonObject => ({
      type,
      status: "True",
      lastProbeTime: end,
      lastTransitionTime: end,
      reason: "BackoffLimitExceeded",
      message: "Job has reached the specified backoff limit",
    });
    status.conditions = [c("FailureTarget"), c("Failed")];
    recordEvent(state, {
      involved: latest,
      reason: "BackoffLimitExceeded",
      message: "Job has reached the specified backoff limit",
      type: "Warning",
      component: "job-controller",
    });
  } else {
    status.active = ownedBy(state, "/pods", job).length;
  }
  state.store.put("batch/jobs", { ...latest, status });
}
