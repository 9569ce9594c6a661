import type { AnalysisOutput, RootCauseCandidate } from "@kubemedic/protocol";
import { describe, expect, it } from "vitest";
import { compareProblems } from "./compare-problems";
import { problemSnapshot } from "./problem-map";

const analysis = (...items: [kind: string, name: string, parent?: string][]): AnalysisOutput => ({
  provider: "test",
  errors: null,
  status: items.length > 0 ? "ProblemDetected" : "OK",
  problems: items.length,
  results: items.map(([kind, name, parent]) => ({
    kind,
    name,
    error: [{ Text: "x", KubernetesDoc: "", Sensitive: [] }],
    details: "",
    parentObject: parent ?? "",
  })),
});

function candidate(
  category: RootCauseCandidate["category"],
  primary: [string, string],
  related: [string, string][] = [],
): RootCauseCandidate {
  return {
    category,
    severity: "high",
    score: 0.9,
    primary: { kind: primary[0], namespace: "shop", name: primary[1] },
    related: related.map(([kind, name]) => ({ kind, namespace: "shop", name })),
    summary: "",
    rootCause: "",
    evidence: [],
    fixes: [],
  };
}

const crashing = problemSnapshot(analysis(["Pod", "shop/checkout-abc-1", "Deployment/checkout"]), [
  candidate(
    "CrashLoop",
    ["Deployment", "checkout"],
    [
      ["Pod", "checkout-abc-1"],
      ["Service", "checkout"],
    ],
  ),
]);
const healthy = problemSnapshot(analysis(), []);
const setEnv = [{ object: "Deployment/shop/checkout", verb: "set env" }];

describe("compareProblems", () => {
  it("resolved: what the change was aimed at is fine and nothing new shows", () => {
    expect(compareProblems(crashing, healthy, setEnv)).toEqual({
      outcome: "resolved",
      resolved: ["Deployment/shop/checkout", "Service/shop/checkout"],
      remaining: [],
      appeared: [],
    });
  });

  it("unchanged: the same problem under new pod names is the same problem", () => {
    const again = problemSnapshot(analysis(["Pod", "shop/checkout-def-9", "Deployment/checkout"]), [
      candidate(
        "CrashLoop",
        ["Deployment", "checkout"],
        [
          ["Pod", "checkout-def-9"],
          ["ReplicaSet", "checkout-def"],
          ["Service", "checkout"],
        ],
      ),
    ]);
    expect(compareProblems(crashing, again, setEnv).outcome).toBe("unchanged");
  });

  it("worse: a healthy workload now fails", () => {
    const broken = problemSnapshot(analysis(["Deployment", "shop/cart"]), [
      candidate("ImagePull", ["Deployment", "cart"]),
    ]);
    const r = compareProblems(healthy, broken, [
      { object: "Deployment/shop/cart", verb: "set image" },
    ]);
    expect(r.outcome).toBe("worse");
    expect(r.appeared).toEqual(["Deployment/shop/cart"]);
  });

  it("worse: the changed object has a new problem of the kind the change causes", () => {
    const pull = problemSnapshot(analysis(["Deployment", "shop/checkout"]), [
      candidate("ImagePull", ["Deployment", "checkout"], [["Service", "checkout"]]),
    ]);
    const r = compareProblems(crashing, pull, [
      { object: "Deployment/shop/checkout", verb: "set image" },
    ]);
    expect(r.outcome).toBe("worse");
  });

  it("improved: the old cause is gone and a hidden one shows (not caused by the change)", () => {
    const pull = problemSnapshot(analysis(["Deployment", "shop/checkout"]), [
      candidate("ImagePull", ["Deployment", "checkout"]),
    ]);
    const missingKey = problemSnapshot(analysis(["Deployment", "shop/checkout"]), [
      candidate("MissingConfig", ["Deployment", "checkout"], [["ConfigMap", "checkout-config"]]),
    ]);
    const r = compareProblems(pull, missingKey, [
      { object: "Deployment/shop/checkout", verb: "set image" },
    ]);
    expect(r).toMatchObject({ outcome: "improved", appeared: [] });
  });

  it("improved: one of two problems the change was aimed at is gone", () => {
    const two = problemSnapshot(
      analysis(["Deployment", "shop/checkout"], ["Service", "shop/checkout"]),
      [candidate("CrashLoop", ["Deployment", "checkout"], [["Service", "checkout"]])],
    );
    const one = problemSnapshot(analysis(["Service", "shop/checkout"]), []);
    expect(compareProblems(two, one, setEnv)).toMatchObject({
      outcome: "improved",
      resolved: ["Deployment/shop/checkout"],
      remaining: ["Service/shop/checkout"],
    });
  });
});
