import { builtinScenarioDir, builtinScenarioNames, loadScenario } from "@kubemedic/demo-cluster";
import { describe, expect, it } from "vitest";
import { readLogSignals } from "./logSignals";

/**
 * Issue #13's done-means: at least three built-ins whose crashed container's
 * last log line misleads — a footer, shutdown records, a supervisor's exit —
 * while an earlier line holds the cause, and the cause line read from the log
 * states a fact the diagnosis must mention.
 */
describe("built-in scenarios whose last log line misleads", () => {
  it("there are at least three, and the decisive line found in each names an expected mention", async () => {
    const found: string[] = [];
    for (const name of builtinScenarioNames()) {
      const scenario = await loadScenario(builtinScenarioDir(name));
      const mentions = (scenario.expect.mentions ?? []).map((m) => m.toLowerCase());
      for (const log of scenario.logs.filter((l) => l.previous)) {
        const lines = log.text.split("\n").filter((l) => l.trim() !== "");
        const last = (lines.at(-1) ?? "").toLowerCase();
        const cause = readLogSignals(log.text).cause?.toLowerCase();
        if (cause === undefined || cause === last) continue;
        if (mentions.some((m) => last.includes(m))) continue;
        if (mentions.some((m) => cause.includes(m))) {
          found.push(name);
          break;
        }
      }
    }
    expect(found).toEqual(
      expect.arrayContaining([
        "configmap-wrong-cache-host",
        "configmap-wrong-db-host",
        "configmap-wrong-db-port",
      ]),
    );
    expect(found.length).toBeGreaterThanOrEqual(3);
  });
});
