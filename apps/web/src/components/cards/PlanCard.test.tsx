import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { PlanStep } from "@kubemedic/protocol";
import type { PlanItem, ToolItem } from "../../stream/streamTypes";
import { PlanCard } from "./PlanCard";

const step = (id: string, over: Partial<PlanStep> = {}): PlanStep => ({
  id,
  goal: `why is ${id} failing?`,
  specialist: "workload",
  scope: {},
  dependsOn: [],
  status: "done",
  ...over,
});

const tool = (toolCallId: string, command: string): ToolItem => ({
  kind: "tool",
  key: `tool:${toolCallId}`,
  toolCallId,
  tool: "kubectl",
  command,
  classification: "read",
  status: "ok",
  startedAt: "2026-11-28T03:00:00.000Z",
  durationMs: 12,
  output: "",
  truncated: false,
});

const item = (steps: PlanStep[], version = 1): PlanItem => ({
  kind: "plan",
  key: "plan:t1",
  plan: { branch: "complex", reason: "two faults", plan: { version, reason: "two faults", steps } },
});

const render = (plan: PlanItem, open: string[] = [], tools: ToolItem[] = []) =>
  renderToStaticMarkup(
    <PlanCard
      item={plan}
      tools={tools}
      expanded={(key) => (open.includes(key) ? true : undefined)}
      onToggle={() => undefined}
    />,
  );

describe("PlanCard", () => {
  const steps = [
    step("s1", { toolCallIds: ["a"] }),
    step("s2", { specialist: "networking", status: "running" }),
    step("s3", { specialist: "config", status: "pending", dependsOn: ["s1", "s2"] }),
  ];
  const tools = [tool("a", "kubectl get pods -n shop"), tool("b", "kubectl get svc -n web")];

  it("shows each step with its number, status and specialist, and what a step waits for", () => {
    const html = render(item(steps), [], tools);
    expect(html.match(/data-testid="plan-step"/g)).toHaveLength(3);
    expect(html).toContain('data-status="running" data-specialist="networking" data-depends-on=""');
    expect(html).toContain('data-specialist="config" data-depends-on="1,2"');
    expect(html).toContain(">after 1, 2<");
    expect(html).toContain(">1/3 steps done<");
  });

  it("opens a step onto its own tool calls; calls no step claims yet show as in progress", () => {
    const closed = render(item(steps), [], tools);
    expect(closed).not.toContain("kubectl get pods -n shop");
    expect(closed).toContain("kubectl get svc -n web");
    const open = render(item(steps), ["plan:t1:s1"], tools);
    expect(open).toContain("kubectl get pods -n shop");
    expect(open).toContain('aria-expanded="true"');
  });

  it("names a revised plan's revision", () => {
    expect(render(item(steps, 2))).toContain("(revision 1)");
  });
});
