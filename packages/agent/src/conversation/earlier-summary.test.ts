import { FakeListChatModel } from "@langchain/core/utils/testing";
import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { carryEarlier } from "./carry-earlier";
import { emptyContext, type ConversationContext, type TurnDigest } from "./context";
import { EARLIER_LINES, summarizeEarlier } from "./earlier-summary";
import { digestLine, digestOf } from "./turn-digest";

const digest = (n: number, extra: Partial<TurnDigest> = {}): TurnDigest => ({
  turnId: `t${n}`,
  asked: `question ${n}`,
  changes: [],
  ...extra,
});

const human = (turnId: string, text: string) =>
  new HumanMessage({ content: text, additional_kwargs: { kubemedic: { turnId, language: "en" } } });

describe("turn digests", () => {
  it("keep what was asked, found and changed, bounded, in the user's language", () => {
    const d = digestOf({
      turnId: "t1",
      asked: `why is checkout failing in shop? ${"x".repeat(400)}`,
      report: {
        category: "CrashLoop",
        summary: "checkout exits: DATABASE_URL is not set",
        affectedResources: [{ kind: "Deployment", namespace: "shop", name: "checkout" }],
      },
      changes: [
        {
          turnId: "t1",
          command: "rollout restart deployment/checkout -n shop",
          status: "verified",
        },
        {
          turnId: "t1",
          command: "scale deployment/checkout -n shop --replicas=0",
          status: "rejected",
          reason: "not during business hours",
        },
      ],
    });
    expect(d.asked.length).toBeLessThanOrEqual(160);
    expect(d.found).toBe(
      "CrashLoop on Deployment/shop/checkout: checkout exits: DATABASE_URL is not set",
    );
    const en = digestLine(d, "en");
    expect(en).toContain(
      "change `rollout restart deployment/checkout -n shop` (applied and verified)",
    );
    expect(en).toContain("(rejected: not during business hours)");
    const zh = digestLine(d, "zh");
    expect(zh).toContain("已执行并验证解决");
    expect(zh).toContain("rollout restart deployment/checkout -n shop");
  });

  it("take an answer's first line when there was no report", () => {
    expect(
      digestOf({
        turnId: "t2",
        asked: "list pods",
        answer: "\n**3 pods** in shop\nmore",
        changes: [],
      }).found,
    ).toBe("3 pods in shop");
  });
});

describe("summarizeEarlier", () => {
  it("composes offline: counts every turn, lists the newest, says how many are older", async () => {
    let prior = await summarizeEarlier({ prior: undefined, dropped: [digest(1)], language: "en" });
    expect(prior).toMatchObject({ turns: 1, throughTurnId: "t1", via: "composed" });
    for (let n = 2; n <= 20; n++)
      prior = await summarizeEarlier({ prior, dropped: [digest(n)], language: "en" });
    expect(prior.turns).toBe(20);
    expect(prior.lines).toHaveLength(EARLIER_LINES);
    expect(prior.text).toContain("The 20 earlier turns");
    expect(prior.text).toContain(`and ${20 - EARLIER_LINES} turns before those`);
    expect(prior.text).toContain('asked "question 20"');
    expect(prior.text).not.toContain('asked "question 1"');
  });

  it("with a model: its text, marked as such; a failing model leaves the composed one", async () => {
    const model = new FakeListChatModel({ responses: ["- asked about checkout, fixed"] });
    const byModel = await summarizeEarlier({
      prior: undefined,
      dropped: [digest(1)],
      language: "en",
      model,
    });
    expect(byModel).toMatchObject({ via: "model", text: "- asked about checkout, fixed" });
    const broken = new FakeListChatModel({ responses: [] });
    const composed = await summarizeEarlier({
      prior: undefined,
      dropped: [digest(1)],
      language: "zh",
      model: broken,
    });
    expect(composed.via).toBe("composed");
    expect(composed.text).toContain("此前的 1 轮对话");
  });

  it("a cancelled turn is not summarized in its place", async () => {
    const controller = new AbortController();
    controller.abort();
    const model = new FakeListChatModel({ responses: ["x"], sleep: 50 });
    await expect(
      summarizeEarlier({
        prior: undefined,
        dropped: [digest(1)],
        language: "en",
        model,
        signal: controller.signal,
      }),
    ).rejects.toThrow();
  });
});

describe("carryEarlier", () => {
  const context: ConversationContext = {
    ...emptyContext(),
    turns: [digest(1), digest(2), digest(3)],
  };

  it("reuses the stored summary while no turn drops out (no model call)", async () => {
    const model = new FakeListChatModel({ responses: [] });
    const kept = [human("t1", "q1"), new AIMessage("a1"), human("t2", "q2"), human("t3", "q3")];
    const out = await carryEarlier({ context, kept, language: "en", model });
    expect(out.summarized).toBeUndefined();
    expect(out.context).toBe(context);
  });

  it("moves the digests of dropped turns into the summary and keeps the rest", async () => {
    const kept = [
      human("t3", "q3"),
      new AIMessage({ content: "", tool_calls: [{ id: "c", name: "kubectl", args: {} }] }),
      new ToolMessage({ content: "out", tool_call_id: "c" }),
    ];
    const out = await carryEarlier({ context, kept, language: "en" });
    expect(out.summarized).toMatchObject({ turns: 2, throughTurnId: "t2", via: "composed" });
    expect(out.context.turns?.map((d) => d.turnId)).toEqual(["t3"]);
    expect(out.context.earlier?.lines).toHaveLength(2);
  });
});
