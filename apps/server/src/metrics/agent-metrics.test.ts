import type { HookPlanEvent, HookToolCall } from "@kubemedic/agent";
import { describe, expect, it } from "vitest";
import { AgentMetrics } from "./agent-metrics";
import { GatewayMetrics } from "./gateway-metrics";

const turnA = { conversationId: "c1", turnId: "t1" };
const turnB = { conversationId: "c2", turnId: "t2" };
const call = (tool: string): HookToolCall => ({
  toolCallId: `call-${tool}`,
  tool,
  command: `kubectl get secret db -n shop -o yaml`,
  classification: "read",
});
const plan = (turnId: string, specialist: "workload" | "storage"): HookPlanEvent => ({
  type: "plan.created",
  turnId,
  plan: {
    version: 1,
    reason: "two faults",
    steps: [{ id: "s1", goal: "why?", specialist, scope: {}, dependsOn: [], status: "pending" }],
  },
});

describe("AgentMetrics", () => {
  it("counts tool calls and their durations by tool and status, never the command", async () => {
    const m = new GatewayMetrics();
    const hooks = new AgentMetrics(m).hooks();
    hooks.toolEnd?.(turnA, call("kubectl"), "ok", 250);
    const text = await m.render();
    expect(text).toMatch(
      /^kubemedic_tool_calls_total\{classification="read",status="ok",tool="kubectl"\} 1$/m,
    );
    expect(text).toMatch(
      /^kubemedic_tool_call_duration_seconds_bucket\{le="0.25",tool="kubectl",status="ok"\} 1$/m,
    );
    expect(text).not.toContain("secret db");
  });

  it("keeps tool names bounded: a name that is no identifier, or one past the cap, is `other`", async () => {
    const m = new GatewayMetrics();
    const hooks = new AgentMetrics(m).hooks();
    hooks.toolEnd?.(turnA, call("kubectl get pods"), "error", 1);
    for (let i = 0; i < 70; i++) hooks.toolEnd?.(turnA, call(`made_up_${i}`), "error", 1);
    const text = await m.render();
    const tools = new Set(
      [...text.matchAll(/^kubemedic_tool_calls_total\{.*tool="([^"]+)"\}/gm)].map((r) => r[1]),
    );
    expect(tools.size).toBe(65);
    expect(tools.has("other")).toBe(true);
    expect(text).not.toContain("kubectl get pods");
    expect(text).toMatch(/^kubemedic_tool_calls_total\{.*tool="other"\} 7$/m);
  });

  it("counts model tokens per call, and a finished step under its own turn's specialist", async () => {
    const m = new GatewayMetrics();
    const hooks = new AgentMetrics(m).hooks();
    const model = { runId: "r1", model: "stub" };
    hooks.modelStart?.(turnA, model);
    hooks.modelEnd?.(turnA, model, { inputTokens: 120, outputTokens: 30 });
    // Two turns with the same step id, planned at once: each step keeps its specialist.
    hooks.plan?.(turnA, plan("t1", "workload"));
    hooks.plan?.(turnB, plan("t2", "storage"));
    const finished = (turnId: string): HookPlanEvent => ({
      type: "plan.step.finished",
      turnId,
      planVersion: 1,
      stepId: "s1",
      status: "done",
      toolCallIds: [],
    });
    hooks.plan?.(turnB, finished("t2"));
    hooks.plan?.(turnA, finished("t1"));
    hooks.turnEnd?.(turnA, "completed");
    const text = await m.render();
    expect(text).toMatch(/^kubemedic_llm_tokens_total\{direction="input"\} 120$/m);
    expect(text).toMatch(/^kubemedic_llm_tokens_total\{direction="output"\} 30$/m);
    expect(text).toMatch(/^kubemedic_llm_call_duration_seconds_count\{outcome="ok"\} 1$/m);
    expect(text).toMatch(/^kubemedic_plan_events_total\{event="created"\} 2$/m);
    expect(text).toMatch(/^kubemedic_plan_events_total\{event="step_finished"\} 2$/m);
    expect(text).toMatch(/^kubemedic_plan_steps_total\{specialist="workload",status="done"\} 1$/m);
    expect(text).toMatch(/^kubemedic_plan_steps_total\{specialist="storage",status="done"\} 1$/m);
  });
});
