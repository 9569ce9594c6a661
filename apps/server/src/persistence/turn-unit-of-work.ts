import { randomUUID } from "node:crypto";
import type { EventFrame, TokenUsage } from "@kubemedic/protocol";
import { Prisma, type PrismaClient } from "../db/prisma";
import { ServerError } from "../errors";
import type { Logger } from "../logger";
import { toServerError } from "./prisma-errors";
import type { MutationLog } from "@kubemedic/agent";
import { cleanText } from "./clean";
import { MAX_OUTPUT_PREVIEW_CHARS, TurnBuffer } from "./turn-buffer";
import type { TurnEnding, TurnWrite } from "./turn-write";

/** What one commit wrote. */
export interface TurnCommit {
  turnId: string;
  status: TurnEnding;
  messages: number;
  toolLogs: number;
  reports: number;
  approvals: number;
}

export type UnitOfWorkState = "open" | "committed" | "failed";

/** Hooks for tests and metrics; none is needed in production. */
export interface UnitOfWorkHooks {
  /** Runs inside the commit transaction after every write, before COMMIT. A throw rolls it all back. */
  beforeCommit?: (turnId: string) => Promise<void> | void;
}

/**
 * One segment of one turn, from its start (or its resumption after an
 * approval) until it ends or pauses. The gateway feeds it every event of the
 * turn, in order, as the EventFrame it sends to clients; the unit of work
 * buffers them and, on the event that ends or pauses the turn, writes the
 * assistant messages, tool logs, report, approvals, the turn's status, token
 * counts and timings and the conversation's lastEventSeq in ONE transaction.
 * If that transaction fails nothing of it is stored, the turn is marked
 * `failed` in a separate write (or, if the database is gone, found `running`
 * and marked `interrupted` at the next start), and `record` throws.
 */
export class TurnUnitOfWork {
  private readonly buffer: TurnBuffer;
  private current: UnitOfWorkState = "open";

  constructor(
    private readonly prisma: PrismaClient,
    readonly conversationId: string,
    readonly turnId: string,
    private readonly log?: Logger,
    private readonly hooks: UnitOfWorkHooks = {},
    /**
     * The LLM tokens the turn had used when this segment began (a resumed
     * turn's, stored at its pause): the agent reports a running total.
     */
    readonly usageBefore?: TokenUsage,
  ) {
    this.buffer = new TurnBuffer(turnId);
  }

  get state(): UnitOfWorkState {
    return this.current;
  }

  /**
   * Buffers one event. Resolves to the commit when the event ended or paused
   * the turn (turn.completed | turn.failed | turn.cancelled | approval.requested),
   * to undefined otherwise. Throws a ServerError when the commit failed.
   */
  async record(frame: EventFrame): Promise<TurnCommit | undefined> {
    if (this.current !== "open") {
      throw new ServerError(
        "internal",
        `the unit of work of turn ${this.turnId} is ${this.current}`,
      );
    }
    if (frame.conversationId !== this.conversationId) {
      throw new ServerError(
        "internal",
        `event of conversation ${frame.conversationId} recorded for ${this.conversationId}`,
      );
    }
    if (!this.buffer.apply(frame)) return undefined;
    const write = this.buffer.result();
    try {
      const commit = await this.commit(write);
      this.current = "committed";
      return commit;
    } catch (error) {
      this.current = "failed";
      const failure = toServerError(error, "saving the turn");
      this.log?.error(
        { err: error, turnId: this.turnId },
        "turn commit failed; nothing of it was stored",
      );
      await this.markFailed(write.maxSeq, failure);
      throw failure;
    }
  }

  /**
   * The write-ahead record of approved changes, each write its own transaction, outside
   * the turn's commit: a change that ran is on record even when the process dies before
   * the commit (its row says `unknown` until the result is written).
   */
  mutationLog(): MutationLog {
    const { prisma, turnId } = this;
    return {
      started: async (m) => {
        await prisma.$executeRaw`
          INSERT INTO "ToolLog" (id, "turnId", "toolCallId", tool, command, classification, status,
            "durationMs", "outputPreview", truncated, "startedAt")
          VALUES (${randomUUID()}, ${turnId}, ${m.toolCallId}, ${m.tool}, ${cleanText(m.command)},
            'mutating'::"ToolClassification", 'unknown'::"ToolStatus", 0, '', false,
            ${new Date(m.startedAt)}::timestamp(3))
          ON CONFLICT ("turnId", "toolCallId") DO NOTHING`;
      },
      finished: async (m) => {
        const preview = cleanText(m.outputPreview);
        await prisma.$executeRaw`
          UPDATE "ToolLog" SET status = ${m.status}::text::"ToolStatus",
            "durationMs" = ${Math.round(m.durationMs)}::int,
            "outputPreview" = ${preview.slice(0, MAX_OUTPUT_PREVIEW_CHARS)},
            truncated = ${m.truncated || preview.length > MAX_OUTPUT_PREVIEW_CHARS}
          WHERE "turnId" = ${turnId} AND "toolCallId" = ${m.toolCallId}`;
      },
    };
  }

