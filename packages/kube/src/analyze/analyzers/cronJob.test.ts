import { describe, expect, it } from "vitest";
import { runAnalyzer, texts } from "../testing/runAnalyzer";
import { cronJobAnalyzer } from "./cronJob";

const cj = (name: string, spec: object) => ({
  kind: "CronJob",
  metadata: { name, namespace: "a" },
  spec,
});

describe("CronJob analyzer", () => {
  it("reports suspension alone, invalid schedules and negative deadlines", async () => {
    const results = await runAnalyzer(cronJobAnalyzer, [
      cj("paused", { suspend: true, schedule: "nonsense" }),
      cj("typo", { schedule: "*/5 * * *" }),
      cj("late", { schedule: "@hourly", startingDeadlineSeconds: -5 }),
      cj("fine", { schedule: "CRON_TZ=Europe/Paris 0 3 * * mon-fri" }),
    ]);
    expect(results.map((r) => r.name)).toEqual(["a/paused", "a/typo", "a/late"]);
    expect(texts(results)).toEqual([
      "CronJob paused is suspended: no new Jobs are scheduled.",
      'CronJob typo has an invalid schedule: expected 5 fields (minute hour day-of-month month day-of-week), found 4: "*/5 * * *".',
      "CronJob late has a negative startingDeadlineSeconds (-5), so no run can start.",
    ]);
  });
});
