import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import type { ToolCall } from "@langchain/core/messages/tool";
import { describe, expect, it } from "vitest";
import {
  changesCluster,
  INVALID_ARGS_KEY,
  pendingPlans,
  planCall,
  type PlanContext,
  type PlannedCall,
} from "./planned-call";
import type { AgentStateValue } from "./state";

const ctx: PlanContext = { allowed: new Set(["kubectl", "k8sgpt"]), namespace: "shop" };

function call(id: string, name: string, args: Record<string, unknown>): ToolCall {
  return { id, name, args, type: "tool_call" };
}

function stateWith(
  calls: ToolCall[],
  plannedCalls: AgentStateValue["plannedCalls"],
  answered: string[] = [],
): AgentStateValue {
  return {
    messages: [
      new HumanMessage("q"),
      new AIMessage({ id: "m1", content: "", tool_calls: calls }),
      ...answered.map((id) => new ToolMessage({ content: "done", tool_call_id: id })),
    ],
    plannedCalls,
  } as AgentStateValue;
}

describe("planCall", () => {
  it("reads a kubectl call once: the line shown, its class and its parsed command", () => {
    const plan = planCall(
      call("c1", "kubectl", {
        command: "  kubectl scale deploy/checkout --replicas 0 -nshop ",
        reason: " stop the crash loop ",
      }),
      ctx,
    );
    expect(plan).toMatchObject({
      kind: "kubectl",
      id: "c1",
      tool: "kubectl",
      command: "scale deploy/checkout --replicas 0 -nshop",
      classification: "mutating",
      why: "scale changes the replica count",
      reason: "stop the crash loop",
      parsed: {
        verb: "scale",
        args: ["deploy/checkout"],
        namespace: "shop",
        flags: { replicas: 0, namespace: "shop" },
      },
    });
    expect(changesCluster(plan)).toBe(true);
    // Plain data: what a checkpoint stores and gives back is the same plan.
    expect(JSON.parse(JSON.stringify(plan))).toEqual(plan);
  });

  it("keeps the parser's refusal, and plans k8sgpt with the turn's scope", () => {
    expect(planCall(call("c1", "kubectl", { command: "exec -it x -- sh" }), ctx)).toMatchObject({
      kind: "kubectl",
      classification: "refused",
    });
    const refused = planCall(call("c1", "kubectl", { command: "exec -it x -- sh" }), ctx);
    expect(refused.kind === "kubectl" && refused.why).toMatch(/never opens a shell/);
    expect(planCall(call("c2", "k8sgpt", { filters: ["Pod"] }), ctx)).toMatchObject({
      kind: "k8sgpt",
      command: "analyze --namespace shop --filter Pod",
      classification: "read",
      args: { filters: ["Pod"] },
    });
  });

  it("answers calls that cannot run, showing what they asked for", () => {
    const notJson = planCall(
      call("c1", "kubectl", { [INVALID_ARGS_KEY]: "{oops", error: "bad JSON" }),
      ctx,
    );
    expect(notJson).toMatchObject({ kind: "invalid", tool: "kubectl", command: "" });
    expect(notJson.kind === "invalid" && notJson.error).toMatch(/not valid JSON \(bad JSON\)/);
    const unknown = planCall(call("c2", "shell", { command: "rm -rf /" }), ctx);
    expect(unknown).toMatchObject({ kind: "invalid", name: "shell", tool: "kubectl" });
    expect(unknown.kind === "invalid" && unknown.error).toMatch(/not available here/);
    // A mutating line with invalid arguments is not a change to approve: it never runs.
    const tooLong = planCall(
      call("c3", "kubectl", { command: "delete pod x", manifest: "x".repeat(70_000) }),
      ctx,
    );
    expect(tooLong).toMatchObject({ kind: "invalid", classification: "mutating" });
    expect(changesCluster(tooLong)).toBe(false);
  });
});

describe("pendingPlans", () => {
  const scale = call("c1", "kubectl", { command: "scale deploy/cart --replicas=3 -n shop" });
  const get = call("c2", "kubectl", { command: "get pods -n shop" });

  it("returns the stored plan of each unanswered call, not the call's arguments read again", () => {
    const stored: PlannedCall[] = [planCall(scale, ctx), planCall(get, ctx)];
    // The message was edited after planning (the same call id, another command).
    const edited = call("c1", "kubectl", { command: "delete deploy/cart -n shop" });
    const plans = pendingPlans(stateWith([edited, get], { messageId: "m1", calls: stored }), ctx);
    expect(plans.map((p) => p.command)).toEqual([
      "scale deploy/cart --replicas=3 -n shop",
      "get pods -n shop",
    ]);
    expect(plans[0]).toBe(stored[0]);
    // Answered calls are done.
    const rest = pendingPlans(
      stateWith([scale, get], { messageId: "m1", calls: stored }, ["c1"]),
      ctx,
    );
    expect(rest.map((p) => p.id)).toEqual(["c2"]);
  });

  it("plans calls of a thread checkpointed before plans were stored, and never another message's", () => {
    const fresh = pendingPlans(stateWith([scale], null), ctx);
    expect(fresh[0]).toMatchObject({ id: "c1", classification: "mutating" });
    const stale: PlannedCall[] = [planCall(call("c1", "kubectl", { command: "get nodes" }), ctx)];
    const other = pendingPlans(stateWith([scale], { messageId: "m0", calls: stale }), ctx);
    expect(other[0]).toMatchObject({ command: "scale deploy/cart --replicas=3 -n shop" });
  });
});
