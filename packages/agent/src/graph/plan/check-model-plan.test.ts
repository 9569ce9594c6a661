import type { RootCauseCandidate } from "@kubemedic/protocol";
import { describe, expect, it } from "vitest";
import { checkModelPlan, type ModelStep } from "./check-model-plan";

const group = (
  category: RootCauseCandidate["category"],
  kind: string,
  namespace: string,
  name: string,
): RootCauseCandidate => ({
  category,
  severity: "high",
  score: 0.9,
  primary: { kind, namespace, name },
  related: [],
  summary: `${name} is broken`,
  rootCause: `${name} is broken`,
  evidence: [],
  fixes: [],
});

const GROUPS = [
  group("Unschedulable", "Deployment", "ml-lab", "trainer"),
  group("MissingConfig", "ConfigMap", "stock", "inventory-config"),
];
const ctx = { groups: GROUPS, namespaces: new Set(["ml-lab", "stock", "default"]), maxSteps: 6 };

const step = (over: Partial<ModelStep>): ModelStep => ({
  goal: "Why does the trainer not start?",
  specialist: "scheduling",
  scope: { namespace: "ml-lab", kind: "Deployment", name: "trainer" },
  dependsOn: [],
  ...over,
});

describe("checkModelPlan", () => {
  const CONFIG_STEP = step({
    goal: "Which key does inventory-config lack?",
    specialist: "config",
    scope: { namespace: "stock", kind: "ConfigMap", name: "inventory-config" },
  });

  it("keeps a good plan as it is", () => {
    const out = checkModelPlan({ reason: "two causes", steps: [step({}), CONFIG_STEP] }, ctx);
    expect(out.plan?.reason).toBe("two causes");
    expect(out.plan?.steps).toMatchObject([
      { id: "s1", specialist: "scheduling", status: "pending", dependsOn: [] },
      { id: "s2", specialist: "config", goal: "Which key does inventory-config lack?" },
    ]);
  });

  it("adds the rules' step for a root cause no step is on, while maxSteps allows", () => {
    const out = checkModelPlan({ reason: "r", steps: [step({})] }, ctx);
    expect(out.plan?.steps[1]).toMatchObject({
      id: "s2",
      specialist: "config",
      scope: { kind: "ConfigMap", namespace: "stock", name: "inventory-config" },
      goal: "why is configmap inventory-config failing in namespace stock?",
    });
    expect(out.plan?.reason).toContain(
      "ConfigMap stock/inventory-config added: no step of the model's was on it",
    );
    const full = checkModelPlan({ reason: "r", steps: [step({})] }, { ...ctx, maxSteps: 1 });
    expect(full.plan?.steps).toHaveLength(1);
    expect(full.plan?.reason).toContain("no step on ConfigMap stock/inventory-config");
    // A step on the whole namespace covers its root causes.
    const wide = checkModelPlan(
      {
        reason: "r",
        steps: [step({}), step({ specialist: "config", scope: { namespace: "stock" } })],
      },
      ctx,
    );
    expect(wide.plan?.steps).toHaveLength(2);
  });

  it("replaces an unknown specialist by the one for the root cause on the step's object", () => {
    const out = checkModelPlan(
      {
        reason: "r",
        steps: [
          step({
            specialist: "database",
            scope: { namespace: "stock", kind: "configmap", name: "inventory-config" },
            goal: "check the config",
          }),
        ],
      },
      ctx,
    );
    expect(out.plan?.steps[0]?.specialist).toBe("config");
    expect(out.plan?.reason).toContain('step 1: no specialist "database", config instead');
    // The specialist reads only the goal: it must name the object.
    expect(out.plan?.steps[0]?.goal).toBe(
      "check the config (configmap inventory-config in namespace stock)",
    );
  });

  it("drops a step in a namespace that does not exist, or with an unknown specialist on no root cause, and renumbers dependencies", () => {
    const out = checkModelPlan(
      {
        reason: "r",
        steps: [
          step({ scope: { namespace: "nowhere", name: "x" } }),
          step({ specialist: "dba", scope: { namespace: "stock", name: "postgres" } }),
          step({}),
          step({
            specialist: "config",
            scope: { namespace: "stock", name: "inventory-config" },
            dependsOn: [1, 3, 4, 9],
          }),
        ],
      },
      ctx,
    );
    expect(out.plan?.steps.map((s) => [s.id, s.scope.name, s.dependsOn])).toEqual([
      ["s1", "trainer", []],
      ["s2", "inventory-config", ["s1"]],
    ]);
    expect(out.plan?.reason).toMatch(/step 1 dropped: namespace nowhere does not exist/);
    expect(out.plan?.reason).toMatch(/step 2 dropped: no specialist "dba"/);
  });

  it("does not check namespaces it could not list", () => {
    const out = checkModelPlan(
      { reason: "r", steps: [step({ scope: { namespace: "elsewhere" } })] },
      { ...ctx, groups: [], namespaces: undefined },
    );
    expect(out.plan?.steps).toHaveLength(1);
  });

  it("says why when no step is usable", () => {
    const out = checkModelPlan(
      { reason: "r", steps: [step({ scope: { namespace: "nowhere" } })] },
      ctx,
    );
    expect(out).toEqual({
      plan: undefined,
      why: "step 1 dropped: namespace nowhere does not exist",
    });
  });

  it("keeps at most maxSteps and says so", () => {
    const out = checkModelPlan(
      { reason: "r", steps: [step({}), CONFIG_STEP, step({})] },
      { ...ctx, maxSteps: 2 },
    );
    expect(out.plan?.steps).toHaveLength(2);
    expect(out.plan?.reason).toContain("step 3 and later left out (plan.maxSteps 2)");
  });
});
