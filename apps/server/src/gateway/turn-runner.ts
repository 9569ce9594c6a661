import { randomUUID } from "node:crypto";
import type { Agent } from "@kubemedic/agent";
import { ERROR_CODES, type AgentEvent, type EventFrame } from "@kubemedic/protocol";
import type { Logger } from "../logger";
import type { GatewayMetrics } from "../metrics/gateway-metrics";
import type { TurnEnding } from "../persistence/turn-write";
import type { Channel, ConversationHub } from "./conversation-hub";
import type { Semaphore } from "./semaphore";
import { TurnRun, type StopReason, type TurnRunInit } from "./turn-run";
import { GENERIC_MESSAGE, wireErrorOf } from "./wire-error";

type SegmentEnd = Extract<
  AgentEvent,
  { type: "turn.completed" | "turn.failed" | "turn.cancelled" | "approval.requested" }
>;

function isSegmentEnd(event: AgentEvent): event is SegmentEnd {
  return (
    event.type === "turn.completed" ||
    event.type === "turn.failed" ||
    event.type === "turn.cancelled" ||
    event.type === "approval.requested"
  );
}

function endingOf(event: SegmentEnd): TurnEnding {
  switch (event.type) {
    case "turn.completed":
      return "completed";
    case "turn.failed":
      return "failed";
    case "turn.cancelled":
      return event.interrupted === true ? "interrupted" : "cancelled";
    case "approval.requested":
      return "awaiting_approval";
  }
}

const STOPPED_BECAUSE: Record<StopReason, string> = {
  user: "Stopped by the user.",
  shutdown: "The server shut down while this turn was running.",
  deleted: "The conversation was deleted.",
  handoff: "This replica stopped; the turn goes on on another one.",
};

/**
 * How a turn the gateway stopped ends, in its words. One the server stopped as
 * it shut down is stored `interrupted`, as after a crash (it can be asked
 * again), not `cancelled`: nobody chose to stop it.
 */
function stoppedEvent(turnId: string, reason: StopReason): SegmentEnd {
  return {
    type: "turn.cancelled",
    turnId,
    reason: STOPPED_BECAUSE[reason],
    ...(reason === "shutdown" && { interrupted: true }),
  };
}

export interface TurnRunnerDeps {
  agent: Pick<Agent, "runTurn">;
  hub: ConversationHub;
  metrics: GatewayMetrics;
  logger: Logger;
  /** Turns running at once, server-wide; the rest wait (FIFO) after their ack. */
  turnSlots: Semaphore;
}

/**
 * Runs turns: feeds each agent event to the conversation's channel (numbered,
 * fanned out to every subscribed socket) and to the turn's unit of work,
 * which commits the segment's outputs in one transaction on its last event.
 * That last event is stored before anyone sees it, so a client that saw
 * `turn.completed` finds the turn on reload; if the commit fails, clients get
 * `turn.failed` in its place and nothing of the segment is stored.
 *
 * A run is never tied to a socket: it goes on when every watcher left, and
 * only `stop()` (the user's `turn.cancel`, shutdown, deletion) aborts it.
 */
export class TurnRunner {
  private readonly perUser = new Map<string, number>();

  constructor(private readonly deps: TurnRunnerDeps) {}

  /** Turns running (or reserved to start) for a user. */
  runningFor(user: string): number {
    return this.perUser.get(user) ?? 0;
  }

  /**
   * Holds one of the user's turn slots while a turn is being stored, so two
   * messages sent at once cannot both pass the limit. Returns a release
   * function for when the turn never starts.
   */
  reserve(user: string): () => void {
    this.perUser.set(user, this.runningFor(user) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = this.runningFor(user) - 1;
      if (left > 0) this.perUser.set(user, left);
      else this.perUser.delete(user);
    };
  }

  /** Starts a segment on a channel; `release` frees the user's slot when it ends. */
  start(channel: Channel, init: TurnRunInit, release: () => void): TurnRun {
    this.deps.metrics.turnsRunning.inc();
    const run = new TurnRun(init, () => {
      if (channel.run === run) channel.run = undefined;
      this.deps.metrics.turnsRunning.dec();
      release();
    });
    channel.run = run;
    void this.drive(channel, run).finally(() => {
      run.settle();
      run.finished();
    });
    return run;
  }

  private async drive(channel: Channel, run: TurnRun): Promise<void> {
    const { init } = run;
    const log = this.deps.logger.child({
      conversationId: init.conversationId,
      turnId: init.turnId,
      user: init.user,
      ...init.origin,
    });
    // Wait for a slot; a turn stopped while it waits never reaches the agent.
    const admitted = await this.deps.turnSlots.acquire(run.signal);
    try {
      log.info({ resume: "decisions" in init.input, admitted }, "turn started");
      const last = admitted
        ? await this.runAgent(channel, run, log)
        : stoppedEvent(init.turnId, run.stopReason ?? "user");
      if (run.stopReason === "handoff") {
        // Its events so far are in the event log and its steps checkpointed:
        // the replica that claims its lease goes on from there.
        run.settle();
        log.info("turn left to another replica");
        return;
      }
      const ending = await this.finish(channel, run, last, log);
      const seconds = (performance.now() - run.startedAt) / 1000;
      this.deps.metrics.turnEnded(ending, seconds);
      log.info({ status: ending, durationMs: Math.round(seconds * 1000) }, "turn ended");
    } finally {
      if (admitted) this.deps.turnSlots.release();
    }
  }

