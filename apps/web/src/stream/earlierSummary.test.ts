import { ConversationDetail, type ConversationEvent } from "@kubemedic/protocol";
import { describe, expect, it } from "vitest";
import { frame, investigationFrames } from "./eventFixtures";
import { initialStreamState, streamReducer } from "./streamReducer";
import { timelineRows } from "./timelineRows";

const C = "conv-s";
const SUMMARY = {
  turns: 2,
  throughTurnId: "turn-0",
  text: 'The 2 earlier turns of this conversation:\n- asked "why is checkout failing?"',
  via: "composed" as const,
};

describe("the summary of earlier turns", () => {
  it("live: history.summarized puts a summary row before the turn's own rows", () => {
    const live = investigationFrames(C, "turn-1");
    const summarized: ConversationEvent = {
      type: "history.summarized",
      turnId: "turn-1",
      summary: SUMMARY,
    };
    // Right after turn.started, as the agent sends it.
    const events = [live[0]!.event, summarized, ...live.slice(1).map((f) => f.event)];
    const list = events.map((e, i) => frame(C, i + 1, e));
    const state = list.reduce(
      (s, f) => streamReducer(s, { type: "frame", frame: f }),
      initialStreamState,
    );
    const rows = timelineRows(state.conversations[C]);
    const first = rows.findIndex((r) => r.kind === "summary");
    expect(first).toBe(0);
    expect(rows[first]).toMatchObject({ kind: "summary", turnId: "turn-1", summary: SUMMARY });
    expect(rows.filter((r) => r.kind === "summary")).toHaveLength(1);
  });

  it("reload: a stored turn's summary gives the same row", () => {
    const detail = ConversationDetail.parse({
      conversation: {
        id: C,
        title: "t",
        clusterContext: null,
        namespace: null,
        createdAt: "2026-11-27T00:00:00.000Z",
        updatedAt: "2026-11-27T00:00:00.000Z",
        lastTurnStatus: "completed",
      },
      lastSeq: 3,
      turns: [
        {
          id: "turn-1",
          seq: 1,
          status: "completed",
          model: "offline diagnostician",
          startedAt: "2026-11-27T00:00:00.000Z",
          finishedAt: "2026-11-27T00:00:01.000Z",
          error: null,
          usage: null,
          messages: [],
          toolLogs: [],
          approvals: [],
          report: null,
          summary: SUMMARY,
        },
      ],
    });
    const state = streamReducer(initialStreamState, { type: "hydrate", detail });
    const rows = timelineRows(state.conversations[C]);
    expect(rows[0]).toMatchObject({ kind: "summary", summary: SUMMARY });
  });
});
