import type { AgentEvent, DiagnosisReport } from "@kubemedic/protocol";
import { describe, expect, it } from "vitest";
import { checkExpectations, type ExpectationResult } from "./checkExpectations";
import { Expectations } from "./ConversationScript";
import { emptyTurnRecord, recordEvent, type TurnRecord } from "./TurnRecord";

const turnId = "t1";
const report: DiagnosisReport = {
  summary: "Deployment payments/payments-api cannot pull its image.",
  category: "ImagePull",
  severity: "critical",
  rootCause: "The tag v2.31 does not exist in ghcr.io/acme/payments-api.",
  confidence: 0.9,
  affectedResources: [
    { kind: "Deployment", namespace: "payments", name: "payments-api" },
    { kind: "Pod", namespace: "payments", name: "payments-api-78b9c6d5f4-abcde" },
  ],
  evidence: [
    {
      source: "events",
      excerpt: "Failed to pull image ghcr.io/acme/payments-api:v2.31: not found",
    },
  ],
  recommendations: [
    {
      title: "Set the image back to v2.3.0",
      rationale: "The previous tag exists.",
      command:
        "set image deployment/payments-api payments-api=ghcr.io/acme/payments-api:v2.3.0 -n payments",
      risk: "medium",
      requiresApproval: true,
    },
  ],
};

function record(events: AgentEvent[]): TurnRecord {
  const rec = emptyTurnRecord();
  for (const e of events) recordEvent(rec, e);
  return rec;
}

const call = (
  id: string,
  command: string,
  status: "ok" | "error" | "rejected",
  tool: "kubectl" | "k8sgpt" = "kubectl",
): AgentEvent[] => [
  {
    type: "tool.started",
    turnId,
    toolCallId: id,
    tool,
    command,
    classification: "read",
    startedAt: "",
  },
  {
    type: "tool.finished",
    turnId,
    toolCallId: id,
    tool,
    command,
    classification: "read",
    status,
    durationMs: 1,
    outputPreview: "",
    truncated: false,
  },
];

/** A diagnosis turn, then a fix that was approved and ran. */
const diagnosis = record([
  { type: "turn.started", turnId, model: "offline", startedAt: "" },
  ...call("c1", "analyze --namespace payments", "ok", "k8sgpt"),
  ...call("c2", "get pods -n payments", "ok"),
  { type: "assistant.delta", turnId, messageId: "m1", delta: "The image tag " },
  { type: "assistant.delta", turnId, messageId: "m1", delta: "does not exist." },
  { type: "report.ready", turnId, report, degraded: false },
  { type: "turn.completed", turnId, durationMs: 5, partial: false },
]);
const fix = record([
  { type: "turn.started", turnId, model: "offline", startedAt: "" },
  {
    type: "approval.requested",
    turnId,
    requests: [
      {
        toolCallId: "c3",
        tool: "kubectl",
        command:
          "set image deployment/payments-api payments-api=ghcr.io/acme/payments-api:v2.3.0 -n payments",
        reason: "回滚到存在的镜像标签",
        risk: "medium",
        target: { kind: "Deployment", namespace: "payments", name: "payments-api" },
        preview: { summary: "image v2.31 → v2.3.0" },
      },
    ],
  },
  {
    type: "approval.resolved",
    turnId,
    decisions: [{ toolCallId: "c3", decision: "approve", by: "quality", at: "" }],
  },
  ...call(
    "c3",
    "set image deployment/payments-api payments-api=ghcr.io/acme/payments-api:v2.3.0 -n payments",
    "ok",
  ),
  {
    type: "assistant.message",
    turnId,
    messageId: "m2",
    content: "已更新 payments-api 的镜像，新的 Pod 正在启动。",
    toolCallIds: [],
  },
  { type: "turn.completed", turnId, durationMs: 5, partial: false },
]);

function check(expect: unknown, rec: TurnRecord): ExpectationResult[] {
  return checkExpectations(Expectations.parse(expect), rec);
}
const failed = (r: ExpectationResult[]) => r.filter((x) => !x.passed);

