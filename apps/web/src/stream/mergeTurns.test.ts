import { describe, expect, it } from "vitest";
import { mergeTurns } from "./mergeTurns";
import type { ToolItem, TurnView } from "./streamTypes";
import { emptyTurn } from "./turnEdits";

const tool = (id: string, status: ToolItem["status"]): ToolItem => ({
  kind: "tool",
  key: `t:${id}`,
  toolCallId: id,
  tool: "kubectl",
  command: `get ${id}`,
  classification: "read",
  status,
  startedAt: "",
  durationMs: null,
  output: null,
  truncated: false,
});
const turn = (id: string, status: TurnView["status"], items: TurnView["items"]): TurnView => ({
  ...emptyTurn(id),
  status,
  items,
});

describe("mergeTurns", () => {
  it("takes a finished fetched turn as it is", () => {
    const fresh = [turn("t", "completed", [tool("a", "ok")])];
    const shown = [turn("t", "running", [tool("a", "running"), tool("b", "running")])];
    expect(mergeTurns(fresh, shown)).toEqual(fresh);
  });

  it("keeps what a running turn showed that the fetch lacks, in the order seen", () => {
    const fresh = [turn("t", "running", [tool("b", "ok")])];
    const shown = [
      turn("t", "running", [tool("a", "ok"), tool("b", "running"), tool("c", "running")]),
    ];
    const merged = mergeTurns(fresh, shown)[0]?.items.map((i) => [
      i.key,
      i.kind === "tool" && i.status,
    ]);
    expect(merged).toEqual([
      ["t:a", "ok"],
      ["t:b", "ok"],
      ["t:c", "running"],
    ]);
  });

  it("keeps an ending the fetch has not committed yet", () => {
    const fresh = [turn("t", "running", [])];
    const shown = [turn("t", "completed", [tool("a", "ok")])];
    expect(mergeTurns(fresh, shown)[0]).toMatchObject({
      status: "completed",
      items: [{ key: "t:a" }],
    });
  });

  it("drops turns the server does not have", () => {
    const fresh = [turn("t1", "completed", [])];
    const shown = [turn("t1", "completed", []), turn("ghost", "running", [])];
    expect(mergeTurns(fresh, shown).map((t) => t.id)).toEqual(["t1"]);
  });
});
