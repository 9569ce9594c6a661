import { describe, expect, it } from "vitest";
import { analyzeSnapshot, correlateSnapshot } from "../src/index";
import {
  fullClusterSnapshot,
  readScenario,
  scenarioNames,
} from "../src/model/testing/scenarioFixture";

/**
 * The credential values written in the scenario Secrets (passwords, tokens,
 * keys, connection strings), base64 and decoded. Usernames are left out: they
 * are ordinary words that also name objects.
 */
async function secretValues(): Promise<string[]> {
  const values = new Set<string>();
  for (const name of scenarioNames())
    for (const o of (await readScenario(name)).objects) {
      const obj = o as {
        kind?: string;
        data?: Record<string, string>;
        stringData?: Record<string, string>;
      };
      if (obj.kind !== "Secret") continue;
      const entries = [
        ...Object.entries(obj.data ?? {}).flatMap(([k, v]) => [
          [k, v],
          [k, Buffer.from(v, "base64").toString("utf8")],
        ]),
        ...Object.entries(obj.stringData ?? {}),
      ];
      for (const [k, v] of entries)
        if (/pass|token|secret|key|url|dsn|cred|cert/i.test(k ?? "") && (v ?? "").length >= 8)
          values.add(v ?? "");
    }
  return [...values];
}

describe("no Secret value leaves analysis or correlation", () => {
  it("holds for every analyzer (Log included) and every candidate over the full built-in cluster", async () => {
    const secrets = await secretValues();
    expect(secrets.length).toBeGreaterThan(0);
    const snapshot = await fullClusterSnapshot();
    const analysis = await analyzeSnapshot(snapshot, {
      filters: [
        "Pod",
        "Deployment",
        "Service",
        "Ingress",
        "ConfigMap",
        "Job",
        "Log",
        "HorizontalPodAutoscaler",
        "NetworkPolicy",
      ],
    });
    const candidates = await correlateSnapshot(snapshot);
    const text = JSON.stringify({ analysis, candidates });
    const leaked = secrets.filter((s) => text.includes(s));
    expect(leaked).toEqual([]);
  });
});
