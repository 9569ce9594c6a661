import { describe, expect, it } from "vitest";
import { emptyContext, type ConversationContext } from "./context";
import { nearestNames } from "./find-object";
import { pickedChoice } from "./finished-turn";
import { readFollowUp } from "./follow-up";
import { resolveFollowUp } from "./resolve-follow-up";
import { scopeOf } from "./scope-rule";
import { undoCommands } from "./undo";

describe("readFollowUp: classes of follow-up, whatever the phrasing", () => {
  it.each([
    ["how do I fix it?", "explain-fix"],
    ["how can we fix this", "explain-fix"],
    ["what should I do about that?", "explain-fix"],
    ["怎么修复？", "explain-fix"],
    ["fix it", "apply-fix"],
    ["ok, apply the fix", "apply-fix"],
    ["go ahead", "apply-fix"],
    ["修复它", "apply-fix"],
    ["undo that", "undo"],
    ["revert the change", "undo"],
    ["check again", "recheck"],
    ["is it fixed now?", "recheck"],
    ["did it work?", "recheck"],
    ["is the rollout healthy now?", "recheck"],
    ["what about the other pods?", "others"],
    ["show me its logs", "logs"],
    ["show me the logs of the new pod", "logs"],
    ["看看它的日志", "logs"],
    ["describe it", "describe"],
    ["描述一下它", "describe"],
    ["show me the rollout history instead", "history"],
    ["what did you change?", "what-changed"],
    ["刚才改了什么？", "what-changed"],
    ["ok what did I just reject?", "what-changed"],
    ["what did you just do?", "what-changed"],
    ["recap", "recap"],
    ["can you summarize this conversation?", "recap"],
    ["give me a quick summary so far", "recap"],
    ["what have we done so far?", "recap"],
    ["where do we stand?", "recap"],
    ["ok, can you give me a quick recap of this incident?", "recap"],
    ["catch me up", "recap"],
    ["summarize what happened", "recap"],
    ["give me a summary of what you did", "recap"],
    ["remind me what we found", "recap"],
    ["can you sum up where we are?", "recap"],
    ["what did we find so far?", "recap"],
    ["我们到目前为止做了什么", "recap"],
    ["回顾一下这次排查", "recap"],
    ["总结一下", "recap"],
    ["到目前为止我们做了什么？", "recap"],
  ])("%s → %s", (text, kind) => {
    expect(readFollowUp(text)?.kind).toBe(kind);
  });

  it("reads ordinals and other namespaces", () => {
    expect(readFollowUp("apply the second fix")).toEqual({ kind: "apply-fix", index: 2 });
    expect(readFollowUp("the third one")).toEqual({ kind: "apply-fix", index: 3 });
    expect(readFollowUp("and in payments?")).toEqual({ kind: "and-in", namespace: "payments" });
  });

  it("leaves questions that stand on their own alone", () => {
    for (const text of [
      "show the logs of checkout-7d9c5b",
      "why is checkout failing in shop?",
      "restart api",
      "describe payments-api",
      "what's wrong with my cluster?",
      "summarize the health of the payments namespace",
      "give me a summary of the pods in shop",
    ])
      expect(readFollowUp(text), text).toBeUndefined();
  });
});

const withDiagnosis: ConversationContext = {
  ...emptyContext(),
  namespaces: ["payments"],
  objects: [{ kind: "Deployment", namespace: "payments", name: "payments-api" }],
  diagnosis: {
    turnId: "t1",
    category: "ImagePull",
    summary: "payments-api cannot pull its image",
    rootCause: { kind: "Deployment", namespace: "payments", name: "payments-api" },
    fixes: [
      {
        title: "Set a tag that exists",
        command: "set image deployment/payments-api a=b:v1 -n payments",
      },
      { title: "Roll back", command: "rollout undo deployment/payments-api -n payments" },
    ],
  },
};

