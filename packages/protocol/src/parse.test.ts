import { describe, expect, it } from "vitest";
import { ApprovalRequest } from "./approval";
import { parseClientFrame } from "./parse";
import { DiagnosisReport } from "./report";
import { protocolMajor } from "./version";

describe("parseClientFrame", () => {
  it("accepts a valid message.send and trims nothing it should keep", () => {
    const result = parseClientFrame(
      JSON.stringify({
        type: "message.send",
        requestId: "r1",
        conversationId: "c1",
        text: "why is checkout failing in shop?",
        clientMessageId: "m-000001",
      }),
    );
    expect(result).toMatchObject({
      ok: true,
      value: { type: "message.send", conversationId: "c1" },
    });
  });

  it.each([
    ["not json", "{", "invalid_json"],
    ["an array", "[]", "bad_request"],
    ["no type", JSON.stringify({ requestId: "x" }), "bad_request"],
    ["an unknown type", JSON.stringify({ type: "rm -rf" }), "unknown_type"],
    [
      "an empty message",
      JSON.stringify({
        type: "message.send",
        conversationId: "c",
        text: "   ",
        clientMessageId: "12345678",
      }),
      "bad_request",
    ],
    ["a future major version", JSON.stringify({ type: "ping", v: "2.0" }), "unsupported_protocol"],
    [
      "open with both id and create",
      JSON.stringify({ type: "conversation.open", conversationId: "c", create: {} }),
      "bad_request",
    ],
  ])("refuses %s with %s", (_name, raw, code) => {
    const result = parseClientFrame(raw);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.code).toBe(code);
  });

  it("echoes the requestId of a frame it refuses", () => {
    const result = parseClientFrame(JSON.stringify({ type: "nope", requestId: "abc" }));
    expect(result).toMatchObject({ ok: false, requestId: "abc" });
  });

  it("refuses frames over the byte limit, counting multi-byte characters", () => {
    const text = "é".repeat(40);
    expect(parseClientFrame(JSON.stringify({ type: "ping", x: text }), 64)).toMatchObject({
      ok: false,
      code: "frame_too_large",
    });
    expect(
      parseClientFrame(new TextEncoder().encode(JSON.stringify({ type: "ping" })), 64),
    ).toMatchObject({
      ok: true,
    });
  });
});

describe("protocol pieces", () => {
  it("reads the major of a version", () => {
    expect(protocolMajor("1.0")).toBe(1);
    expect(protocolMajor("12")).toBe(12);
    expect(protocolMajor("one")).toBeNull();
  });

  it("rejects a report with a category outside the taxonomy", () => {
    const report = {
      summary: "s",
      category: "Gremlins",
      severity: "high",
      rootCause: "r",
      confidence: 0.5,
      affectedResources: [],
      evidence: [],
      recommendations: [],
    };
    expect(DiagnosisReport.safeParse(report).success).toBe(false);
    expect(DiagnosisReport.safeParse({ ...report, category: "CrashLoop" }).success).toBe(true);
  });

  it("reads approval requests with and without all targets and preview notes", () => {
    const earlier = {
      toolCallId: "c1",
      tool: "kubectl",
      command: "delete pods -l app=checkout -n shop",
      reason: "recreate them",
      risk: "high",
      target: { kind: "Pod", namespace: "shop", name: "checkout-a" },
      preview: { summary: "delete pod/checkout-a, pod/checkout-b" },
    };
    expect(ApprovalRequest.parse(earlier)).toEqual(earlier);
    const now = {
      ...earlier,
      targets: [earlier.target, { kind: "Pod", namespace: "shop", name: "checkout-b" }],
      preview: {
        ...earlier.preview,
        notes: ["the server's dry run failed, so the result is not shown"],
      },
    };
    expect(ApprovalRequest.parse(now)).toEqual(now);
    expect(ApprovalRequest.safeParse({ ...now, targets: [{ kind: "Pod" }] }).success).toBe(false);
  });
});
