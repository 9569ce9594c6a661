import { describe, expect, it } from "vitest";
import { sampleApproval, sampleReport, TurnScript } from "../../test/turn-script";
import { isServerError } from "../errors";
import { MAX_OUTPUT_PREVIEW_CHARS, TurnBuffer } from "./turn-buffer";

function setup() {
  const script = new TurnScript("conv-1", "turn-1");
  return { script, buffer: new TurnBuffer("turn-1") };
}

describe("TurnBuffer", () => {
  it("stores streamed text as the user saw it until the full message replaces it", () => {
    const { script, buffer } = setup();
    buffer.apply(script.frame({ type: "assistant.delta", messageId: "a", delta: "Hel" }));
    buffer.apply(script.frame({ type: "assistant.delta", messageId: "b", delta: "Second" }));
    buffer.apply(script.frame({ type: "assistant.delta", messageId: "a", delta: "lo" }));
    expect(
      buffer.apply(script.frame({ type: "turn.failed", code: "llm_error", message: "boom" })),
    ).toBe(true);
    const write = buffer.result();
    expect(write.messages.map((m) => [m.id, m.content])).toEqual([
      ["a", "Hello"],
      ["b", "Second"],
    ]);
    expect(write).toMatchObject({
      status: "failed",
      errorCode: "llm_error",
      error: "boom",
      maxSeq: 4,
    });

    const other = setup();
    other.buffer.apply(
      other.script.frame({ type: "assistant.delta", messageId: "a", delta: "Hel" }),
    );
    other.buffer.apply(
      other.script.frame({
        type: "assistant.message",
        messageId: "a",
        content: "Hello!",
        toolCallIds: [],
      }),
    );
    other.buffer.apply(
      other.script.frame({ type: "turn.completed", durationMs: 5, partial: false }),
    );
    expect(other.buffer.result().messages.map((m) => m.content)).toEqual(["Hello!"]);
  });

  it("logs tools cut off by the end as cancelled, but not at an approval pause", () => {
    const ended = setup();
    ended.buffer.apply(
      ended.script.frame({ type: "turn.started", model: "m", startedAt: ended.script.iso() }),
    );
    ended.buffer.apply(
      ended.script.frame({
        type: "tool.started",
        toolCallId: "t",
        tool: "kubectl",
        command: "get pods",
        classification: "read",
        startedAt: ended.script.iso(),
      }),
    );
    ended.buffer.apply(ended.script.frame({ type: "turn.cancelled" }, 100));
    const write = ended.buffer.result();
    expect(write.toolLogs).toMatchObject([
      { toolCallId: "t", status: "cancelled", durationMs: 110, outputPreview: "" },
    ]);
    expect(write).toMatchObject({
      status: "cancelled",
      errorCode: "cancelled",
      error: undefined,
      durationMs: 120,
    });

    const paused = setup();
    paused.buffer.apply(
      paused.script.frame({
        type: "tool.started",
        toolCallId: "t",
        tool: "kubectl",
        command: "get pods",
        classification: "read",
        startedAt: paused.script.iso(),
      }),
    );
    paused.buffer.apply(
      paused.script.frame({
        type: "assistant.message",
        messageId: "a",
        content: "",
        toolCallIds: ["mut"],
      }),
    );
    expect(
      paused.buffer.apply(
        paused.script.frame({ type: "approval.requested", requests: [sampleApproval("mut")] }),
      ),
    ).toBe(true);
    const pause = paused.buffer.result();
    expect(pause).toMatchObject({
      status: "awaiting_approval",
      finishedAt: undefined,
      durationMs: undefined,
    });
    expect(pause.toolLogs).toEqual([]);
    expect(pause.approvals.map((a) => a.toolCallId)).toEqual(["mut"]);
    expect(pause.messages[0]?.toolCalls).toEqual([
      { id: "mut", name: "kubectl", args: { command: "rollout restart deploy/checkout -n shop" } },
    ]);
  });

  it("bounds and cleans tool output, and keeps only the command as tool input", () => {
    const { script, buffer } = setup();
    const huge = `\u0000${"x".repeat(MAX_OUTPUT_PREVIEW_CHARS + 10)}`;
    // As an older agent sent it, with a `structured` field the protocol no longer has.
    const older = {
      type: "tool.finished" as const,
      toolCallId: "t",
      tool: "kubectl",
      command: "logs p",
      classification: "read" as const,
      status: "ok" as const,
      durationMs: 3.6,
      outputPreview: huge,
      truncated: false,
      structured: { secret: "not stored" },
    };
    buffer.apply(script.frame(older));
    buffer.apply(
      script.frame({
        type: "assistant.message",
        messageId: "a",
        content: "x",
        toolCallIds: ["t", "ghost"],
      }),
    );
    buffer.apply(script.frame({ type: "turn.completed", durationMs: 1, partial: false }));
    const [log] = buffer.result().toolLogs;
    expect(log?.outputPreview).toHaveLength(MAX_OUTPUT_PREVIEW_CHARS);
    expect(log?.outputPreview.startsWith("\uFFFDx")).toBe(true);
    expect(log).toMatchObject({ truncated: true, durationMs: 4 });
    expect(JSON.stringify(buffer.result())).not.toContain("not stored");
    expect(buffer.result().messages[0]?.toolCalls).toEqual([
      { id: "t", name: "kubectl", args: { command: "logs p" } },
      { id: "ghost", name: "unknown", args: {} },
    ]);
  });

  it("validates reports and refuses events of another turn or after the end", () => {
    const { script, buffer } = setup();
    expect(() =>
      buffer.apply(
        script.frame({
          type: "report.ready",
          report: { ...sampleReport(), confidence: 7 },
          degraded: false,
        }),
      ),
    ).toThrow();
    const foreign = new TurnScript("conv-1", "turn-2").frame({
      type: "turn.completed",
      durationMs: 1,
      partial: false,
    });
    expect(catching(() => buffer.apply(foreign))).toSatisfy((e: unknown) =>
      isServerError(e, "internal"),
    );
    buffer.apply(script.frame({ type: "turn.completed", durationMs: 1, partial: false }));
    expect(
      catching(() =>
        buffer.apply(script.frame({ type: "turn.completed", durationMs: 1, partial: false })),
      ),
    ).toSatisfy((e: unknown) => isServerError(e, "internal"));
  });

  it("refuses to give a result before the turn ends", () => {
    const { buffer } = setup();
    expect(catching(() => buffer.result())).toSatisfy((e: unknown) => isServerError(e, "internal"));
  });
});

function catching(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  return undefined;
}
