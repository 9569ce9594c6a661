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
  const pods = readCall(`${turnId}-c1`, "get pods -n shop");
  const events = readCall(`${turnId}-c2`, "get events -n shop");
  const stream: ConversationEvent[] = [
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
    toolStarted(turnId, pods),
    toolStarted(turnId, events),
    toolFinished(turnId, pods),
    toolFinished(turnId, events),
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
  return stream.map((event, i) => frame(conversationId, firstSeq + i, event));
}

/** One kubectl call of a fixture, as both its events and its stored tool log show it. */
interface ToolRun {
  toolCallId: string;
  command: string;
  classification: "read" | "mutating";
  durationMs: number;
  outputPreview: string;
  truncated: boolean;
}

function readCall(toolCallId: string, command: string): ToolRun {
  return {
    toolCallId,
    command,
    classification: "read",
    durationMs: 12,
    outputPreview: "NAME   READY\ncheckout-7d9f-abcde   0/1\n… truncated: 40 more lines",
    truncated: true,
  };
}

function toolStarted(turnId: string, run: ToolRun): ConversationEvent {
  const { toolCallId, command, classification } = run;
  return {
    type: "tool.started",
    turnId,
    toolCallId,
    tool: "kubectl",
    command,
    classification,
    startedAt: at(1),
  };
}

function toolFinished(turnId: string, run: ToolRun): ConversationEvent {
  return { type: "tool.finished", turnId, tool: "kubectl", status: "ok", ...run };
}

/** The stored form of a tool call (`toolLogs` of a turn). */
function toolLog(id: string, turnId: string, run: ToolRun) {
  return { id, turnId, tool: "kubectl", status: "ok" as const, ...run, startedAt: at(1) };
}

/** The stored conversation row of a fixture: the demo cluster's shop namespace, one finished turn. */
function storedConversation(id: string, title: string) {
  return {
    id,
    title,
    clusterContext: "kubemedic-demo",
    namespace: "shop",
    createdAt: at(0),
    updatedAt: at(2000),
    lastTurnStatus: "completed",
  };
}

/** A stored message of a fixture's turn. */
function storedMessage(
  turnId: string,
  id: string,
  role: "user" | "assistant",
  content: string,
  seq: number,
  createdAtMs: number,
  toolCalls: { id: string; name: string; args: Record<string, unknown> }[] = [],
) {
  return { id, turnId, role, content, toolCalls, seq, createdAt: at(createdAtMs) };
}

/** A stored turn of a fixture that completed: its timing and what it left behind. */
function completedTurn(id: string, finishedAtMs: number, rest: Record<string, unknown>) {
  return {
    id,
    seq: 1,
    status: "completed",
    model: "offline-diagnostician",
    startedAt: at(0),
    finishedAt: at(finishedAtMs),
    error: null,
    usage: null,
    ...rest,
  };
}

/** The stored form of `investigationFrames`, as `GET /api/conversations/:id` returns it. */
export function investigationDetail(
  conversationId: string,
  turnId: string,
  lastSeq = 13,
): ConversationDetail {
  const pods = readCall(`${turnId}-c1`, "get pods -n shop");
  const events = readCall(`${turnId}-c2`, "get events -n shop");
  return ConversationDetail.parse({
    conversation: storedConversation(conversationId, "why is checkout failing in shop?"),
    turns: [
      completedTurn(turnId, 1200, {
        messages: [
          storedMessage(turnId, `${turnId}-u`, "user", "why is checkout failing in shop?", 1, 0),
          storedMessage(
            turnId,
            `${turnId}-a1`,
            "assistant",
            "Looking at the shop namespace.",
            2,
            10,
            [
              { id: pods.toolCallId, name: "kubectl", args: { command: pods.command } },
              { id: events.toolCallId, name: "kubectl", args: { command: events.command } },
            ],
          ),
          storedMessage(turnId, `${turnId}-a2`, "assistant", "The pod crashes.", 3, 20),
        ],
        toolLogs: [
          toolLog(`log-${events.toolCallId}`, turnId, events),
          toolLog(`log-${pods.toolCallId}`, turnId, pods),
        ],
        approvals: [],
        report: {
          id: `${turnId}-r`,
          turnId,
          createdAt: at(1100),
          degraded: false,
          report: sampleReport,
        },
      }),
    ],
    lastSeq,
  });
}

/** The change of `fixFrames`, approved and run. */
const fixCall: ToolRun = {
  toolCallId: "call-fix",
  command: "set env deployment/checkout -n shop DATABASE_URL=postgres://db/shop",
  classification: "mutating",
  durationMs: 20,
  outputPreview: "deployment.apps/checkout env updated",
  truncated: false,
};

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
    toolStarted(turnId, fixCall),
    toolFinished(turnId, fixCall),
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
    conversation: storedConversation(conversationId, "fix checkout in shop"),
    turns: [
      completedTurn(turnId, 2000, {
        messages: [
          storedMessage(turnId, `${turnId}-u`, "user", "fix checkout in shop", 1, 0),
          storedMessage(
            turnId,
            `${turnId}-a1`,
            "assistant",
            "I propose to set DATABASE_URL.",
            2,
            1,
            [{ id: fixCall.toolCallId, name: "kubectl", args: {} }],
          ),
          storedMessage(turnId, `${turnId}-a2`, "assistant", "Done. Verified: resolved.", 3, 1600),
        ],
        toolLogs: [toolLog("log-fix", turnId, fixCall)],
        approvals: [],
        report: null,
        verifications: [sampleVerification],
      }),
    ],
    lastSeq: 10,
  });
}
