import { describe, expect, it } from "vitest";
import { scenarioVariant } from "../../model/testing/scenarioVariant";
import { moveUnderJob } from "../../model/testing/underJob";
import { refKey } from "../Candidate";
import { correlateSnapshot } from "../correlateSnapshot";

const NAME = "liveness-kills-slow-start";
const POD = "booking-service-7b6d5f9c8d-f4q8n";

describe("a crash loop whose cause is the liveness probe (liveness-kills-slow-start)", () => {
  it("compares the probe's budget with the instance's lifetime and proposes a startupProbe", async () => {
    const { snapshot } = await scenarioVariant(NAME);
    const [top] = await correlateSnapshot(snapshot, { namespace: "reservations" });
    expect(top?.category).toBe("ProbeFailure");
    expect(top?.score).toBe(0.9);
    expect(top?.rootCause).toContain("initialDelaySeconds=10");
    expect(top?.rootCause).toContain("killed about 40 s after it starts");
    expect(top?.rootCause).toContain("The last instance ran 41 s");
    expect(top?.rootCause).toContain("Warm-up interrupted at 44%");
    const fix = top?.fixes.find((f) => f.title.includes("startupProbe"));
    expect(fix?.command).toContain('"path":"/spec/template/spec/containers/0/startupProbe"');
    expect(fix?.requiresApproval).toBe(true);
  });

  it("still blames the probe, without calling it a slow start, when the log ends in an error", async () => {
    const failing =
      "INFO Starting BookingServiceApplication\nERROR Application run failed: java.lang.IllegalStateException: cache backend down\n";
    const { snapshot } = await scenarioVariant(NAME, {
      logs: {
        [`${POD}/booking-service/previous`]: failing,
        ["booking-service-7b6d5f9c8d-x9d2k/booking-service/previous"]: failing,
      },
    });
    const [top] = await correlateSnapshot(snapshot, { namespace: "reservations" });
    expect(top?.category).toBe("ProbeFailure");
    expect(top?.score).toBe(0.8);
    expect(top?.rootCause).not.toContain("still starting");
    expect(top?.fixes.some((f) => f.title.includes("startupProbe"))).toBe(false);
  });

  it("patches a CronJob's job template, where its pods come from", async () => {
    const { snapshot } = await scenarioVariant(NAME, {
      edit: (objects) => moveUnderJob(objects, "booking-service", "CronJob"),
    });
    const [top] = await correlateSnapshot(snapshot, { namespace: "reservations" });
    expect(top?.category).toBe("ProbeFailure");
    expect(refKey(top!.primary)).toBe("CronJob/reservations/booking-service");
    const fix = top?.fixes.find((f) => f.title.includes("startupProbe"));
    expect(fix?.command).toMatch(
      /^patch cronjob booking-service -n reservations --type=json -p '\[\{"op":"add","path":"\/spec\/jobTemplate\/spec\/template\/spec\/containers\/0\/startupProbe",/,
    );
    expect(fix?.rationale).toContain("a Job it has already started keeps its old pod template");
    expect(top?.evidence.map((e) => e.command)).toContain(
      "get cronjob booking-service -n reservations -o jsonpath={.spec.jobTemplate.spec.template.spec.containers[0].livenessProbe}",
    );
  });

  it("proposes no patch for a Job, whose pod template the API refuses to change", async () => {
    const { snapshot } = await scenarioVariant(NAME, {
      edit: (objects) => moveUnderJob(objects, "booking-service", "Job"),
    });
    const [top] = await correlateSnapshot(snapshot, { namespace: "reservations" });
    expect(top?.category).toBe("ProbeFailure");
    expect(refKey(top!.primary)).toBe("Job/reservations/booking-service");
    expect(top?.fixes.filter((f) => f.command?.startsWith("patch "))).toEqual([]);
    const recreate = top?.fixes.find((f) => f.title.startsWith("Recreate Job booking-service"));
    expect(recreate).toMatchObject({
      command: "get job booking-service -n reservations -o yaml",
      risk: "read-only",
      requiresApproval: false,
    });
    expect(recreate?.rationale).toContain("To give booking-service a startupProbe,");
  });
});