  /** The agent's stream of one segment, fanned out and recorded; returns the segment's last event, unpublished. */
  private async runAgent(channel: Channel, run: TurnRun, log: Logger): Promise<SegmentEnd> {
    const { init } = run;
    // The segment's last event is held until the agent's stream has returned:
    // only then is the graph run over and its checkpoint written, so a client
    // that reacts at once (approves, asks again) finds the thread settled.
    let last: SegmentEnd | undefined;
    try {
      const events = this.deps.agent.runTurn({
        conversationId: init.conversationId,
        turnId: init.turnId,
        user: init.user,
        ...(init.clusterContext === undefined ? {} : { clusterContext: init.clusterContext }),
        ...(init.namespace === undefined ? {} : { namespace: init.namespace }),
        input: init.input,
        signal: run.signal,
        mutationLog: init.unitOfWork.mutationLog(),
      });
      for await (const raw of events) {
        if (last !== undefined) {
          log.warn({ type: raw.type }, "event after the end of the turn ignored");
          continue;
        }
        const event = this.adjust(run, raw, log);
        if (isSegmentEnd(event)) {
          last = event;
          continue;
        }
        const room = this.deps.hub.room(channel);
        if (room !== undefined) await room;
        const frame = this.deps.hub.emit(channel, event);
        await this.record(run, frame, log);
      }
      last ??= {
        type: "turn.failed",
        turnId: init.turnId,
        code: "internal",
        message: "The agent stopped without finishing the turn.",
      };
    } catch (error) {
      if (last === undefined) {
        const wire = wireErrorOf(error);
        if (!wire.exposed) log.error({ err: error }, "turn failed");
        last = { type: "turn.failed", turnId: init.turnId, code: wire.code, message: wire.message };
      } else {
        log.warn({ err: error }, "the agent failed after the turn ended");
      }
    }
    return last;
  }

  /**
   * The gateway's wording for a stop it caused, no internal detail in a failure
   * message, and an id on every report (the stored row takes it, so a client
   * can export the report it just saw without reloading).
   */
  private adjust(run: TurnRun, event: AgentEvent, log: Logger): AgentEvent {
    if (event.type === "report.ready" && event.reportId === undefined) {
      return { ...event, reportId: randomUUID() };
    }
    if (event.type === "turn.cancelled" && run.stopReason !== undefined) {
      return { ...event, ...stoppedEvent(event.turnId, run.stopReason) };
    }
    if (event.type === "turn.failed" && !ERROR_CODES[event.code].expose) {
      log.error({ code: event.code, detail: event.message }, "turn failed");
      return { ...event, message: GENERIC_MESSAGE };
    }
    return event;
  }

  /** Buffers an event in the unit of work; a bad event is logged, not fatal to the turn. */
  private async record(run: TurnRun, frame: EventFrame, log: Logger): Promise<void> {
    try {
      await run.init.unitOfWork.record(frame);
    } catch (error) {
      log.error({ err: error, seq: frame.seq, type: frame.event.type }, "event not recorded");
    }
  }

  /**
   * Stores the segment with its last event, then publishes that event. If the
   * commit fails, the unit of work has stored nothing of the segment (and marked
   * the turn failed if it still could): clients get `turn.failed` in its place.
   */
  private async finish(
    channel: Channel,
    run: TurnRun,
    event: SegmentEnd,
    log: Logger,
  ): Promise<TurnEnding> {
    const frame = this.deps.hub.frame(channel, event);
    try {
      await run.init.unitOfWork.record(frame);
      this.deps.hub.persisted(channel, frame.seq);
      // Free the conversation before anyone sees the end: a client may answer at once.
      run.settle();
      run.outcome = event.type;
      this.deps.hub.publish(channel, frame);
      this.account(event);
      return endingOf(event);
    } catch (error) {
      const wire = wireErrorOf(error);
      log.error({ err: error, code: wire.code }, "the turn's results could not be saved");
      const failed: SegmentEnd = {
        type: "turn.failed",
        turnId: run.turnId,
        code: wire.code,
        message: wire.exposed
          ? `The results of this turn could not be saved: ${wire.message}`
          : "The results of this turn could not be saved.",
        ...(event.usage === undefined ? {} : { usage: event.usage }),
      };
      run.settle();
      run.outcome = failed.type;
      this.deps.hub.publish(channel, { ...frame, event: failed });
      this.account(failed);
      return "failed";
    }
  }

  /** Errors by code. (Tool calls and LLM tokens are counted by the agent's hooks: metrics/agent-metrics.ts.) */
  private account(event: SegmentEnd): void {
    if (event.type === "turn.failed") this.deps.metrics.error(event.code);
  }
}
