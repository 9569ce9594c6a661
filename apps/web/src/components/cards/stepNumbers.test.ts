import { describe, expect, it } from "vitest";
import type { PlanStep } from "@kubemedic/protocol";
import { stepNumbers } from "./stepNumbers";

const step = (id: string, dependsOn: string[] = []): PlanStep => ({
  id,
  goal: `goal ${id}`,
  specialist: "workload",
  scope: {},
  dependsOn,
  status: "pending",
});

describe("stepNumbers", () => {
  const steps = [step("s1"), step("s2"), step("s3r2", ["s2", "s1"])];

  it("numbers the steps a step waits for by their place in the plan, in order", () => {
    expect(stepNumbers(steps, ["s2", "s1"])).toEqual([1, 2]);
  });

  it("leaves out an id the plan no longer holds", () => {
    expect(stepNumbers(steps, ["s3", "s2"])).toEqual([2]);
  });

  it("gives nothing for a step that waits for none (it runs with the other ready steps)", () => {
    expect(stepNumbers(steps, [])).toEqual([]);
  });
});