  private async commit(write: TurnWrite): Promise<TurnCommit> {
    const { conversationId, turnId } = this;
    await this.prisma.$transaction(async (tx) => {
      // The hot statements are raw (see TurnRepository.begin for why).
      // Locks the conversation row first: message sequence numbers are taken
      // under it. Every number this segment sent is stored now: the rest of its
      // reservation is released.
      const touched = await tx.$executeRaw`
        UPDATE "Conversation"
        SET "updatedAt" = ${write.finishedAt ?? new Date()},
            "lastEventSeq" = GREATEST("lastEventSeq", ${write.maxSeq}::int),
            "eventSeqReserved" = CASE WHEN "lastEventSeq" < ${write.maxSeq}::int
              THEN ${write.maxSeq}::int ELSE "eventSeqReserved" END
        WHERE id = ${conversationId}`;
      if (touched === 0)
        throw new ServerError("not_found", `conversation ${conversationId} was deleted`);
      // Fields the segment did not produce (null here) keep their stored value.
      const turn = await tx.$executeRaw`
        UPDATE "Turn" SET
          status = ${write.status}::text::"TurnStatus",
          model = COALESCE(${write.model ?? null}::text, model),
          "startedAt" = COALESCE(${write.startedAt ?? null}::timestamp(3), "startedAt"),
          "finishedAt" = COALESCE(${write.finishedAt ?? null}::timestamp(3), "finishedAt"),
          "durationMs" = COALESCE(${write.durationMs ?? null}::int, "durationMs"),
          "inputTokens" = COALESCE(${write.inputTokens ?? null}::int, "inputTokens"),
          "outputTokens" = COALESCE(${write.outputTokens ?? null}::int, "outputTokens"),
          "errorCode" = COALESCE(${write.errorCode ?? null}::text, "errorCode"),
          error = COALESCE(${write.error ?? null}::text, error),
          plan = COALESCE(${write.plan === undefined ? null : JSON.stringify(write.plan)}::jsonb, plan),
          scope = COALESCE(${write.scope === undefined ? null : JSON.stringify(write.scope)}::jsonb, scope),
          clarification = COALESCE(${write.clarification === undefined ? null : JSON.stringify(write.clarification)}::jsonb, clarification),
          summary = COALESCE(${write.summary === undefined ? null : JSON.stringify(write.summary)}::jsonb, summary),
          verifications = verifications || ${JSON.stringify(write.verifications)}::jsonb
        WHERE id = ${turnId} AND "conversationId" = ${conversationId} AND status = 'running'`;
      if (turn === 0) {
        throw new ServerError(
          "conflict",
          `turn ${turnId} is no longer running (cancelled or interrupted meanwhile)`,
        );
      }
      await this.writeMessages(tx, write);
      if (write.toolLogs.length > 0) {
        const rows = write.toolLogs.map(
          (t) => Prisma.sql`(${randomUUID()}, ${turnId}, ${t.toolCallId}, ${t.tool}, ${t.command},
            ${t.classification}::text::"ToolClassification", ${t.status}::text::"ToolStatus",
            ${t.durationMs}::int, ${t.outputPreview}, ${t.truncated}, ${t.startedAt}::timestamp(3))`,
        );
        // A tool call already logged in an earlier segment keeps its first record; a change
        // recorded as it ran (mutationLog) gets its result here if that write was missed.
        await tx.$executeRaw`
          INSERT INTO "ToolLog" (id, "turnId", "toolCallId", tool, command, classification, status,
            "durationMs", "outputPreview", truncated, "startedAt")
          VALUES ${Prisma.join(rows)}
          ON CONFLICT ("turnId", "toolCallId") DO UPDATE SET status = EXCLUDED.status,
            "durationMs" = EXCLUDED."durationMs", "outputPreview" = EXCLUDED."outputPreview",
            truncated = EXCLUDED.truncated
          WHERE "ToolLog".status = 'unknown'`;
      }
      if (write.reports.length > 0) {
        const ids = await freshIds(
          tx,
          "diagnosisReport",
          write.reports.map((r) => r.id ?? randomUUID()),
        );
        await tx.diagnosisReport.createMany({
          data: write.reports.map((r, i) => ({
            ...r,
            id: ids[i] as string,
            turnId,
            payload: r.payload as Prisma.InputJsonValue,
          })),
        });
      }
      if (write.approvals.length > 0) {
        await tx.approval.createMany({
          data: write.approvals.map((a) => ({
            ...a,
            turnId,
            request: a.request as Prisma.InputJsonValue,
          })),
          skipDuplicates: true,
        });
      }
      for (const d of write.decisions) {
        // Usually already stored by resume(); applied again so the event stream alone is enough.
        await tx.approval.updateMany({
          where: { turnId, toolCallId: d.toolCallId },
          data: {
            decision: d.decision,
            reason: d.reason,
            decidedBy: d.decidedBy,
            decidedAt: d.decidedAt,
          },
        });
      }
      await this.hooks.beforeCommit?.(turnId);
    });
    return {
      turnId,
      status: write.status,
      messages: write.messages.length,
      toolLogs: write.toolLogs.length,
      reports: write.reports.length,
      approvals: write.approvals.length,
    };
  }

