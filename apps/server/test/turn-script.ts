import type {
  ApprovalRequest,
  ConversationEvent,
  DiagnosisReport,
  EventFrame,
} from "@kubemedic/protocol";

/**
 * Builds a turn's events the way the gateway will: each wrapped in an
 * EventFrame with the conversation's next sequence number and a timestamp.
 */
export class TurnScript {
  private clock: number;

  constructor(
    readonly conversationId: string,
    readonly turnId: string,
    private seq = 0,
    start = Date.parse("2026-11-22T10:00:00.000Z"),
  ) {
    this.clock = start;
  }

  get lastSeq(): number {
    return this.seq;
  }

  /** The frame for an event of this turn; `turnId` is filled in. */
  frame(event: DistributiveOmit<ConversationEvent, "turnId">, advanceMs = 10): EventFrame {
    this.clock += advanceMs;
    return {
      type: "event",
      conversationId: this.conversationId,
      seq: ++this.seq,
      at: new Date(this.clock).toISOString(),
      event: { ...event, turnId: this.turnId },
    };
  }

  iso(offsetMs = 0): string {
    return new Date(this.clock + offsetMs).toISOString();
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export function sampleReport(overrides: Partial<DiagnosisReport> = {}): DiagnosisReport {
  return {
    summary: "checkout crash-loops: its ConfigMap checkout-config is missing.",
    category: "MissingConfig",
    severity: "high",
    rootCause: "Deployment shop/checkout mounts ConfigMap checkout-config, which does not exist.",
    confidence: 0.9,
    affectedResources: [
      { kind: "ConfigMap", namespace: "shop", name: "checkout-config", status: "missing" },
      { kind: "Deployment", namespace: "shop", name: "checkout", status: "0/2 ready" },
    ],
    evidence: [
      {
        source: "events",
        command: "get events -n shop",
        excerpt: 'configmap "checkout-config" not found',
      },
    ],
    recommendations: [
      {
        title: "Create the ConfigMap",
        rationale: "The pods cannot start without it.",
        command: "apply -f checkout-config.yaml -n shop",
        risk: "low",
        requiresApproval: true,
      },
    ],
    ...overrides,
  };
}

export function sampleApproval(toolCallId: string): ApprovalRequest {
  return {
    toolCallId,
    tool: "kubectl",
    command: "rollout restart deploy/checkout -n shop",
    reason: "Restart after the ConfigMap exists.",
    risk: "low",
    target: { kind: "Deployment", namespace: "shop", name: "checkout" },
    preview: { summary: "restarts 2 pods" },
  };
}
