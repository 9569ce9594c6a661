import { describe, expect, it } from "vitest";
import { scenarioVariant, type EditableObject } from "../../model/testing/scenarioVariant";
import { refKey } from "../Candidate";
import { correlateSnapshot } from "../correlateSnapshot";

async function top(scenario: string, ns: string, edit?: (objects: EditableObject[]) => void) {
  const { snapshot } = await scenarioVariant(scenario, edit === undefined ? {} : { edit });
  const [first] = await correlateSnapshot(snapshot, { namespace: ns });
  return first!;
}

describe("the source of a bad value", () => {
  it("a host read from a ConfigMap (envFrom): the ConfigMap is the root cause, key named; the fix edits it then restarts", async () => {
    const c = await top("configmap-wrong-db-host", "invoicing");
    expect(refKey(c.primary)).toBe("ConfigMap/invoicing/invoice-worker-config");
    expect(c.related.map(refKey)).toContain("Deployment/invoicing/invoice-worker");
    expect(c.rootCause).toContain("key DB_HOST of ConfigMap invoicing/invoice-worker-config");
    expect(c.fixes.slice(0, 2).map((f) => [f.command, f.role ?? "fix"])).toEqual([
      [
        `patch configmap invoice-worker-config -n invoicing --type=merge -p '{"data":{"DB_HOST":"postgres"}}'`,
        "fix",
      ],
      ["rollout restart deployment/invoice-worker -n invoicing", "follow-up"],
    ]);
  });

  it("a configMapKeyRef with host:port keeps the port", async () => {
    const c = await top("configmap-wrong-cache-host", "recommend");
    expect(refKey(c.primary)).toBe("ConfigMap/recommend/recommender-config");
    expect(c.fixes[0]?.command).toContain(`{"data":{"REDIS_ADDR":"redis:6379"}}`);
  });

  it("the same host as a literal env value: the Deployment stays the root cause", async () => {
    const literal = (objects: EditableObject[]): void => {
      for (const o of objects) {
        const spec = (o as { spec?: { template?: { spec?: unknown } } }).spec;
        const podSpec = (o.kind === "Pod" ? spec : spec?.template?.spec) as
          { containers?: { env?: unknown[]; envFrom?: unknown[] }[] } | undefined;
        for (const c of podSpec?.containers ?? []) {
          delete c.envFrom;
          c.env = [{ name: "DB_HOST", value: "postgres-primary" }];
        }
      }
    };
    const c = await top("configmap-wrong-db-host", "invoicing", literal);
    expect(refKey(c.primary)).toBe("Deployment/invoicing/invoice-worker");
    expect(c.fixes.some((f) => f.command?.startsWith("patch configmap"))).toBe(false);
  });
});
