import { ScanResponse, type RootCauseCandidate } from "@kubemedic/protocol";
import { describe, expect, it } from "vitest";
import { groupScan, investigateQuestion, type ScanFinding } from "./scanGroups";

const failure = (Text: string) => ({ Text, KubernetesDoc: "", Sensitive: [] });
const candidate = (
  severity: RootCauseCandidate["severity"],
  primary: RootCauseCandidate["primary"],
  related: RootCauseCandidate["related"] = [],
): RootCauseCandidate => ({
  category: "CrashLoop",
  severity,
  score: 0.9,
  primary,
  related,
  summary: "s",
  rootCause: "r",
  evidence: [],
  fixes: [],
});

const scan = ScanResponse.parse({
  context: "kubemedic-demo",
  namespace: "shop",
  durationMs: 12,
  analysis: {
    provider: "builtin",
    errors: null,
    status: "ProblemDetected",
    problems: 4,
    results: [
      {
        kind: "Pod",
        name: "shop/checkout-1",
        error: [failure("back-off restarting")],
        details: "",
        parentObject: "Deployment/checkout",
      },
      {
        kind: "Pod",
        name: "shop/cart-1",
        error: [failure("ImagePullBackOff")],
        details: "",
        parentObject: "Deployment/cart",
      },
      {
        kind: "Service",
        name: "shop/payments",
        error: [failure("no endpoints")],
        details: "",
        parentObject: "",
      },
      {
        kind: "Deployment",
        name: "shop/checkout",
        error: [failure("0/2 ready")],
        details: "",
        parentObject: "",
      },
    ],
  },
  candidates: [
    candidate("high", { kind: "ConfigMap", namespace: "shop", name: "cfg" }, [
      { kind: "Deployment", namespace: "shop", name: "checkout" },
      { kind: "Pod", namespace: "shop", name: "checkout-1" },
    ]),
    candidate("critical", { kind: "Pod", namespace: "shop", name: "checkout-1" }),
    candidate("medium", { kind: "Pod", namespace: "shop", name: "cart-1" }),
  ],
});

describe("groupScan", () => {
  it("groups by the most severe candidate naming the object, then by kind", () => {
    const groups = groupScan(scan);
    expect(
      groups.map((g) => [
        g.severity,
        g.count,
        g.kinds.map((k) => [k.kind, k.findings.map((f) => f.name)]),
      ]),
    ).toEqual([
      ["critical", 1, [["Pod", ["checkout-1"]]]],
      ["high", 1, [["Deployment", ["checkout"]]]],
      ["medium", 1, [["Pod", ["cart-1"]]]],
      ["unranked", 1, [["Service", ["payments"]]]],
    ]);
    expect(groups[0]?.kinds[0]?.findings[0]).toMatchObject({
      namespace: "shop",
      errors: ["back-off restarting"],
    });
  });

  it("puts a cluster-scoped finding of a namespace scan apart as cluster-wide, not unranked", () => {
    const node = {
      kind: "Node",
      name: "worker-2",
      error: [failure("NotReady")],
      details: "",
      parentObject: "",
    };
    const withNode = {
      ...scan,
      analysis: { ...scan.analysis, results: [...(scan.analysis.results ?? []), node] },
    };
    const groups = groupScan(withNode);
    expect(groups.map((g) => g.severity)).toEqual([
      "critical",
      "high",
      "medium",
      "cluster-wide",
      "unranked",
    ]);
    expect(groups[3]?.kinds[0]?.findings[0]).toMatchObject({ name: "worker-2" });
    expect(groups[3]?.kinds[0]?.findings[0]?.namespace).toBeUndefined();
    // A cluster-wide scan ranks nodes itself: one it left out is simply unranked.
    expect(groupScan({ ...withNode, namespace: null }).at(-1)?.severity).toBe("unranked");
    expect(investigateQuestion(groups[3]?.kinds[0]?.findings[0] as ScanFinding)).toBe(
      "Investigate Node worker-2: NotReady",
    );
  });

  it("copes with a clean scan (results null)", () => {
    expect(
      groupScan({
        ...scan,
        analysis: { ...scan.analysis, results: null, problems: 0, status: "OK" },
      }),
    ).toEqual([]);
  });

  it("asks about a finding in plain words", () => {
    const finding = groupScan(scan)[0]?.kinds[0]?.findings[0];
    if (finding === undefined) throw new Error("fixture");
    expect(investigateQuestion(finding)).toBe(
      "Investigate Pod checkout-1 in namespace shop: back-off restarting",
    );
  });
});
