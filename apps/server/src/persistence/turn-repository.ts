import { randomUUID } from "node:crypto";
import { MAX_MESSAGE_CHARS, type ResolvedApproval, type TokenUsage } from "@kubemedic/protocol";
import { Prisma, type PrismaClient } from "../db/prisma";
import { ServerError } from "../errors";
import type { Logger } from "../logger";
import { cleanText } from "./clean";
import { DEFAULT_TITLE, notFound } from "./conversation-repository";
import { isUniqueViolation, toServerError } from "./prisma-errors";
import { TurnUnitOfWork, type UnitOfWorkHooks } from "./turn-unit-of-work";

export interface BeginTurnInput {
  ownerId: string;
  conversationId: string;
  /** The user's message, as validated by the gateway (MessageSendFrame). */
  text: string;
  /** Resending the same id never creates a second message or turn. */
  clientMessageId?: string | undefined;
  /** @default a new UUID */
  turnId?: string | undefined;
  /** @default a new UUID */
  messageId?: string | undefined;
  /** The model's label, if known before turn.started. */
  model?: string | undefined;
  /**
   * The last event number this process handed out in the conversation (its
   * in-memory counter): the reservation starts above it even when the
   * database is behind. @default 0
   */
  seqFloor?: number | undefined;
}

export type BeginTurnResult =
  | {
      duplicate: false;
      turnId: string;
      messageId: string;
      /** 1, 2, 3… within the conversation. */
      turnSeq: number;
      /** Event numbers up to here are reserved for this conversation (see reserveEventSeqs). */
      reservedSeq: number;
      /** The conversation's stored lastEventSeq when the turn began. */
      storedSeq: number;
      /** Feed it the turn's events; it commits when the turn ends or pauses. */
      unitOfWork: TurnUnitOfWork;
    }
  | { duplicate: true; turnId: string; messageId: string };

export interface ResumeTurnInput {
  ownerId: string;
  conversationId: string;
  turnId: string;
  /** One decision per pending call, each with who decided and when. */
  decisions: ResolvedApproval[];
}

/**
 * Event numbers reserved at a time. A turn streams a few hundred events (one
 * per streamed word), so most turns take one block, reserved in the same
 * transaction that stores the user's message. @default 1_000
 */
export const SEQ_BLOCK = 1_000;

/** Scale-out: who runs a turn, and for how long without renewing (database clock). */
export interface TurnLease {
  owner: string;
  ms: number;
}

/** A lease's end, `ms` from now on the database's clock (UTC, as Prisma stores DateTime). */
function leaseEnd(ms: number): Prisma.Sql {
  return Prisma.sql`(now() AT TIME ZONE 'UTC') + make_interval(secs => ${ms}::double precision / 1000)`;
}

/** What `begin` reads under the conversation's lock. */
interface BeginState {
  earlier: { id: string; turnId: string } | null;
  active: string | null;
  turnMax: number | null;
  messageMax: number | null;
}

/** Thrown inside `begin`'s transaction to roll it back when the message was a resend. */
class Duplicate extends Error {
  constructor(readonly result: Extract<BeginTurnResult, { duplicate: true }>) {
    super("duplicate message");
  }
}

/** A title from the first message: its first line, at most 80 characters. */
function titleFrom(text: string): string {
  const line = text.trim().split("\n")[0]?.trim() ?? "";
  return line.length > 80 ? `${line.slice(0, 79)}…` : line || DEFAULT_TITLE;
}

/**
 * Starting, resuming and ending turns. Each method is one short transaction
 * that is durable when it returns: the user's message from the moment it is
 * received, a decision from the moment it is made.
 */
