import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import type { AnalysisOutput, RootCauseCandidate } from "@kubemedic/protocol";
import { describe, expect, it } from "vitest";
import type { ToolArtifact } from "../../tools/tool-result";
import { offlineReport } from "./offline-report";
import { nextStep } from "./playbook";
import { viewTurn } from "./turn-view";

const TOOLS = new Set(["kubectl", "k8sgpt"]);

/** Han characters against Latin words, outside code spans: how Chinese a text reads. */
function hanShare(text: string): number {
  const prose = text.replace(/```[\s\S]*?```/g, " ").replace(/`[^`]*`/g, " ");
  const han = prose.match(/[\u4e00-\u9fff]/gu)?.length ?? 0;
  const latin = prose.match(/\b[A-Za-z]{2,}\b/g)?.length ?? 0;
  return han / Math.max(1, han + latin);
}

const analysis: AnalysisOutput = {
  provider: "kubemedic",
  errors: null,
  status: "ProblemDetected",
  problems: 1,
  results: [
    {
      kind: "Pod",
      name: "shop/checkout-7d9-abc",
      error: [{ Text: "back-off restarting failed container", KubernetesDoc: "", Sensitive: [] }],
      details: "",
      parentObject: "Deployment/checkout",
    },
  ],
};

/** The correlation's own wording for a crash loop (the catalog knows it). */
const candidate: RootCauseCandidate = {
  category: "CrashLoop",
  severity: "critical",
  score: 0.9,
  primary: { kind: "Deployment", namespace: "shop", name: "checkout" },
  related: [
    { kind: "Pod", namespace: "shop", name: "checkout-7d9-abc", status: "CrashLoopBackOff" },
  ],
  summary: "Deployment shop/checkout crash-loops: environment variable DATABASE_URL is not set.",
  rootCause:
    "Container checkout of Deployment shop/checkout exits with code 1 (Error) shortly after starting and is restarted in a loop (CrashLoopBackOff, 36 restarts). The program stops because environment variable DATABASE_URL is not set: the pod template of Deployment shop/checkout does not define DATABASE_URL.",
  evidence: [
    {
      source: "logs",
      command: "logs checkout-7d9-abc -n shop --previous",
      excerpt: "fatal: required environment variable DATABASE_URL is not set",
    },
  ],
  fixes: [
    {
      title: "Set DATABASE_URL on container checkout",
      rationale:
        "The program refuses to start without DATABASE_URL; setting it (with the right value, or from a Secret with --from=secret/<name>) ends the crash loop.",
      command: "set env deployment/checkout -c checkout 'DATABASE_URL=<value>' -n shop",
      risk: "medium",
      requiresApproval: true,
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

function turn(question: string, language: "zh" | undefined, k8sgpt: boolean): BaseMessage[] {
  const out: BaseMessage[] = [
    new HumanMessage({
      content: question,
      additional_kwargs: {
        kubemedic: { turnId: "t", namespace: "shop", ...(language ? { language } : {}) },
      },
    }),
  ];
  if (!k8sgpt) return out;
  const steps = [
    { args: { namespace: "shop" }, artifact: art("k8sgpt", "analyze", { analysis }) },
    {
      args: { namespace: "shop", correlate: true },
      artifact: art("k8sgpt", "analyze --correlate", { analysis, candidates: [candidate] }),
    },
  ];
  steps.forEach((s, i) => {
    out.push(
      new AIMessage({ content: "", tool_calls: [{ id: `c${i}`, name: "k8sgpt", args: s.args }] }),
    );
    out.push(
      new ToolMessage({
        content: "ok",
        tool_call_id: `c${i}`,
        name: "k8sgpt",
        artifact: s.artifact,
      }),
    );
  });
  return out;
}

describe("the offline diagnostician in Chinese", () => {
  it("answers a Chinese diagnosis in Chinese, names, values and commands as they are", () => {
    const view = viewTurn(turn("shop 里的 checkout 为什么一直重启？", undefined, true))!;
    expect(view.language).toBe("zh");
    const answer = nextStep(view, new Set(["k8sgpt"]));
    expect(hanShare(answer.text)).toBeGreaterThan(0.6);
    expect(answer.text).toContain("DATABASE_URL");
    expect(answer.text).toContain(
      "`kubectl set env deployment/checkout -c checkout 'DATABASE_URL=<value>' -n shop`",
    );

    const report = offlineReport(view);
    expect(report.category).toBe("CrashLoop");
    for (const prose of [report.summary, report.rootCause, report.recommendations[0]!.title])
      expect(hanShare(prose)).toBeGreaterThan(0.5);
    expect(report.rootCause).toContain("DATABASE_URL");
    expect(report.recommendations[0]!.command).toBe(candidate.fixes[0]!.command);
  });

  it("keeps the English answer English", () => {
    const view = viewTurn(turn("why is checkout failing in shop?", undefined, true))!;
    expect(view.language).toBe("en");
    expect(nextStep(view, new Set(["k8sgpt"])).text).toContain(candidate.rootCause);
    expect(offlineReport(view).summary).toBe(candidate.summary);
  });

  it("answers in the conversation's language when the message has none", () => {
    const view = viewTurn(turn("kubectl get pods -n shop", "zh", false))!;
    expect(view.language).toBe("zh");
    const step = nextStep(view, TOOLS);
    expect(step.text).toBe("正在执行 `kubectl get pods -n shop`。");
    expect(step.calls[0]?.args.reason).toBe("用户的问题：kubectl get pods -n shop");
  });

  it("says what it can do in Chinese", () => {
    const step = nextStep(viewTurn(turn("你好，你能帮我做什么？", undefined, false))!, TOOLS);
    expect(step.calls).toEqual([]);
    expect(hanShare(step.text)).toBeGreaterThan(0.6);
  });
});
