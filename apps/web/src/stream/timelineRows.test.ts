import type { ConversationEvent } from "@kubemedic/protocol";
import { describe, expect, it } from "vitest";
import { at, frame, sampleReport } from "./eventFixtures";
import { initialStreamState, streamReducer } from "./streamReducer";
import { timelineRows } from "./timelineRows";
import type { StreamState } from "./streamTypes";

const C = "conv-lead";
const T = "turn-1";

/** The state after `events`, in order. */
function after(events: readonly ConversationEvent[]): StreamState {
  return events.reduce<StreamState>(
    (state, event, i) => streamReducer(state, { type: "frame", frame: frame(C, i + 1, event) }),
    initialStreamState,
  );
}
/** The keys of the rows shown as a lead. */
const leads = (state: StreamState) =>
  timelineRows(state.conversations[C])
    .filter((r) => r.kind === "item" && r.lead === true)
    .map((r) => r.key);

const started: ConversationEvent = {
  type: "turn.started",
  turnId: T,
  model: "m",
  startedAt: at(0),
};
const delta = (id: string, text: string, reportMayFollow = true): ConversationEvent => ({
  type: "assistant.delta",
  turnId: T,
  messageId: id,
  delta: text,
  ...(reportMayFollow ? { reportMayFollow: true as const } : {}),
});
const message = (id: string, content: string, toolCallIds: string[] = []): ConversationEvent => ({
  type: "assistant.message",
  turnId: T,
  messageId: id,
  content,
  toolCallIds,
});
const report: ConversationEvent = {
  type: "report.ready",
  turnId: T,
  reportId: "r",
  report: sampleReport,
  degraded: false,
};
const completed: ConversationEvent = {
  type: "turn.completed",
  turnId: T,
  durationMs: 10,
  partial: false,
};

describe("an answer a report may follow (issue #15: it must not shrink when the card comes)", () => {
  const answer = [delta("a", "The pod crashes. "), delta("a", "Here is why, at length.")];

  it("is a lead from its first delta, through its end, to the report", () => {
    expect(leads(after([started, answer[0]!]))).toEqual(["a:a"]);
    expect(leads(after([started, ...answer]))).toEqual(["a:a"]);
    const ended = [started, ...answer, message("a", "The pod crashes. Here is why, at length.")];
    expect(leads(after(ended))).toEqual(["a:a"]);
    expect(leads(after([...ended, report]))).toEqual(["a:a"]);
    expect(leads(after([...ended, report, completed]))).toEqual(["a:a"]);
  });

  it("shows whole once it turns out to call tools, or the turn ends without a report", () => {
    const calls = [started, ...answer, message("a", "Checking.", ["c1"])];
    expect(leads(after(calls))).toEqual([]);
    const noReport = [started, ...answer, message("a", "The pod crashes."), completed];
    expect(leads(after(noReport))).toEqual([]);
  });

  it("without the hint, only the report makes it a lead (as before)", () => {
    const plain = [
      started,
      delta("a", "The pod crashes.", false),
      message("a", "The pod crashes."),
    ];
    expect(leads(after(plain))).toEqual([]);
    expect(leads(after([...plain, report]))).toEqual(["a:a"]);
  });
});
