import {
  ConversationDetail,
  EventFrame,
  type ApprovalRequest,
  type ConversationEvent,
  type DiagnosisReport,
  type VerificationCheck,
  type VerificationResult,
} from "@kubemedic/protocol";

/**
 * Builders of protocol-valid frames for the stream tests and the render bench.
 * Every frame goes through the protocol's zod schema, so a fixture can never
 * drift from the contract the gateway speaks.
 */
const T0 = Date.parse("2026-11-22T10:00:00.000Z");

export function at(offsetMs: number): string {
  return new Date(T0 + offsetMs).toISOString();
}

export function frame(conversationId: string, seq: number, event: ConversationEvent): EventFrame {
  return EventFrame.parse({ type: "event", conversationId, seq, at: at(seq * 100), event });
}

export const sampleReport: DiagnosisReport = {
  summary: "checkout crashes at start because the CHECKOUT_DB_URL key is missing.",
  category: "MissingConfig",
  severity: "high",
  rootCause:
    "Deployment shop/checkout reads CHECKOUT_DB_URL from ConfigMap checkout-config, which has no such key.",
  confidence: 0.86,
  affectedResources: [
    { kind: "ConfigMap", namespace: "shop", name: "checkout-config" },
    { kind: "Deployment", namespace: "shop", name: "checkout", status: "0/2 ready" },
    { kind: "Pod", namespace: "shop", name: "checkout-7d9f-abcde", status: "CrashLoopBackOff" },
  ],
  evidence: [
    {
      source: "logs",
      command: "logs checkout-7d9f-abcde -n shop --previous",
      excerpt: "fatal: CHECKOUT_DB_URL is not set",
    },
  ],
  recommendations: [
    {
      title: "Add the missing key to the ConfigMap",
      rationale: "The container exits when the variable is empty.",
      command:
        'patch configmap checkout-config -n shop --type merge -p \'{"data":{"CHECKOUT_DB_URL":"postgres://db:5432/shop"}}\'',
      risk: "low",
      requiresApproval: true,
    },
  ],
};

export const sampleApproval: ApprovalRequest = {
  toolCallId: "call-scale",
  tool: "kubectl",
  command: "scale deployment/checkout -n shop --replicas=3",
  reason: "Restore capacity after the fix.",
  risk: "medium",
  target: { kind: "Deployment", namespace: "shop", name: "checkout" },
  preview: { summary: "replicas 1 → 3", diff: "-  replicas: 1\n+  replicas: 3" },
};

/**
 * One full investigation as the gateway streams it: the user's message, streamed
 * text, two tool calls, a report, the end. Sequence numbers start at `firstSeq`.
 */
export function investigationFrames(
  conversationId: string,
  turnId: string,
  firstSeq = 1,
  clientMessageId = "client-msg-0001",
): EventFrame[] {
  const events: ConversationEvent[] = [
    { type: "turn.started", turnId, model: "offline-diagnostician", startedAt: at(0) },
    {
      type: "user.message",
      turnId,
      messageId: `${turnId}-u`,
      clientMessageId,
      text: "why is checkout failing in shop?",
      createdAt: at(0),
    },
    { type: "assistant.delta", turnId, messageId: `${turnId}-a1`, delta: "Looking at " },
    { type: "assistant.delta", turnId, messageId: `${turnId}-a1`, delta: "the shop namespace." },
    {
      type: "assistant.message",
      turnId,
      messageId: `${turnId}-a1`,
      content: "Looking at the shop namespace.",
      toolCallIds: [`${turnId}-c1`, `${turnId}-c2`],
    },
    tool("tool.started", turnId, `${turnId}-c1`, "get pods -n shop"),
    tool("tool.started", turnId, `${turnId}-c2`, "get events -n shop"),
    tool("tool.finished", turnId, `${turnId}-c1`, "get pods -n shop"),
    tool("tool.finished", turnId, `${turnId}-c2`, "get events -n shop"),
    { type: "assistant.delta", turnId, messageId: `${turnId}-a2`, delta: "The pod crashes." },
    {
      type: "assistant.message",
      turnId,
      messageId: `${turnId}-a2`,
      content: "The pod crashes.",
      toolCallIds: [],
    },
    {
      type: "report.ready",
      turnId,
      reportId: `${turnId}-r`,
      report: sampleReport,
      degraded: false,
    },
    { type: "turn.completed", turnId, durationMs: 1200, partial: false },
  ];
  return events.map((event, i) => frame(conversationId, firstSeq + i, event));
}