describe("checkExpectations", () => {
  it("passes a report by the scenario rule and says which part failed otherwise", () => {
    expect(
      failed(
        check(
          {
            report: {
              category: "ImagePull",
              resource: "Deployment/payments/payments-api",
              mentions: ["v2.31"],
            },
          },
          diagnosis,
        ),
      ),
    ).toEqual([]);
    const [bad] = check(
      {
        report: {
          category: "CrashLoop",
          resource: "Deployment/shop/checkout",
          mentions: ["DATABASE_URL"],
        },
      },
      diagnosis,
    );
    expect(bad?.passed).toBe(false);
    expect(bad?.got).toBe(
      'category ImagePull; affected resources Deployment/payments/payments-api, Pod/payments/payments-api-78b9c6d5f4-abcde; not mentioned: "DATABASE_URL"',
    );
    expect(
      check(
        { report: { category: "ImagePull", resource: "Deployment/payments/payments-api" } },
        fix,
      )[0]?.got,
    ).toMatch(/^no report \(the turn completed; calls: `set image/);
  });

  it("matches tool calls by command and status, and lists the calls made when none matches", () => {
    expect(
      failed(
        check(
          {
            tool: [
              { commandContains: "get pods -n payments" },
              { commandContains: "k8sgpt analyze --namespace=payments" },
            ],
          },
          diagnosis,
        ),
      ),
    ).toEqual([]);
    const [wrong] = check({ tool: { commandContains: "get pods -n default" } }, diagnosis);
    expect(wrong?.got).toBe(
      "calls: `k8sgpt analyze --namespace payments` (ok), `get pods -n payments` (ok)",
    );
    expect(
      check(
        { tool: { commandContains: "set image deployment/payments-api", status: "rejected" } },
        fix,
      )[0]?.got,
    ).toMatch(/^it ended ok: /);
  });

  it("noTool: true fails on any call, a pending approval included; with a command only on that one", () => {
    expect(check({ noTool: true }, diagnosis)[0]?.passed).toBe(false);
    const pending = record([
      {
        type: "approval.requested",
        turnId,
        requests: [
          {
            toolCallId: "c9",
            tool: "kubectl",
            command: "delete pod payments-api-x -n payments",
            reason: "",
            risk: "high",
            target: { kind: "Pod", namespace: "payments", name: "payments-api-x" },
            preview: { summary: "" },
          },
        ],
      },
    ]);
    expect(check({ noTool: true }, pending)[0]?.got).toBe(
      "calls: `delete pod payments-api-x -n payments` (awaiting approval)",
    );
    expect(check({ noTool: { commandContains: "delete pod" } }, pending)[0]?.passed).toBe(false);
    expect(
      check({ noTool: { commandContains: ["scale", "rollout restart"] } }, pending)[0]?.passed,
    ).toBe(true);
    expect(
      check(
        { noTool: true },
        record([{ type: "turn.completed", turnId, durationMs: 1, partial: false }]),
      )[0]?.passed,
    ).toBe(true);
  });

  it("approval matches a request's command, and says when none was asked", () => {
    expect(
      check(
        { approval: { commandContains: "set image deploy/payments-api payments-api=" } },
        fix,
      )[0]?.passed,
    ).toBe(true);
    expect(
      check({ approval: { commandContains: "rollout undo deployment/payments-api" } }, fix)[0]?.got,
    ).toBe(
      "requests: `set image deployment/payments-api payments-api=ghcr.io/acme/payments-api:v2.3.0 -n payments`",
    );
    expect(check({ approval: { commandContains: "set image" } }, diagnosis)[0]?.got).toMatch(
      /^no approval was requested/,
    );
  });

  it("answerMentions reads messages and report prose, case-insensitively, with alternatives", () => {
    expect(
      failed(
        check(
          { answerMentions: ["DOES NOT EXIST", "v2.3.0", ["nonsense", "previous tag"]] },
          diagnosis,
        ),
      ),
    ).toEqual([]);
    const [miss] = check({ answerMentions: ["checkout", ["restart", "重启"]] }, diagnosis);
    expect(miss?.got).toMatch(
      /^missing "checkout", one of \("restart" \| "重启"\); the answer: "The image tag does not exist\./,
    );
  });

  it("language judges the turn's own text, the approval's reason included", () => {
    expect(check({ language: "zh" }, fix)[0]?.passed).toBe(true);
    expect(check({ language: "en" }, diagnosis)[0]?.passed).toBe(true);
    expect(check({ language: "zh" }, diagnosis)[0]?.got).toMatch(
      /^judged en \(CJK share 0: 0 CJK characters/,
    );
  });

  it("scope and clarify read the turn.started scope and the clarify event when the agent sends them", () => {
    expect(check({ scope: "payments" }, diagnosis)[0]?.got).toBe(
      "the turn stated no scope (no turn.scoped event)",
    );
    const scoped = record([
      {
        type: "turn.started",
        turnId,
        model: "offline",
        startedAt: "",
        scope: {
          namespace: "payments",
          allNamespaces: false,
          source: "text",
          object: { kind: "Deployment", namespace: "payments", name: "payments-api" },
        },
        // A looser shape than ours (namespace/object): the reader accepts it too.
      } as unknown as AgentEvent,
      {
        type: "clarification.requested",
        turnId,
        messageId: "m9",
        question: "Which api?",
        choices: [
          { label: "staging/api", reply: "the api in staging" },
          { label: "the other one", reply: "the api in prod" },
          "dev/api",
        ],
      } as unknown as AgentEvent,
      { type: "turn.completed", turnId, durationMs: 1, partial: false },
    ]);
    expect(
      failed(
        check({ scope: "payments", clarify: { choices: ["staging", "api in prod"] } }, scoped),
      ),
    ).toEqual([]);
    expect(check({ clarify: { choices: ["staging", "qa"] } }, scoped)[0]?.got).toBe(
      'choices offered: "staging/api → the api in staging", "the other one → the api in prod", "dev/api"',
    );
    expect(check({ scope: ["payments"] }, scoped)[0]?.passed).toBe(true);
    expect(check({ scope: "all" }, scoped)[0]?.got).toBe(
      "scope payments (focus Deployment/payments/payments-api)",
    );
    expect(check({ clarify: false }, scoped)[0]?.passed).toBe(false);
    expect(check({ clarify: true }, diagnosis)[0]?.got).toMatch(
      /^no clarify signal: the turn completed; calls: /,
    );
  });
});
