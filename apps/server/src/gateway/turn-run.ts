import type { RunTurnInput } from "@kubemedic/agent";
import type { TurnUnitOfWork } from "../persistence/turn-unit-of-work";

/** Why the gateway stopped a turn; only these ever abort a run (never a closed socket). */
export type StopReason =
  | "user"
  | "shutdown"
  | "deleted"
  /** Scale-out shutdown: the turn is left to another replica (nothing stored, nothing sent). */
  | "handoff";

export interface TurnRunInit {
  conversationId: string;
  turnId: string;
  user: string;
  /** The agent's input for the segment: a new question, or decisions on a paused one. */
  input: RunTurnInput;
  unitOfWork: TurnUnitOfWork;
  clusterContext: string | undefined;
  namespace: string | undefined;
  /**
   * The WebSocket request that started the segment, for its log lines: a
   * client's frame can be matched to the turn it started.
   */
  origin?: { connectionId: string; requestId?: string; clientMessageId?: string } | undefined;
}

/**
 * One segment of a turn running in this process: from its start (or its
 * resumption after an approval) to its end or pause. Owned by the
 * conversation's channel while it runs; the sockets that watch it come and go.
 */
export class TurnRun {
  readonly conversationId: string;
  readonly turnId: string;
  readonly user: string;
  readonly startedAt = performance.now();
  private readonly controller = new AbortController();
  private why: StopReason | undefined;
  private resolveDone!: () => void;
  /** Resolves once the segment's last event is stored and published. */
  readonly done = new Promise<void>((resolve) => (this.resolveDone = resolve));

  private settled = false;
  /** The type of the segment's last published event, once published. */
  outcome: string | undefined;

  constructor(
    readonly init: TurnRunInit,
    /** Frees the conversation and the user's turn slot; called once, when the segment is stored. */
    private readonly onSettle: () => void,
  ) {
    this.conversationId = init.conversationId;
    this.turnId = init.turnId;
    this.user = init.user;
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get stopReason(): StopReason | undefined {
    return this.why;
  }

  /** Asks the agent to stop; it ends the turn with `turn.cancelled`, which is stored as usual. */
  stop(why: StopReason): void {
    if (this.controller.signal.aborted) return;
    this.why = why;
    this.controller.abort(new Error(`stopped: ${why}`));
  }

  /** The segment is stored: the conversation may take its next message. Idempotent. */
  settle(): void {
    if (this.settled) return;
    this.settled = true;
    this.onSettle();
  }

  finished(): void {
    this.resolveDone();
  }
}