function tool(
  type: "tool.started" | "tool.finished",
  turnId: string,
  toolCallId: string,
  command: string,
): ConversationEvent {
  return type === "tool.started"
    ? {
        type,
        turnId,
        toolCallId,
        tool: "kubectl",
        command,
        classification: "read",
        startedAt: at(1),
      }
    : {
        type,
        turnId,
        toolCallId,
        tool: "kubectl",
        command,
        classification: "read",
        status: "ok",
        durationMs: 12,
        outputPreview: "NAME   READY\ncheckout-7d9f-abcde   0/1\n… truncated: 40 more lines",
        truncated: true,
      };
}

/** The stored form of `investigationFrames`, as `GET /api/conversations/:id` returns it. */
export function investigationDetail(
  conversationId: string,
  turnId: string,
  lastSeq = 13,
): ConversationDetail {
  const log = (id: string, command: string) => ({
    id: `log-${id}`,
    turnId,
    toolCallId: id,
    tool: "kubectl",
    command,
    classification: "read" as const,
    status: "ok" as const,
    durationMs: 12,
    outputPreview: "NAME   READY\ncheckout-7d9f-abcde   0/1\n… truncated: 40 more lines",
    truncated: true,
    startedAt: at(1),
  });
  return ConversationDetail.parse({
    conversation: {
      id: conversationId,
      title: "why is checkout failing in shop?",
      clusterContext: "kubemedic-demo",
      namespace: "shop",
      createdAt: at(0),
      updatedAt: at(2000),
      lastTurnStatus: "completed",
    },
    turns: [
      {
        id: turnId,
        seq: 1,
        status: "completed",
        model: "offline-diagnostician",
        startedAt: at(0),
        finishedAt: at(1200),
        error: null,
        usage: null,
        messages: [
          {
            id: `${turnId}-u`,
            turnId,
            role: "user",
            content: "why is checkout failing in shop?",
            toolCalls: [],
            seq: 1,
            createdAt: at(0),
          },
          {
            id: `${turnId}-a1`,
            turnId,
            role: "assistant",
            content: "Looking at the shop namespace.",
            toolCalls: [
              { id: `${turnId}-c1`, name: "kubectl", args: { command: "get pods -n shop" } },
              { id: `${turnId}-c2`, name: "kubectl", args: { command: "get events -n shop" } },
            ],
            seq: 2,
            createdAt: at(10),
          },
          {
            id: `${turnId}-a2`,
            turnId,
            role: "assistant",
            content: "The pod crashes.",
            toolCalls: [],
            seq: 3,
            createdAt: at(20),
          },
        ],
        toolLogs: [
          log(`${turnId}-c2`, "get events -n shop"),
          log(`${turnId}-c1`, "get pods -n shop"),
        ],
        approvals: [],
        report: {
          id: `${turnId}-r`,
          turnId,
          createdAt: at(1100),
          degraded: false,
          report: sampleReport,
        },
      },
    ],
    lastSeq,
  });
}

const sampleVerification: VerificationResult = {
  verificationId: "verify_call-fix",
  toolCallIds: ["call-fix"],
  outcome: "resolved",
  summary:
    "Resolved after 1.2 s: Deployment/shop/checkout no longer show a problem, and nothing new appeared.",
  checks: [
    {
      object: "Deployment/shop/checkout",
      waitingFor: "rollout complete",
      state: "ok",
      detail: "2/2 ready, 2 updated",
    },
  ],
  resolved: ["Deployment/shop/checkout"],
  remaining: [],
  appeared: [],
  elapsedMs: 1200,
  deadlineMs: 120_000,
  finishedAt: at(1500),
};

