import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import type { AnalysisOutput, RootCauseCandidate } from "@kubemedic/protocol";
import { describe, expect, it } from "vitest";
import type { ToolArtifact } from "../../tools/tool-result";
import { offlineReport } from "./offline-report";
import { nextStep } from "./playbook";
import { viewTurn } from "./turn-view";

const TOOLS = new Set(["kubectl", "k8sgpt"]);

const analysis: AnalysisOutput = {
  provider: "kubemedic",
  errors: null,
  status: "ProblemDetected",
  problems: 2,
  results: [
    {
      kind: "Service",
      name: "shop/cart",
      error: [{ Text: "Service has no endpoints", KubernetesDoc: "", Sensitive: [] }],
      details: "",
      parentObject: "",
    },
    {
      kind: "Pod",
      name: "shop/checkout-7d9-abc",
      error: [
        { Text: "back-off restarting failed container checkout", KubernetesDoc: "", Sensitive: [] },
      ],
      details: "",
      parentObject: "Deployment/checkout",
    },
  ],
};

const candidate: RootCauseCandidate = {
  category: "CrashLoop",
  severity: "high",
  score: 0.9,
  primary: { kind: "Deployment", namespace: "shop", name: "checkout" },
  related: [
    { kind: "Pod", namespace: "shop", name: "checkout-7d9-abc", status: "CrashLoopBackOff" },
  ],
  summary: "checkout crash-loops",
  rootCause: "checkout exits: DATABASE_URL is not set",
  evidence: [
    {
      source: "logs",
      command: "logs checkout-7d9-abc -n shop --previous",
      excerpt: "DATABASE_URL is not set",
    },
  ],
  fixes: [
    {
      title: "Set DATABASE_URL",
      rationale: "needed",
      command: "set env deploy/checkout -n shop --from=secret/checkout-db",
      risk: "medium",
      requiresApproval: true,
    },
    {
      title: "Look at the logs",
      rationale: "see",
      command: "logs deploy/checkout -n shop",
      risk: "read-only",
      requiresApproval: false,
    },
  ],
};

function art(tool: "kubectl" | "k8sgpt", command: string, structured?: unknown): ToolArtifact {
  return {
    tool,
    command,
    classification: "read",
    status: "ok",
    durationMs: 1,
    truncated: false,
    summary: command,
    attempts: 1,
    ...(structured ? { structured } : {}),
  };
}

function conversation(
  question: string,
  steps: {
    name: string;
    args: Record<string, unknown>;
    content: string;
    artifact: ToolArtifact;
  }[][],
): BaseMessage[] {
  const out: BaseMessage[] = [
    new HumanMessage({
      content: question,
      additional_kwargs: { kubemedic: { turnId: "t", namespace: "shop" } },
    }),
  ];
  steps.forEach((batch, b) => {
    out.push(
      new AIMessage({
        content: "",
        tool_calls: batch.map((s, i) => ({ id: `c${b}_${i}`, name: s.name, args: s.args })),
      }),
    );
    batch.forEach((s, i) =>
      out.push(
        new ToolMessage({
          content: s.content,
          tool_call_id: `c${b}_${i}`,
          name: s.name,
          artifact: s.artifact,
        }),
      ),
    );
  });
  return out;
}

const analyzeStep = {
  name: "k8sgpt",
  args: { namespace: "shop" },
  content: "2 problems",
  artifact: art("k8sgpt", "analyze --namespace shop", { analysis }),
};

