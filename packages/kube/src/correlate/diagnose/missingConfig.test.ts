import { describe, expect, it } from "vitest";
import { scenarioVariant } from "../../model/testing/scenarioVariant";
import { moveUnderJob } from "../../model/testing/underJob";
import { refKey } from "../Candidate";
import { correlateSnapshot } from "../correlateSnapshot";

/** missing-secret: billing/invoice-api cannot create its container (CreateContainerConfigError). */
async function topFor(owner?: "Job" | "CronJob") {
  const { snapshot } = await scenarioVariant(
    "missing-secret",
    owner === undefined ? {} : { edit: (objects) => moveUnderJob(objects, "invoice-api", owner) },
  );
  const [top] = await correlateSnapshot(snapshot, { namespace: "billing" });
  expect(top?.category).toBe("MissingConfig");
  return top!;
}

describe("the restart proposed once the missing config exists", () => {
  it("Deployment: rollout restart", async () => {
    const top = await topFor();
    expect(top.fixes.find((f) => f.title === "Restart the pods once it exists")?.command).toBe(
      "rollout restart deployment/invoice-api -n billing",
    );
  });

  it("CronJob and Job: none, since kubectl cannot restart them and the kubelet retries anyway", async () => {
    for (const owner of ["CronJob", "Job"] as const) {
      const top = await topFor(owner);
      expect(refKey(top.primary)).toBe(`${owner}/billing/invoice-api`);
      expect(top.fixes.length).toBeGreaterThan(0);
      expect(top.fixes.filter((f) => f.command?.startsWith("rollout "))).toEqual([]);
      expect(top.fixes.map((f) => f.title)).not.toContain("Restart the pods once it exists");
    }
  });
});
