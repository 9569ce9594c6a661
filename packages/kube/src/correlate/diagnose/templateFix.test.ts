import { describe, expect, it } from "vitest";
import { scenarioVariant } from "../../model/testing/scenarioVariant";
import { moveUnderJob } from "../../model/testing/underJob";
import type { CandidateFix } from "../Candidate";
import { correlateSnapshot } from "../correlateSnapshot";

/** Scenarios whose fix is a `kubectl set` of the pod template, and its command for a Deployment and a CronJob. */
const CASES = [
  {
    scenario: "imagepull-bad-tag",
    workload: "payments-api",
    namespace: "payments",
    deployment:
      "set image deployment/payments-api payments-api=ghcr.io/acme/payments-api:v2.3.0 -n payments",
    // No earlier revision to go back to: the tag is a placeholder.
    cronJob: "set image cronjob/payments-api payments-api=<image:existing-tag> -n payments",
  },
  {
    scenario: "crashloop-missing-env",
    workload: "checkout",
    namespace: "shop",
    deployment: "set env deployment/checkout -c checkout 'DATABASE_URL=<value>' -n shop",
    cronJob: "set env cronjob/checkout -c checkout 'DATABASE_URL=<value>' -n shop",
  },
  {
    scenario: "oomkilled",
    workload: "report-worker",
    namespace: "analytics",
    deployment:
      "set resources deployment/report-worker -c report-worker --limits=memory=512Mi -n analytics",
    cronJob:
      "set resources cronjob/report-worker -c report-worker --limits=memory=512Mi -n analytics",
  },
] as const;

async function commandsFor(
  c: (typeof CASES)[number],
  owner?: "Job" | "CronJob",
): Promise<CandidateFix[]> {
  const { snapshot } = await scenarioVariant(
    c.scenario,
    owner === undefined ? {} : { edit: (objects) => moveUnderJob(objects, c.workload, owner) },
  );
  const [top] = await correlateSnapshot(snapshot, { namespace: c.namespace });
  return top?.fixes ?? [];
}

describe("set image / env / resources fixes, by the kind that owns the pods", () => {
  for (const c of CASES) {
    it(`${c.scenario}: a command for a Deployment and a CronJob, none for a Job`, async () => {
      const onDeployment = await commandsFor(c);
      expect(onDeployment.map((f) => f.command)).toContain(c.deployment);
      // kubectl set updates a CronJob's job template; the Jobs it already started keep theirs.
      const onCronJob = await commandsFor(c, "CronJob");
      const fix = onCronJob.find((f) => f.command === c.cronJob);
      expect(fix?.rationale).toContain(
        "Only the Jobs the CronJob starts from now on get the change",
      );
      const onJob = await commandsFor(c, "Job");
      expect(onJob.filter((f) => f.command?.startsWith("set "))).toEqual([]);
      expect(onJob.map((f) => f.command)).toContain(
        `get job ${c.workload} -n ${c.namespace} -o yaml`,
      );
    });
  }
});
