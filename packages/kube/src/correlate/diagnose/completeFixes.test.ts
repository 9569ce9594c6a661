import { describe, expect, it } from "vitest";
import { scenarioVariant, type EditableObject } from "../../model/testing/scenarioVariant";
import type { RootCauseCandidate } from "@kubemedic/protocol";
import { correlateSnapshot } from "../correlateSnapshot";

type Fix = RootCauseCandidate["fixes"][number];

async function top(
  scenario: string,
  namespace: string,
  edit?: (objects: EditableObject[]) => void,
): Promise<RootCauseCandidate> {
  const { snapshot } = await scenarioVariant(scenario, edit === undefined ? {} : { edit });
  const [first] = await correlateSnapshot(snapshot, { namespace });
  expect(first).toBeDefined();
  return first!;
}

/** The fix the offline diagnostician would propose: the first complete one whose role is fix. */
function proposed(c: RootCauseCandidate): Fix | undefined {
  return c.fixes.find(
    (f) =>
      f.requiresApproval &&
      f.command !== undefined &&
      !/<[^<>\s]+>/.test(f.command) &&
      (f.role ?? "fix") === "fix",
  );
}

describe("complete fixes: what the namespace shows was meant needs no value from the user", () => {
  it("a renamed ConfigMap key: the key is added with the old key's value", async () => {
    const fix = proposed(await top("configmap-missing-key", "inventory"));
    expect(fix?.command).toBe(
      `patch configmap inventory-config -n inventory --type=merge -p '{"data":{"SYNC_INTERVAL_SECONDS":"300"}}'`,
    );
  });

  it("the same with other names: the rule reads the reference, not the scenario", async () => {
    const rename = (objects: EditableObject[]): void => {
      for (const o of objects) {
        const text = JSON.stringify(o)
          .replaceAll("SYNC_INTERVAL_SECONDS", "POLL_EVERY_SECS")
          .replaceAll('"SYNC_INTERVAL"', '"POLL_EVERY"');
        Object.assign(o, JSON.parse(text));
      }
    };
    const fix = proposed(await top("configmap-missing-key", "inventory", rename));
    expect(fix?.command).toContain(`'{"data":{"POLL_EVERY_SECS":"300"}}'`);
  });

  it("a misspelt Secret name: the reference is pointed at the close name that exists", async () => {
    const fix = proposed(await top("missing-secret", "billing"));
    expect(fix?.title).toBe("Point Deployment billing/invoice-api at Secret invoice-db-creds");
    expect(fix?.command).toMatch(/^patch deployment invoice-api -n billing --type=json -p '\[/);
    expect(fix?.command).toContain('"value":"invoice-db-creds"');
    expect(fix?.command).not.toContain("invoice-db-credentials");
  });

  it("no close name: no complete fix, only the placeholder that needs the user's value", async () => {
    const drop = (objects: EditableObject[]): void => {
      for (const o of objects)
        if (o.kind === "Secret" && o.metadata.name === "invoice-db-creds")
          o.metadata.name = "payments-token";
    };
    const c = await top("missing-secret", "billing", drop);
    expect(proposed(c)).toBeUndefined();
    expect(c.fixes.some((f) => f.command?.includes("<value>"))).toBe(true);
  });

  it("a variable whose key sits unreferenced in one Secret: read from it, no value printed", async () => {
    const fix = proposed(await top("crashloop-missing-env", "shop"));
    expect(fix?.command).toContain('"secretKeyRef":{"name":"checkout-db","key":"DATABASE_URL"}');
    expect(fix?.command).not.toMatch(/postgres:\/\//);
  });

  it("an exhausted quota: raised by one pod's request per replica", async () => {
    const fix = proposed(await top("quota-exceeded", "team-a"));
    expect(fix?.command).toBe(
      `patch resourcequota compute-quota -n team-a --type=merge -p '{"spec":{"hard":{"limits.cpu":"7"}}}'`,
    );
  });

  it("a dead node: cordon and drain are mitigations, never the fix", async () => {
    const c = await top("node-notready", "iot");
    expect(proposed(c)).toBeUndefined();
    expect(c.fixes.filter((f) => f.command?.startsWith("cordon "))[0]?.role).toBe("mitigation");
  });

  it("a restart once the value exists is a follow-up", async () => {
    const c = await top("missing-secret", "billing");
    expect(c.fixes.find((f) => f.command?.startsWith("rollout restart"))?.role).toBe("follow-up");
  });
});
