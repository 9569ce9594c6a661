import { objectOf, type EditableObject } from "./scenarioVariant";

/** The Job that owns the moved pods: a run of the CronJob, or a Job of the Deployment's name. */
function jobNameFor(deployment: string, owner: "Job" | "CronJob"): string {
  return owner === "CronJob" ? `${deployment}-29384460` : deployment;
}

/**
 * Test helper: puts a scenario Deployment's pods under a Job instead — a
 * bare Job, or one a CronJob started — the way the Job controller owns its
 * pods, so a test can show what a diagnosis proposes for those kinds. The
 * Deployment and its ReplicaSets are replaced by the CronJob (of the
 * Deployment's name) and the Job, with the Deployment's pod template; the
 * pods keep their spec and status, the Job counts them as active, and the
 * ReplicaSets' events (a FailedCreate) become the Job's.
 */
export function moveUnderJob(
  objects: EditableObject[],
  deployment: string,
  owner: "Job" | "CronJob",
): void {
  const d = objectOf(objects, "Deployment", deployment);
  const namespace = d.metadata.namespace;
  const template = (d.spec as { template: unknown }).template;
  const ownedBy = (o: EditableObject, kind: string, names: ReadonlySet<string>) =>
    ((o.metadata.ownerReferences ?? []) as { kind: string; name: string }[]).some(
      (r) => r.kind === kind && names.has(r.name),
    );
  const sets = new Set(
    objects
      .filter((o) => o.kind === "ReplicaSet" && ownedBy(o, "Deployment", new Set([deployment])))
      .map((o) => o.metadata.name),
  );
  const pods = objects.filter((o) => o.kind === "Pod" && ownedBy(o, "ReplicaSet", sets));
  const job = jobNameFor(deployment, owner);
  for (const pod of pods) {
    pod.metadata.ownerReferences = [
      { apiVersion: "batch/v1", kind: "Job", name: job, controller: true },
    ];
    pod.metadata.labels = {
      ...(pod.metadata.labels as Record<string, string> | undefined),
      "batch.kubernetes.io/job-name": job,
    };
  }
  for (const event of objects.filter((o) => o.kind === "Event")) {
    const involved = event["involvedObject"] as { kind?: string; name?: string } | undefined;
    if (involved?.kind === "ReplicaSet" && sets.has(involved.name ?? ""))
      event["involvedObject"] = { apiVersion: "batch/v1", kind: "Job", name: job, namespace };
  }
  const keep = objects.filter(
    (o) => o !== d && !(o.kind === "ReplicaSet" && sets.has(o.metadata.name)),
  );
  objects.splice(0, objects.length, ...keep);
  objects.push({
    apiVersion: "batch/v1",
    kind: "Job",
    metadata: {
      name: job,
      namespace,
      ...(owner === "CronJob"
        ? {
            ownerReferences: [
              { apiVersion: "batch/v1", kind: "CronJob", name: deployment, controller: true },
            ],
          }
        : {}),
    },
    spec: { backoffLimit: 6, template },
    status: { active: pods.length },
  });
  if (owner === "CronJob")
    objects.push({
      apiVersion: "batch/v1",
      kind: "CronJob",
      metadata: { name: deployment, namespace },
      spec: { schedule: "0 * * * *", jobTemplate: { spec: { template } } },
    });
}
