import {
  ConversationDetail,
  type ApprovalDto,
  type MessageDto,
  type ToolLogDto,
  type TurnDetail,
} from "@kubemedic/protocol";
import { sampleApproval, sampleReport } from "../src/stream/eventFixtures";

/**
 * A recorded-shape conversation of `messages` messages (half questions, half
 * answers) with the tool calls, approvals and reports a real investigation
 * has, for the render benchmark and the card gallery. Deterministic.
 */
export function conversationFixture(id: string, messages: number): ConversationDetail {
  const turns: TurnDetail[] = [];
  const t0 = Date.parse("2026-11-20T09:00:00.000Z");
  const iso = (ms: number) => new Date(t0 + ms).toISOString();
  for (let n = 0; n < Math.ceil(messages / 2); n++) {
    const turnId = `turn-${n}`;
    const start = n * 60_000;
    const calls = [`${turnId}-c1`, `${turnId}-c2`];
    const msgs: MessageDto[] = [
      {
        id: `${turnId}-u`,
        turnId,
        role: "user",
        content: QUESTIONS[n % QUESTIONS.length] ?? "why?",
        toolCalls: [],
        seq: n * 2 + 1,
        createdAt: iso(start),
      },
      {
        id: `${turnId}-a`,
        turnId,
        role: "assistant",
        content: answer(n),
        toolCalls: calls.map((c, i) => ({
          id: c,
          name: "kubectl",
          args: { command: COMMANDS[i] ?? "" },
        })),
        seq: n * 2 + 2,
        createdAt: iso(start + 900),
      },
    ];
    const toolLogs: ToolLogDto[] = calls.map((c, i) => ({
      id: `log-${c}`,
      turnId,
      toolCallId: c,
      tool: "kubectl",
      command: COMMANDS[i] ?? "get pods",
      classification: "read",
      status: n % 17 === 5 && i === 1 ? "error" : "ok",
      durationMs: 8 + ((n * 7 + i * 13) % 90),
      outputPreview:
        n % 17 === 5 && i === 1
          ? 'Error from server (NotFound): pods "checkout-x" not found'
          : OUTPUT,
      truncated: i === 0,
      startedAt: iso(start + 200 + i),
    }));
    const approvals: ApprovalDto[] =
      n % 25 === 24
        ? [
            {
              id: `ap-${n}`,
              turnId,
              toolCallId: `${turnId}-c2`,
              command: sampleApproval.command,
              decision: "approve",
              reason: null,
              decidedBy: "local",
              decidedAt: iso(start + 500),
              request: { ...sampleApproval, toolCallId: `${turnId}-c2` },
            },
          ]
        : [];
    turns.push({
      id: turnId,
      seq: n + 1,
      status: "completed",
      model: "offline-diagnostician",
      startedAt: iso(start),
      finishedAt: iso(start + 1800),
      error: null,
      usage: null,
      messages: msgs.slice(0, Math.min(2, messages - n * 2)),
      toolLogs,
      approvals,
      report:
        n % 10 === 9
          ? {
              id: `rep-${n}`,
              turnId,
              createdAt: iso(start + 1700),
              degraded: false,
              report: sampleReport,
            }
          : null,
    });
  }
  return ConversationDetail.parse({
    conversation: {
      id,
      title: "checkout in shop keeps crashing",
      clusterContext: "kubemedic-demo",
      namespace: "shop",
      createdAt: iso(0),
      updatedAt: iso(turns.length * 60_000),
      lastTurnStatus: "completed",
    },
    turns,
    lastSeq: turns.length * 14,
  });
}

const QUESTIONS = [
  "why is checkout failing in shop?",
  "what do the previous logs of the crashing pod say?",
  "is the ConfigMap mounted correctly?",
  "which events are recent in shop?",
];

const COMMANDS = ["get pods -n shop -o wide", "get events -n shop --sort-by=.lastTimestamp"];

const OUTPUT = [
  "NAME                        READY   STATUS             RESTARTS      AGE   IP            NODE",
  "checkout-7d9f8c6b5d-2xkqp   0/1     CrashLoopBackOff   7 (2m ago)    14m   10.244.1.17   worker-1",
  "checkout-7d9f8c6b5d-9hjwz   0/1     CrashLoopBackOff   7 (3m ago)    14m   10.244.2.9    worker-2",
  "cart-5c8d7b9f6-lmn4p        1/1     Running            0             2d    10.244.1.4    worker-1",
  "frontend-6b7c9d8f5-qrs7t    1/1     Running            0             2d    10.244.2.3    worker-2",
  "… truncated: 42 more lines",
].join("\n");

function answer(n: number): string {
  return [
    `Step ${n + 1}: the **checkout** pods restart because the container exits with code 1 right after start.`,
    "",
    "The previous instance logged:",
    "",
    "```text",
    "fatal: CHECKOUT_DB_URL is not set",
    "```",
    "",
    "- Deployment `shop/checkout` reads `CHECKOUT_DB_URL` from ConfigMap `checkout-config`",
    "- the ConfigMap has no such key",
  ].join("\n");
}
