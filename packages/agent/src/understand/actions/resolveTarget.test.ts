import { describe, expect, it } from "vitest";
import type { ActionRequest } from "./ActionRequest";
import type { ObjectRow } from "./ObjectRow";
import { resolveTarget } from "./resolveTarget";

const rows: ObjectRow[] = [
  { kind: "Deployment", namespace: "staging", name: "api" },
  { kind: "Deployment", namespace: "prod", name: "api" },
  { kind: "Deployment", namespace: "shop", name: "cart" },
  { kind: "Deployment", namespace: "shop", name: "checkout" },
  { kind: "StatefulSet", namespace: "shop", name: "cart" },
  { kind: "Pod", namespace: "shop", name: "checkout-7d9c5b6f4-x8k2p" },
  { kind: "Pod", namespace: "shop", name: "checkout-7d9c5b6f4-m4zq9" },
  { kind: "Node", name: "worker-2" },
];
const restart = (target: Partial<ActionRequest["target"]>): ActionRequest => ({
  verb: "restart",
  target: { pronoun: false, other: false, ...target },
  language: "en",
});
const none = { focus: [], scope: [] };

describe("resolveTarget", () => {
  it("finds a name in its only namespace, a Deployment before a StatefulSet", () => {
    expect(resolveTarget(restart({ name: "cart" }), rows, none)).toEqual({
      kind: "found",
      row: rows[2],
    });
  });

  it("asks which when the name is in several namespaces, unless the scope or the text decides", () => {
    const asked = resolveTarget(restart({ name: "api" }), rows, none);
    expect(asked.kind).toBe("ambiguous");
    expect(resolveTarget(restart({ name: "api" }), rows, { focus: [], scope: ["prod"] })).toEqual({
      kind: "found",
      row: rows[1],
    });
    expect(resolveTarget(restart({ name: "api", namespace: "staging" }), rows, none)).toEqual({
      kind: "found",
      row: rows[0],
    });
  });

  it("names the nearest names, and the same name elsewhere, when nothing fits", () => {
    const r = resolveTarget(restart({ name: "chekout" }), rows, none);
    expect(r).toMatchObject({ kind: "none", nearest: ["checkout"] });
    const elsewhere = resolveTarget(restart({ name: "cart", namespace: "prod" }), rows, none);
    expect(elsewhere).toMatchObject({ kind: "none", elsewhere: [rows[2], rows[4]] });
  });

  it("takes 'it' from the focus: a pod stands for its workload, a node for itself", () => {
    const focus = [{ kind: "Pod", namespace: "shop", name: "checkout-7d9c5b6f4-x8k2p" }];
    expect(resolveTarget(restart({ pronoun: true }), rows, { focus, scope: [] })).toEqual({
      kind: "found",
      row: rows[3],
    });
    const cordon: ActionRequest = { ...restart({ pronoun: true }), verb: "cordon" };
    expect(
      resolveTarget(cordon, rows, { focus: [{ kind: "Node", name: "worker-2" }], scope: [] }),
    ).toEqual({ kind: "found", row: rows[7] });
  });

  it("asks which when nothing is named or in focus, offering the scope's objects", () => {
    const r = resolveTarget(restart({ pronoun: true }), rows, { focus: [], scope: ["shop"] });
    expect(r.kind).toBe("unnamed");
    expect(r.kind === "unnamed" ? r.choices.map((c) => c.name) : []).toEqual([
      "cart",
      "checkout",
      "cart",
    ]);
  });

  it("finds 'the other checkout pod': the pods of that prefix the conversation did not name", () => {
    const del: ActionRequest = {
      ...restart({ name: "checkout", other: true }),
      verb: "delete-pod",
    };
    const focus = [{ kind: "Pod", namespace: "shop", name: "checkout-7d9c5b6f4-x8k2p" }];
    expect(resolveTarget(del, rows, { focus, scope: [] })).toEqual({ kind: "found", row: rows[6] });
    const both: ActionRequest = { ...del, target: { ...del.target, other: false } };
    expect(resolveTarget(both, rows, none).kind).toBe("ambiguous");
  });
});