describe("resolveFollowUp", () => {
  it("takes the Nth fix, skipping rejected ones for the first", () => {
    expect(resolveFollowUp({ kind: "apply-fix", index: 2 }, withDiagnosis)).toMatchObject({
      kind: "propose",
      commands: ["rollout undo deployment/payments-api -n payments"],
    });
    const rejected: ConversationContext = {
      ...withDiagnosis,
      fixes: [
        {
          turnId: "t2",
          command: "set image deployment/payments-api a=b:v1 -n payments",
          status: "rejected",
        },
      ],
    };
    expect(resolveFollowUp({ kind: "apply-fix" }, rejected)).toMatchObject({
      commands: ["rollout undo deployment/payments-api -n payments"],
    });
  });

  it("reads the object in focus, and says when nothing is", () => {
    expect(resolveFollowUp({ kind: "describe" }, withDiagnosis)).toMatchObject({
      kind: "read",
      commands: ["describe deployment/payments-api -n payments"],
    });
    expect(resolveFollowUp({ kind: "describe" }, emptyContext())).toEqual({
      kind: "unresolved",
      what: "describe",
    });
    expect(resolveFollowUp({ kind: "apply-fix" }, emptyContext()).kind).toBe("unresolved");
  });

  it("asks the earlier question again in another namespace", () => {
    const c = { ...withDiagnosis, lastQuestion: "what's wrong in payments?" };
    expect(resolveFollowUp({ kind: "and-in", namespace: "shop" }, c)).toEqual({
      kind: "rewrite",
      text: "what's wrong in shop?",
      namespace: "shop",
    });
  });
});

describe("scopeOf: text, selection, a moved picker, focus, picker, all", () => {
  const base = {
    textNamespace: undefined,
    clusterWide: false,
    selected: undefined,
    picker: undefined,
    pickerMoved: false,
    focusNamespace: undefined,
    found: undefined,
  };
  it("applies the rules in order", () => {
    expect(scopeOf({ ...base, textNamespace: "shop", focusNamespace: "web" }).namespaces).toEqual([
      "shop",
    ]);
    expect(scopeOf({ ...base, clusterWide: true, focusNamespace: "web" }).allNamespaces).toBe(true);
    expect(scopeOf({ ...base, picker: "web", focusNamespace: "shop" })).toMatchObject({
      namespaces: ["shop"],
      source: "conversation",
    });
    expect(
      scopeOf({ ...base, picker: "web", pickerMoved: true, focusNamespace: "shop" }),
    ).toMatchObject({ namespaces: ["web"], source: "picker" });
    expect(scopeOf({ ...base, picker: "web" }).source).toBe("picker");
    expect(scopeOf(base)).toEqual({ namespaces: [], allNamespaces: true, source: "none" });
  });
});

describe("small readers", () => {
  it("undoes what can be undone, from the preview's replica count", () => {
    expect(
      undoCommands("scale deployment/cart --replicas=3 -n shop", "spec:\n  replicas: 2\n"),
    ).toEqual(["scale deployment/cart --replicas=2 -n shop"]);
    expect(undoCommands("set image deployment/a a=b:2 -n x", undefined)).toEqual([
      "rollout undo deployment/a -n x",
    ]);
    expect(undoCommands("cordon worker-2", undefined)).toEqual(["uncordon worker-2"]);
    expect(undoCommands("delete pod p-1 -n x", undefined)).toBeUndefined();
  });

  it("picks a clarification's choice by a word, a position or a yes", () => {
    const choices = [
      { label: "deployment/api (staging)", reply: "staging" },
      { label: "deployment/api (prod)", reply: "prod" },
    ];
    expect(pickedChoice("the staging one", choices)?.reply).toBe("staging");
    expect(pickedChoice("the second one", choices)?.reply).toBe("prod");
    expect(
      pickedChoice("restart everything in all namespaces now please ok", choices),
    ).toBeUndefined();
    expect(pickedChoice("yes, that one", [choices[0]!])?.reply).toBe("staging");
    // A new question that shares a word with a choice is not an answer.
    expect(pickedChoice("why is cart failing in staging?", choices)).toBeUndefined();
    expect(pickedChoice("staging", choices)?.reply).toBe("staging");
  });

  it("finds names a typo away", () => {
    const refs = [
      { kind: "Deployment", namespace: "payments", name: "payments-api" },
      { kind: "Deployment", namespace: "shop", name: "checkout" },
    ];
    expect(nearestNames("paymnets-api", refs).map((r) => r.name)).toEqual(["payments-api"]);
    expect(nearestNames("inventory", refs)).toEqual([]);
  });
});
