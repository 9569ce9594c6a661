import type { ConversationEvent, Plan, TurnDetail } from "@kubemedic/protocol";
import { describe, expect, it } from "vitest";
import { applyEvent } from "./applyEvent";
import { turnFromDetail } from "./fromDetail";
import type { PlanItem, TurnView } from "./streamTypes";
import { timelineRows } from "./timelineRows";

const plan: Plan = {
  version: 1,
  reason: "the question names 2 failing objects",
  steps: [
    {
      id: "s1",
      goal: "why is deployment checkout failing?",
      specialist: "workload",
      scope: { namespace: "shop" },
      dependsOn: [],
      status: "pending",
    },
    {
      id: "s2",
      goal: "why is deployment report-worker failing?",
      specialist: "workload",
      scope: { namespace: "shop" },
      dependsOn: [],
      status: "pending",
    },
  ],
};

const events: ConversationEvent[] = [
  { type: "route.decided", turnId: "t1", branch: "complex", reason: "two objects" },
  { type: "plan.created", turnId: "t1", plan },
  { type: "plan.step.started", turnId: "t1", planVersion: 1, stepId: "s1" },
  {
    type: "tool.started",
    turnId: "t1",
    toolCallId: "c1",
    tool: "kubectl",
    command: "get pods -n shop",
    classification: "read",
    startedAt: "2026-11-27T10:00:00.000Z",
  },
  {
    type: "plan.step.finished",
    turnId: "t1",
    planVersion: 1,
    stepId: "s1",
    status: "done",
    result: "CrashLoop: checkout",
    toolCallIds: ["c1"],
  },
];

function play(list: readonly ConversationEvent[], turns: TurnView[] = []): TurnView[] {
  return list.reduce((acc, e) => applyEvent(acc, e, "2026-11-27T10:00:01.000Z"), turns);
}
const planOf = (turns: TurnView[]) =>
  turns[0]?.items.find((i): i is PlanItem => i.kind === "plan")?.plan;

describe("plan events in the stream reducer", () => {
  it("fold into one plan item: route reason, steps, statuses, each step's tool calls", () => {
    const p = planOf(play(events));
    expect(p?.branch).toBe("complex");
    expect(p?.plan?.steps.map((s) => [s.id, s.status])).toEqual([
      ["s1", "done"],
      ["s2", "pending"],
    ]);
    expect(p?.plan?.steps[0]?.toolCallIds).toEqual(["c1"]);
  });

  it("are idempotent: a replay leaves the same plan", () => {
    const once = play(events);
    expect(play(events, once)).toEqual(once);
  });

  it("keep a finished step finished when a revision repeats it as pending", () => {
    const revised: ConversationEvent = {
      type: "plan.revised",
      turnId: "t1",
      plan: { ...plan, version: 2, reason: "Revised: step s2 failed" },
    };
    const p = planOf(play([...events, revised]));
    expect(p?.plan?.version).toBe(2);
    expect(p?.plan?.steps[0]?.status).toBe("done");
  });

  it("make no card for a single or simple route", () => {
    const turns = play([
      { type: "route.decided", turnId: "t1", branch: "single", reason: "one object" },
    ]);
    expect(planOf(turns)).toBeUndefined();
  });

  it("nest a planned turn's tool calls in the plan card's row, not the timeline", () => {
    const rows = timelineRows({
      id: "c",
      hydrated: true,
      lastSeq: 5,
      pending: [],
      turns: play(events),
      outbox: [],
    } as unknown as Parameters<typeof timelineRows>[0]);
    const kinds = rows.flatMap((r) => (r.kind === "item" ? [r.item.kind] : []));
    expect(kinds).toEqual(["plan"]);
    const planRow = rows.find((r) => r.kind === "item" && r.item.kind === "plan");
    expect(planRow?.kind === "item" ? planRow.tools?.map((t) => t.toolCallId) : null).toEqual([
      "c1",
    ]);
  });

  it("come back on reload: the stored plan becomes the same card after the question", () => {
    const live = planOf(play(events));
    const detail = {
      id: "t1",
      seq: 1,
      status: "completed",
      model: "offline",
      startedAt: "2026-11-27T10:00:00.000Z",
      finishedAt: "2026-11-27T10:00:05.000Z",
      error: null,
      usage: null,
      messages: [
        {
          id: "m1",
          seq: 1,
          role: "user",
          content: "what's wrong?",
          toolCalls: [],
          createdAt: "2026-11-27T10:00:00.000Z",
        },
      ],
      toolLogs: [],
      approvals: [],
      report: null,
      plan: live,
    } as unknown as TurnDetail;
    const items = turnFromDetail(detail).items;
    expect(items.map((i) => i.kind)).toEqual(["user", "plan"]);
    expect((items[1] as PlanItem).plan).toEqual(live);
  });
});
