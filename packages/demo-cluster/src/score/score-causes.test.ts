import { describe, expect, it } from "vitest";
import { scoreCauses, type ScorableMultiReport } from "./score-causes";
import type { ScorableReport } from "./score-diagnosis";

const causes = [
  { category: "CrashLoop", resource: "Deployment/shop/checkout", mentions: ["DATABASE_URL"] },
  { category: "ImagePull", resource: "Deployment/pay/payments-api", mentions: ["v2.31"] },
];

const crash: ScorableReport = {
  category: "CrashLoop",
  rootCause: "checkout exits: DATABASE_URL is not set",
  affectedResources: [{ kind: "Deployment", namespace: "shop", name: "checkout" }],
  evidence: [],
};
const pull: ScorableReport = {
  category: "ImagePull",
  rootCause: "payments-api runs tag v2.31, which does not exist",
  affectedResources: [{ kind: "Deployment", namespace: "pay", name: "payments-api" }],
  evidence: [],
};

function multi(list: ScorableReport[]): ScorableMultiReport {
  return { ...list[0]!, causes: list };
}

describe("scoreCauses", () => {
  it("passes a combined report that names every cause and no other", () => {
    const s = scoreCauses(multi([pull, crash]), causes);
    expect(s.passed).toBe(true);
    expect(s.expected.map((e) => e.found)).toEqual([true, true]);
    expect(s.invented).toEqual([]);
  });

  it("fails when a cause is missing, and says which", () => {
    const s = scoreCauses(multi([crash]), causes);
    expect(s.passed).toBe(false);
    expect(s.expected.find((e) => !e.found)?.resource).toBe("Deployment/pay/payments-api");
  });

  it("reads a report without causes as its single cause", () => {
    expect(scoreCauses(crash, causes).expected.map((e) => e.found)).toEqual([true, false]);
  });

  it("fails a cause named without its decisive fact", () => {
    const vague = { ...pull, rootCause: "payments-api cannot pull its image" };
    const s = scoreCauses(multi([crash, vague]), causes);
    expect(s.passed).toBe(false);
    expect(s.expected[1]?.score.mentions).toEqual([{ text: "v2.31", found: false }]);
  });

  it("counts a cause on objects no expected cause names as invented", () => {
    const extra: ScorableReport = {
      category: "NodeNotReady",
      rootCause: "worker-2 is NotReady",
      affectedResources: [{ kind: "Node", name: "worker-2" }],
      evidence: [],
    };
    const s = scoreCauses(multi([crash, pull, extra]), causes);
    expect(s.passed).toBe(false);
    expect(s.invented).toEqual([{ category: "NodeNotReady", resource: "Node/worker-2" }]);
  });

  it("does not count a second angle on a real cause as invented", () => {
    const angle = { ...crash, category: "MissingConfig" };
    expect(scoreCauses(multi([crash, pull, angle]), causes).invented).toEqual([]);
  });
});