export class TurnRepository {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly log?: Logger,
    private readonly hooks: UnitOfWorkHooks = {},
    private readonly lease?: TurnLease,
  ) {}

  /**
   * Stores the user's message and a `running` turn at once, and returns the
   * unit of work for the turn's outputs. A clientMessageId seen before returns
   * the earlier message and turn with `duplicate: true` and writes nothing.
   * Throws `not_found` (no such conversation for this owner), `turn_in_progress`
   * (another turn runs or waits for approval) or `bad_request`.
   */
  async begin(input: BeginTurnInput): Promise<BeginTurnResult> {
    const text = cleanText(input.text.trim());
    if (text === "" || text.length > MAX_MESSAGE_CHARS) {
      throw new ServerError("bad_request", `a message needs 1 to ${MAX_MESSAGE_CHARS} characters`);
    }
    const turnId = input.turnId ?? randomUUID();
    const messageId = input.messageId ?? randomUUID();
    const { conversationId, ownerId } = input;
    const clientMessageId = input.clientMessageId ?? null;
    const now = new Date();
    try {
      // Three statements, raw: every user message takes this path, and each
      // Prisma model query costs ~1.5 ms of CPU (the query is compiled anew
      // each time) against ~0.5 ms for a raw one (docs/persistence.md).
      return await this.prisma.$transaction(async (tx): Promise<BeginTurnResult> => {
        // The write locks the conversation row: sequence numbers are taken under
        // it, and the event numbers this turn may hand out are reserved with it.
        const [locked] = await tx.$queryRaw<{ reserved: number; stored: number }[]>`
          UPDATE "Conversation"
          SET "updatedAt" = ${now},
              "eventSeqReserved" = ${reservationEnd(input.seqFloor ?? 0)}
          WHERE id = ${conversationId} AND "ownerId" = ${ownerId}
          RETURNING "eventSeqReserved" AS reserved, "lastEventSeq" AS stored`;
        if (locked === undefined) throw notFound(conversationId);
        // Read after the lock (a statement of its own, so it sees what a
        // concurrent begin committed while we waited for the row).
        const [state] = await tx.$queryRaw<BeginState[]>`
          SELECT
            (SELECT json_build_object('id', id, 'turnId', "turnId") FROM "Message"
              WHERE "conversationId" = ${conversationId} AND "clientMessageId" = ${clientMessageId}) AS earlier,
            (SELECT status::text FROM "Turn"
              WHERE "conversationId" = ${conversationId} AND status IN ('running', 'awaiting_approval')
              LIMIT 1) AS active,
            (SELECT max(seq) FROM "Turn" WHERE "conversationId" = ${conversationId}) AS "turnMax",
            (SELECT max(seq) FROM "Message" WHERE "conversationId" = ${conversationId}) AS "messageMax"`;
        if (state?.earlier != null) {
          // A resend: roll back the touch and the reservation, write nothing.
          throw new Duplicate({
            duplicate: true,
            turnId: state.earlier.turnId,
            messageId: state.earlier.id,
          });
        }
        if (state?.active != null) {
          throw new ServerError(
            "turn_in_progress",
            state.active === "running"
              ? "a turn is already running in this conversation"
              : "a change is waiting for your approval in this conversation",
          );
        }
        const turnSeq = (state?.turnMax ?? 0) + 1;
        const messageSeq = (state?.messageMax ?? 0) + 1;
        // The turn, the user's message and (first turn) the title, in one statement.
        await tx.$executeRaw`
          WITH turn AS (
            INSERT INTO "Turn" (id, "conversationId", seq, status, model, "startedAt", "leaseOwner", "leaseUntil")
            VALUES (${turnId}, ${conversationId}, ${turnSeq}::int, 'running'::"TurnStatus", ${input.model ?? null}, ${now},
                    ${this.lease?.owner ?? null}, ${this.lease === undefined ? null : leaseEnd(this.lease.ms)})
          ), titled AS (
            UPDATE "Conversation" SET title = ${titleFrom(text)}
            WHERE id = ${conversationId} AND title = ${DEFAULT_TITLE} AND ${turnSeq}::int = 1
          )
          INSERT INTO "Message" (id, "conversationId", "turnId", role, content, "toolCalls", seq, "clientMessageId", "createdAt")
          VALUES (${messageId}, ${conversationId}, ${turnId}, 'user'::"MessageRole", ${text}, '[]'::jsonb, ${messageSeq}::int, ${clientMessageId}, ${now})`;
        const unitOfWork = new TurnUnitOfWork(
          this.prisma,
          conversationId,
          turnId,
          this.log,
          this.hooks,
        );
        return {
          duplicate: false,
          turnId,
          messageId,
          turnSeq,
          reservedSeq: locked.reserved,
          storedSeq: locked.stored,
          unitOfWork,
        };
      });
    } catch (error) {
      if (error instanceof Duplicate) return error.result;
      if (clientMessageId !== null && isUniqueViolation(error)) {
        const earlier = await this.findDuplicate(input);
        if (earlier !== undefined) return earlier;
      }
      throw toServerError(error, "storing your message");
    }
  }

  /**
   * Records the user's decisions on a paused turn at once (the audit must not
   * depend on the rest of the turn) and sets it running again; returns the
   * unit of work for the rest of the turn. Throws `not_found`, or
   * `no_pending_approval` when the turn does not wait or a decision names a
   * call that is not pending, or `bad_request` when a pending call is left
   * undecided.
   */
  async resume(input: ResumeTurnInput): Promise<TurnUnitOfWork> {
    let usageBefore: TokenUsage | undefined;
    try {
      await this.prisma.$transaction(async (tx) => {
        const locked = await tx.conversation.updateMany({
          where: { id: input.conversationId, ownerId: input.ownerId },
          data: { updatedAt: new Date() },
        });
        if (locked.count === 0) throw notFound(input.conversationId);
        const turn = await tx.turn.findFirst({
          where: { id: input.turnId, conversationId: input.conversationId },
          include: { approvals: { where: { decision: null }, select: { toolCallId: true } } },
        });
        if (turn === null || turn.status !== "awaiting_approval") {
          throw new ServerError(
            "no_pending_approval",
            "nothing in this turn is waiting for a decision",
          );
        }
        if (turn.inputTokens !== null && turn.outputTokens !== null)
          usageBefore = { inputTokens: turn.inputTokens, outputTokens: turn.outputTokens };
        const pending = new Set(turn.approvals.map((a) => a.toolCallId));
        const unknown = input.decisions.filter((d) => !pending.has(d.toolCallId));
        if (unknown.length > 0) {
          throw new ServerError(
            "no_pending_approval",
            `not waiting for a decision: ${unknown.map((d) => d.toolCallId).join(", ")}`,
          );
        }
        const decided = new Set(input.decisions.map((d) => d.toolCallId));
        const missing = [...pending].filter((id) => !decided.has(id));
        if (missing.length > 0) {
          throw new ServerError(
            "bad_request",
            `decide every pending change (missing: ${missing.join(", ")})`,
          );
        }
        for (const d of input.decisions) {
          await tx.approval.updateMany({
            where: { turnId: input.turnId, toolCallId: d.toolCallId, decision: null },
            data: {
              decision: d.decision,
              reason: d.reason === undefined ? null : cleanText(d.reason),
              decidedBy: d.by,
              decidedAt: new Date(d.at),
            },
          });
        }
        await tx.$executeRaw`
          UPDATE "Turn" SET status = 'running'::"TurnStatus",
            "leaseOwner" = ${this.lease?.owner ?? null},
            "leaseUntil" = ${this.lease === undefined ? null : leaseEnd(this.lease.ms)}
          WHERE id = ${input.turnId}`;
      });
    } catch (error) {
      throw toServerError(error, "recording your decision");
    }
    return new TurnUnitOfWork(
      this.prisma,
      input.conversationId,
      input.turnId,
      this.log,
      this.hooks,
      usageBefore,
    );
  }

  /**
   * Ends a turn that waits for approval without running anything (the user
   * stopped it, or moved on). Pending approvals stay undecided in the audit.
   */
  async cancelPaused(
    input: Omit<ResumeTurnInput, "decisions"> & { reason?: string },
  ): Promise<void> {
    const { count } = await this.prisma.turn
      .updateMany({
        where: {
          id: input.turnId,
          conversationId: input.conversationId,
          status: "awaiting_approval",
          conversation: { ownerId: input.ownerId },
        },
        data: {
          status: "cancelled",
          finishedAt: new Date(),
          errorCode: "cancelled",
          error: input.reason === undefined ? null : cleanText(input.reason),
        },
      })
      .catch((error: unknown) => {
        throw toServerError(error, "cancelling the turn");
      });
    if (count === 0)
      throw new ServerError(
        "no_pending_approval",
        "nothing in this turn is waiting for a decision",
      );
  }

  /**
   * Reserves the event numbers after `floor` (the gateway's counter) for a
   * conversation, a block at a time; returns the new end of the reservation.
   * The gateway hands out no number it has not reserved here first.
   */
  async reserveEventSeqs(conversationId: string, floor: number): Promise<number> {
    return reserveSeqs(this.prisma, conversationId, floor).catch((error: unknown) => {
      throw toServerError(error, "numbering events");
    });
  }

  /**
   * At start: turns still `running` belong to a process that is gone, so they
   * become `interrupted` (never silently lost). Turns waiting for approval stay
   * as they are: their graph state is checkpointed and resumes. Assumes one
   * server per database. Returns how many turns were marked.
   *
   * The gone process may have sent events it never stored, numbered up to the
   * conversation's reservation: lastEventSeq moves up to it, so the next
   * numbers are new and a client that saw those events is told to resync.
   */
  async markInterrupted(): Promise<number> {
    if (this.lease !== undefined) return this.markUnleasedInterrupted();
    const [, { count }] = await this.prisma
      .$transaction([
        this.prisma.$executeRaw`
          UPDATE "Conversation" SET "lastEventSeq" = "eventSeqReserved"
          WHERE "eventSeqReserved" > "lastEventSeq"`,
        this.prisma.turn.updateMany({
          where: { status: "running" },
          data: {
            status: "interrupted",
            finishedAt: new Date(),
            error: "The server stopped while this turn was running.",
          },
        }),
      ])
      .catch((error: unknown) => {
        throw toServerError(error, "recovering interrupted turns");
      });
    return count;
  }

  /**
   * Scale-out: other replicas' turns are running, not left behind; a turn
   * whose lease lapses is resumed by a replica (TurnTakeover). Only running
   * turns without a lease (begun by a server that was not scaled out) are
   * interrupted, and the event numbers are left alone: every number a client
   * saw is in the event log, and a takeover continues above it.
   */
  private async markUnleasedInterrupted(): Promise<number> {
    const { count } = await this.prisma.turn
      .updateMany({
        where: { status: "running", leaseUntil: null },
        data: {
          status: "interrupted",
          finishedAt: new Date(),
          error: "The server stopped while this turn was running.",
        },
      })
      .catch((error: unknown) => {
        throw toServerError(error, "recovering interrupted turns");
      });
    return count;
  }

  /**
   * A unit of work for a turn taken over from a replica that died (the lease
   * is already this replica's): the rest of the segment commits through it.
   */
  async takeOver(conversationId: string, turnId: string): Promise<TurnUnitOfWork> {
    const turn = await this.prisma.turn
      .findFirst({
        where: { id: turnId, conversationId },
        select: { inputTokens: true, outputTokens: true },
      })
      .catch((error: unknown) => {
        throw toServerError(error, "reading the turn");
      });
    const usage =
      turn?.inputTokens != null && turn.outputTokens != null
        ? { inputTokens: turn.inputTokens, outputTokens: turn.outputTokens }
        : undefined;
    return new TurnUnitOfWork(this.prisma, conversationId, turnId, this.log, this.hooks, usage);
  }

  private async findDuplicate(input: BeginTurnInput): Promise<BeginTurnResult | undefined> {
    const earlier = await this.prisma.message
      .findFirst({
        where: {
          conversationId: input.conversationId,
          clientMessageId: input.clientMessageId ?? null,
          conversation: { ownerId: input.ownerId },
        },
        select: { id: true, turnId: true },
      })
      .catch((error: unknown) => {
        throw toServerError(error, "storing your message");
      });
    return earlier === null
      ? undefined
      : { duplicate: true, turnId: earlier.turnId, messageId: earlier.id };
  }
}

// Why a reservation and not an epoch: docs/persistence.md#event-numbers-a-reservation-not-an-epoch.
/** The new end of a conversation's reservation: a block above what is stored and above `floor`. */
function reservationEnd(floor: number): Prisma.Sql {
  return Prisma.sql`GREATEST("eventSeqReserved", "lastEventSeq" + ${SEQ_BLOCK}::int, ${floor + SEQ_BLOCK}::int)`;
}

async function reserveSeqs(
  db: Pick<PrismaClient, "$queryRaw">,
  conversationId: string,
  floor: number,
): Promise<number> {
  const rows = await db.$queryRaw<{ reserved: number }[]>`
    UPDATE "Conversation"
    SET "eventSeqReserved" = ${reservationEnd(floor)}
    WHERE id = ${conversationId}
    RETURNING "eventSeqReserved" AS reserved`;
  const reserved = rows[0]?.reserved;
  if (reserved === undefined) throw notFound(conversationId);
  return reserved;
}