  private async writeMessages(tx: Prisma.TransactionClient, write: TurnWrite): Promise<void> {
    if (write.messages.length === 0) return;
    const wanted = write.messages.map((m) => m.id);
    const [found] = await tx.$queryRaw<{ max: number | null; taken: string[] }[]>`
      SELECT (SELECT max(seq) FROM "Message" WHERE "conversationId" = ${this.conversationId}) AS max,
             ARRAY(SELECT id FROM "Message" WHERE id = ANY(${wanted}::text[])) AS taken`;
    const base = found?.max ?? 0;
    // The agent's message ids become the rows' ids so a reload matches what streamed.
    const ids = freshOf(wanted, new Set(found?.taken ?? []));
    const rows = write.messages.map(
      (m, i) => Prisma.sql`(${ids[i]}, ${this.conversationId}, ${this.turnId},
        'assistant'::"MessageRole", ${m.content}, ${JSON.stringify(m.toolCalls)}::jsonb,
        ${base + i + 1}::int, ${m.createdAt}::timestamp(3))`,
    );
    await tx.$executeRaw`
      INSERT INTO "Message" (id, "conversationId", "turnId", role, content, "toolCalls", seq, "createdAt")
      VALUES ${Prisma.join(rows)}`;
  }

  /** The separate write after a failed commit: outputs are gone, the failure is recorded. */
  private async markFailed(maxSeq: number, failure: ServerError): Promise<void> {
    try {
      await this.prisma.$transaction([
        this.prisma.turn.updateMany({
          where: { id: this.turnId, status: "running" },
          data: {
            status: "failed",
            finishedAt: new Date(),
            errorCode: failure.wireCode,
            // Never the driver's text: it may quote the values that were refused.
            error: "The results of this turn could not be saved.",
          },
        }),
        // The events were sent with these numbers: keep them growing after a restart.
        this.prisma.conversation.updateMany({
          where: { id: this.conversationId, lastEventSeq: { lt: maxSeq } },
          data: { lastEventSeq: maxSeq },
        }),
      ]);
    } catch (error) {
      this.log?.error(
        { err: error, turnId: this.turnId },
        "could not mark the turn failed; it will be marked interrupted at the next start",
      );
    }
  }
}

/**
 * Keeps caller-chosen ids unless a row already has one (an agent reusing an id
 * across conversations must not fail a user's turn): those get a fresh UUID.
 */
async function freshIds(
  tx: Prisma.TransactionClient,
  table: "diagnosisReport",
  wanted: string[],
): Promise<string[]> {
  const taken = await tx[table].findMany({ where: { id: { in: wanted } }, select: { id: true } });
  return freshOf(wanted, new Set(taken.map((row) => row.id)));
}

/** `wanted`, with a fresh UUID for each id already taken or repeated. */
function freshOf(wanted: string[], taken: ReadonlySet<string>): string[] {
  const seen = new Set<string>();
  return wanted.map((id) => {
    const fresh = taken.has(id) || seen.has(id) ? randomUUID() : id;
    seen.add(fresh);
    return fresh;
  });
}
