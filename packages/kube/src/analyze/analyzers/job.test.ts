import { describe, expect, it } from "vitest";
import { readScenario } from "../../model/testing/scenarioFixture";
import { runAnalyzer, texts } from "../testing/runAnalyzer";
import { jobAnalyzer } from "./job";

describe("Job analyzer", () => {
  it("flags the failed migration (its BackoffLimitExceeded event ties with an earlier one, and the earlier wins as in k8sgpt)", async () => {
    const f = await readScenario("job-backoff-limit");
    const results = await runAnalyzer(jobAnalyzer, f.objects, { namespace: "batch" });
    expect(results.map((r) => [r.name, r.parentObject])).toEqual([["batch/db-migrate", ""]]);
    expect(texts(results)).toEqual(["Job db-migrate has failed pods and has not completed."]);
  });

  it("passes a newest BackoffLimitExceeded event through", async () => {
    const results = await runAnalyzer(jobAnalyzer, [
      { kind: "Job", metadata: { name: "m", namespace: "a" }, status: { failed: 4 } },
      {
        kind: "Event",
        metadata: { name: "e1", namespace: "a" },
        involvedObject: { kind: "Job", name: "m" },
        reason: "SuccessfulCreate",
        message: "Created pod: m-1",
        lastTimestamp: "2026-01-01T00:00:00Z",
      },
      {
        kind: "Event",
        metadata: { name: "e2", namespace: "a" },
        involvedObject: { kind: "Job", name: "m" },
        reason: "BackoffLimitExceeded",
        type: "Warning",
        message: "Job has reached the specified backoff limit",
        lastTimestamp: "2026-01-01T00:05:00Z",
      },
    ]);
    expect(texts(results)).toEqual(["Job has reached the specified backoff limit"]);
  });

  it("flags suspended Jobs and failed ones without an event, but not Jobs that completed after a failure", async () => {
    const results = await runAnalyzer(jobAnalyzer, [
      { kind: "Job", metadata: { name: "held", namespace: "a" }, spec: { suspend: true } },
      { kind: "Job", metadata: { name: "broken", namespace: "a" }, status: { failed: 2 } },
      {
        kind: "Job",
        metadata: { name: "retried", namespace: "a" },
        status: { failed: 1, succeeded: 1, conditions: [{ type: "Complete", status: "True" }] },
      },
    ]);
    expect(texts(results)).toEqual([
      "Job held is suspended: it starts no pods until it is resumed.",
      "Job broken has failed pods and has not completed.",
    ]);
  });
});