describe("the offline playbook", () => {
  it("starts a diagnosis with the analyzers in the turn's namespace", () => {
    const step = nextStep(viewTurn(conversation("why is checkout failing?", []))!, TOOLS);
    expect(step.calls).toEqual([{ name: "k8sgpt", args: { namespace: "shop" } }]);
  });

  it("then gathers evidence about the finding the question is about: describe, previous logs, events", () => {
    const step = nextStep(
      viewTurn(conversation("why is checkout failing?", [[analyzeStep]]))!,
      TOOLS,
    );
    const commands = step.calls.map((c) => c.args.command);
    expect(commands[0]).toBe("describe pod checkout-7d9-abc -n shop");
    expect(commands).toContain("logs checkout-7d9-abc -n shop --previous --tail=50");
    expect(commands).toContain("get events -n shop --sort-by=.lastTimestamp");
  });

  it("correlates, then answers with the candidate, and builds the report from the artifacts", () => {
    const evidence = {
      name: "kubectl",
      args: { command: "get events -n shop" },
      content:
        "LAST SEEN  TYPE  REASON\n1m  Warning  BackOff  pod/checkout-7d9-abc  Back-off restarting",
      artifact: art("kubectl", "get events -n shop"),
    };
    const correlated = {
      name: "k8sgpt",
      args: { namespace: "shop", correlate: true },
      content: "ranked",
      artifact: art("k8sgpt", "analyze --correlate", { analysis, candidates: [candidate] }),
    };
    const afterEvidence = conversation("why is checkout failing?", [[analyzeStep], [evidence]]);
    expect(nextStep(viewTurn(afterEvidence)!, TOOLS).calls[0]).toMatchObject({
      name: "k8sgpt",
      args: { correlate: true },
    });

    const done = viewTurn(
      conversation("why is checkout failing?", [[analyzeStep], [evidence], [correlated]]),
    )!;
    const answer = nextStep(done, TOOLS);
    expect(answer.calls).toEqual([]);
    expect(answer.text).toContain("DATABASE_URL is not set");
    const report = offlineReport(done);
    expect(report.category).toBe("CrashLoop");
    expect(report.affectedResources[0]).toMatchObject({ kind: "Deployment", name: "checkout" });
    expect(report.evidence.map((e) => e.excerpt).join("\n")).toContain("Warning  BackOff");
    expect(report.recommendations.map((r) => r.risk)).toEqual(["read-only", "medium"]);
  });

  it("runs a plain command and answers with its output", () => {
    const first = nextStep(viewTurn(conversation("list pods in the shop namespace", []))!, TOOLS);
    expect(first.calls).toEqual([
      {
        name: "kubectl",
        args: { command: "get pods -n shop", reason: expect.any(String) as unknown },
      },
    ]);
    const ran = {
      name: "kubectl",
      args: { command: "get pods -n shop" },
      content: "NAME  READY\ncart-1  1/1",
      artifact: art("kubectl", "get pods -n shop"),
    };
    const answer = nextStep(
      viewTurn(conversation("list pods in the shop namespace", [[ran]]))!,
      TOOLS,
    );
    expect(answer.calls).toEqual([]);
    expect(answer.text).toContain("cart-1  1/1");
  });

  it("proposes the fix that needs approval, with its reason", () => {
    const correlated = {
      name: "k8sgpt",
      args: { namespace: "shop", correlate: true },
      content: "ranked",
      artifact: art("k8sgpt", "analyze --correlate", { analysis, candidates: [candidate] }),
    };
    const step = nextStep(viewTurn(conversation("fix checkout", [[correlated]]))!, TOOLS);
    expect(step.calls).toEqual([
      {
        name: "kubectl",
        args: {
          command: "set env deploy/checkout -n shop --from=secret/checkout-db",
          reason: expect.stringContaining("Set DATABASE_URL") as unknown,
        },
      },
    ]);
  });

  it("says what it can do when the question is not about the cluster", () => {
    const step = nextStep(viewTurn(conversation("write me a poem", []))!, TOOLS);
    expect(step.calls).toEqual([]);
    expect(step.text).toMatch(/cannot answer general questions/);
  });

  it("picks a pod that is not running for the logs of a name several pods start with", () => {
    const table = (rows: string[][]) => ({
      kind: "table",
      tables: [{ kind: "pod", columns: ["NAME", "READY", "STATUS"], rows }],
    });
    const lookup =
      "get pods,deployments,statefulsets,daemonsets,jobs,replicasets api -n shop --ignore-not-found";
    const view = viewTurn(
      conversation("show the logs of api", [
        [
          {
            name: "kubectl",
            args: { command: lookup },
            content: "",
            artifact: art("kubectl", lookup, table([])),
          },
        ],
        [
          {
            name: "kubectl",
            args: { command: "get pods -n shop" },
            content: "",
            artifact: art(
              "kubectl",
              "get pods -n shop",
              table([
                ["apiserver-1", "0/1", "Error"],
                ["api-5d-a", "1/1", "Running"],
                ["api-5d-b", "0/1", "CrashLoopBackOff"],
                ["api-5d-c", "0/1", "Pending"],
              ]),
            ),
          },
        ],
      ]),
    )!;
    const step = nextStep(view, TOOLS);
    // `api-` prefixes first (apiserver-1 only starts with "api"), then one that is not running.
    expect(step.calls.map((c) => c.args.command)).toEqual(["logs api-5d-b -n shop --tail=100"]);
    expect(step.text).toMatch(
      /pod api-5d-b \(CrashLoopBackOff\) starts with it, as 3 other pods do/,
    );
  });

  it("reports that nothing was analyzed after a command turn, not that the analysis failed", () => {
    const view = viewTurn(
      conversation("list pods in shop", [
        [
          {
            name: "kubectl",
            args: { command: "get pods -n shop" },
            content: "NAME READY STATUS",
            artifact: art("kubectl", "get pods -n shop"),
          },
        ],
      ]),
    )!;
    expect(offlineReport(view)).toMatchObject({
      summary: "No diagnosis: this turn ran kubectl commands only and analyzed nothing.",
      category: "Other",
      severity: "info",
      rootCause: expect.stringContaining("it ran `get pods -n shop`") as unknown,
    });
  });

  it("says no tool ran when a turn ran none", () => {
    const view = viewTurn(conversation("hello there", []))!;
    expect(offlineReport(view)).toMatchObject({
      summary: "No diagnosis: this turn ran no tool and analyzed nothing.",
      rootCause: expect.not.stringContaining("it ran") as unknown,
    });
  });

  it("reports Healthy when nothing is found", () => {
    const clean: AnalysisOutput = { ...analysis, status: "OK", problems: 0, results: [] };
    const view = viewTurn(
      conversation("is anything wrong in the shop namespace?", [
        [{ ...analyzeStep, artifact: art("k8sgpt", "analyze", { analysis: clean }) }],
        [
          {
            name: "k8sgpt",
            args: { namespace: "shop", correlate: true },
            content: "",
            artifact: art("k8sgpt", "analyze --correlate", { analysis: clean, candidates: [] }),
          },
        ],
      ]),
    )!;
    const report = offlineReport(view);
    expect(report).toMatchObject({
      category: "Healthy",
      severity: "info",
      affectedResources: [{ kind: "Namespace", name: "shop" }],
    });
  });

  it("never calls a NotReady node a minor finding (regression: issue #15)", () => {
    const node: AnalysisOutput = {
      ...analysis,
      problems: 2,
      results: [
        {
          kind: "Node",
          name: "worker-2",
          error: [{ Text: "Node worker-2 is NotReady", KubernetesDoc: "", Sensitive: [] }],
          details: "",
          parentObject: "",
        },
        {
          kind: "ConfigMap",
          name: "shop/old-flags",
          error: [{ Text: "ConfigMap is not used by any pod", KubernetesDoc: "", Sensitive: [] }],
          details: "",
          parentObject: "",
        },
      ],
    };
    const pods = {
      kind: "table",
      tables: [{ columns: ["NAME", "READY", "STATUS"], rows: [["cart-1", "1/1", "Running"]] }],
    };
    const view = viewTurn(
      conversation("is anything wrong in the shop namespace?", [
        [
          { ...analyzeStep, artifact: art("k8sgpt", "analyze", { analysis: node }) },
          {
            name: "kubectl",
            args: { command: "get pods -n shop" },
            content: "",
            artifact: art("kubectl", "get pods -n shop", pods),
          },
        ],
        [
          {
            name: "k8sgpt",
            args: { namespace: "shop", correlate: true },
            content: "",
            artifact: art("k8sgpt", "analyze --correlate", { analysis: node, candidates: [] }),
          },
        ],
      ]),
    )!;
    const { rootCause } = offlineReport(view);
    expect(rootCause).toMatch(
      /Cluster-wide findings, worth a look: Node worker-2: Node worker-2 is NotReady/,
    );
    expect(rootCause).toMatch(/Minor findings, not problems: ConfigMap shop\/old-flags/);
    expect(rootCause.indexOf("NotReady")).toBeLessThan(rootCause.indexOf("Minor findings"));
  });
});