/**
 * An approved fix and its verification as the gateway streams them: the question, the
 * change, two progress events, the verdict, the answer, the end.
 */
export function fixFrames(conversationId: string, turnId: string, firstSeq = 1): EventFrame[] {
  const change = "set env deployment/checkout -n shop DATABASE_URL=postgres://db/shop";
  const progress = (elapsedMs: number, state: "pending" | "ok"): ConversationEvent => ({
    type: "verification.progress",
    turnId,
    verificationId: sampleVerification.verificationId,
    toolCallIds: ["call-fix"],
    checks: [{ ...(sampleVerification.checks[0] as VerificationCheck), state }],
    elapsedMs,
    deadlineMs: 120_000,
  });
  const events: ConversationEvent[] = [
    { type: "turn.started", turnId, model: "offline-diagnostician", startedAt: at(0) },
    {
      type: "user.message",
      turnId,
      messageId: `${turnId}-u`,
      text: "fix checkout in shop",
      createdAt: at(0),
    },
    {
      type: "assistant.message",
      turnId,
      messageId: `${turnId}-a1`,
      content: "I propose to set DATABASE_URL.",
      toolCallIds: ["call-fix"],
    },
    {
      type: "tool.started",
      turnId,
      toolCallId: "call-fix",
      tool: "kubectl",
      command: change,
      classification: "mutating",
      startedAt: at(1),
    },
    {
      type: "tool.finished",
      turnId,
      toolCallId: "call-fix",
      tool: "kubectl",
      command: change,
      classification: "mutating",
      status: "ok",
      durationMs: 20,
      outputPreview: "deployment.apps/checkout env updated",
      truncated: false,
    },
    progress(300, "pending"),
    progress(1200, "ok"),
    { type: "verification.finished", turnId, verification: sampleVerification },
    {
      type: "assistant.message",
      turnId,
      messageId: `${turnId}-a2`,
      content: "Done. Verified: resolved.",
      toolCallIds: [],
    },
    { type: "turn.completed", turnId, durationMs: 2000, partial: false },
  ];
  return events.map((event, i) => frame(conversationId, firstSeq + i, event));
}

/** The stored form of `fixFrames`. */
export function fixDetail(conversationId: string, turnId: string): ConversationDetail {
  return ConversationDetail.parse({
    conversation: {
      id: conversationId,
      title: "fix checkout in shop",
      clusterContext: "kubemedic-demo",
      namespace: "shop",
      createdAt: at(0),
      updatedAt: at(2000),
      lastTurnStatus: "completed",
    },
    turns: [
      {
        id: turnId,
        seq: 1,
        status: "completed",
        model: "offline-diagnostician",
        startedAt: at(0),
        finishedAt: at(2000),
        error: null,
        usage: null,
        messages: [
          {
            id: `${turnId}-u`,
            turnId,
            role: "user",
            content: "fix checkout in shop",
            toolCalls: [],
            seq: 1,
            createdAt: at(0),
          },
          {
            id: `${turnId}-a1`,
            turnId,
            role: "assistant",
            content: "I propose to set DATABASE_URL.",
            toolCalls: [{ id: "call-fix", name: "kubectl", args: {} }],
            seq: 2,
            createdAt: at(1),
          },
          {
            id: `${turnId}-a2`,
            turnId,
            role: "assistant",
            content: "Done. Verified: resolved.",
            toolCalls: [],
            seq: 3,
            createdAt: at(1600),
          },
        ],
        toolLogs: [
          {
            id: "log-fix",
            turnId,
            toolCallId: "call-fix",
            tool: "kubectl",
            command: "set env deployment/checkout -n shop DATABASE_URL=postgres://db/shop",
            classification: "mutating",
            status: "ok",
            durationMs: 20,
            outputPreview: "deployment.apps/checkout env updated",
            truncated: false,
            startedAt: at(1),
          },
        ],
        approvals: [],
        report: null,
        verifications: [sampleVerification],
      },
    ],
    lastSeq: 10,
  });
}
