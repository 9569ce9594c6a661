import {
  ApprovalRequest,
  CreateConversationBody,
  PatchConversationBody,
  type ConversationDetail,
  type ConversationList,
  type ConversationSearchHit,
  type ConversationSummary,
  type TurnSummary,
} from "@kubemedic/protocol";
import type { Prisma, PrismaClient } from "../db/prisma";
import { ServerError } from "../errors";
import { cleanText } from "./clean";
import { searchConversations } from "./conversation-search";
import { decodeCursor, encodeCursor } from "./cursor";
import { parseInput } from "./parse-input";
import { toConversationSummary, toTurnDetail, toTurnSummary } from "./dto";
import { toServerError } from "./prisma-errors";

/** The title of a conversation created without one, until its first message names it. */
export const DEFAULT_TITLE = "New conversation";

/** @default 20 */
const DEFAULT_PAGE_SIZE = 20;
/** KUBEMEDIC_MAX_CONVERSATIONS_PER_USER's default. @default 10_000 */
const DEFAULT_MAX_CONVERSATIONS_PER_OWNER = 10_000;
/** The first key of the per-owner advisory locks (the second is the owner's hash). */
const OWNER_LOCK_SPACE = 72_707_370;
/** @default 100 */
const MAX_PAGE_SIZE = 100;

export interface ListOptions {
  /** 1..100. @default 20 */
  limit?: number | undefined;
  /** `nextCursor` of the previous page. */
  cursor?: string | undefined;
  /** Case-insensitive substring of the title. */
  q?: string | undefined;
}

/** What the gateway answers `conversation.open` with (ConversationStateFrame minus the replay). */
export interface ConversationState {
  conversation: ConversationSummary;
  turns: TurnSummary[];
  lastSeq: number;
  pendingApproval: { turnId: string; requests: ApprovalRequest[] } | null;
}

const lastTurn = { orderBy: { seq: "desc" }, take: 1, select: { status: true } } as const;

/**
 * Conversations, always scoped to their owner: another user's conversation is
 * indistinguishable from a missing one (`not_found`), so ids leak nothing.
 */
export class ConversationRepository {
  constructor(
    private readonly prisma: PrismaClient,
    /** Conversations one owner may keep. @default 10_000 */
    private readonly maxPerOwner = DEFAULT_MAX_CONVERSATIONS_PER_OWNER,
  ) {}

  /**
   * A new conversation, unless the owner already has `maxPerOwner`
   * (`too_many_conversations`). The count and the insert run under a lock on
   * the owner (an advisory lock for the transaction), so concurrent creates
   * cannot overshoot the cap.
   */
  async create(ownerId: string, body: CreateConversationBody = {}): Promise<ConversationSummary> {
    const input = parseInput(CreateConversationBody, body);
    try {
      const row = await this.prisma.$transaction(async (tx) => {
        await tx.$queryRaw`SELECT pg_advisory_xact_lock(${OWNER_LOCK_SPACE}::int, hashtext(${ownerId}))::text`;
        const [owned] = await tx.$queryRaw<{ n: number }[]>`
          SELECT count(*)::int AS n FROM "Conversation" WHERE "ownerId" = ${ownerId}`;
        if ((owned?.n ?? 0) >= this.maxPerOwner) {
          throw new ServerError(
            "too_many_conversations",
            `you have ${this.maxPerOwner} conversations, the most one user may keep; delete some first`,
          );
        }
        return tx.conversation.create({
          data: {
            ownerId,
            title: input.title === undefined ? DEFAULT_TITLE : cleanText(input.title),
            clusterContext:
              input.clusterContext === undefined ? null : cleanText(input.clusterContext),
            namespace: input.namespace ?? null,
          },
        });
      });
      return toConversationSummary(row, undefined);
    } catch (error) {
      throw toServerError(error, "creating a conversation");
    }
  }

  /** The owner's conversations, most recently active first, one page at a time. */
  async list(ownerId: string, options: ListOptions = {}): Promise<ConversationList> {
    const limit = Math.min(
      MAX_PAGE_SIZE,
      Math.max(1, Math.trunc(options.limit ?? DEFAULT_PAGE_SIZE)),
    );
    const after = options.cursor === undefined ? undefined : decodeCursor(options.cursor);
    const q = options.q?.trim().slice(0, 200);
    const where: Prisma.ConversationWhereInput = {
      ownerId,
      ...(q ? { title: { contains: escapeLike(q), mode: "insensitive" } } : {}),
      ...(after === undefined
        ? {}
        : {
            OR: [
              { updatedAt: { lt: after.updatedAt } },
              { updatedAt: after.updatedAt, id: { lt: after.id } },
            ],
          }),
    };
    try {
      const rows = await this.prisma.conversation.findMany({
        where,
        orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
        take: limit + 1,
        include: { turns: lastTurn },
      });
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      return {
        items: page.map((row) => toConversationSummary(row, row.turns[0])),
        nextCursor: rows.length > limit && last !== undefined ? encodeCursor(last) : null,
      };
    } catch (error) {
      throw toServerError(error, "listing conversations");
    }
  }

  /** The owner's conversations by the text of their titles, messages and reports (conversation-search.ts). */
  search(ownerId: string, q: string, limit?: number): Promise<ConversationSearchHit[]> {
    return searchConversations(this.prisma, ownerId, q, limit);
  }

  async get(ownerId: string, id: string): Promise<ConversationSummary> {
    const row = await this.prisma.conversation
      .findFirst({ where: { id, ownerId }, include: { turns: lastTurn } })
      .catch((error: unknown) => {
        throw toServerError(error, "reading a conversation");
      });
    if (row === null) throw notFound(id);
    return toConversationSummary(row, row.turns[0]);
  }

  /**
   * Everything a reload shows, in order: turns by sequence, each with its
   * messages, tool logs, approvals and report. Read in one repeatable-read
   * transaction so a turn committing meanwhile is either all there or absent.
   */
  async detail(ownerId: string, id: string): Promise<ConversationDetail> {
    const row = await this.prisma
      .$transaction(
        (tx) =>
          tx.conversation.findFirst({
            where: { id, ownerId },
            include: {
              turns: {
                orderBy: { seq: "asc" },
                include: {
                  messages: { orderBy: { seq: "asc" } },
                  toolLogs: { orderBy: [{ startedAt: "asc" }, { id: "asc" }] },
                  approvals: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
                  reports: { orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 1 },
                },
              },
            },
          }),
        { isolationLevel: "RepeatableRead" },
      )
      .catch((error: unknown) => {
        throw toServerError(error, "reading a conversation");
      });
    if (row === null) throw notFound(id);
    return {
      conversation: toConversationSummary(row, row.turns[row.turns.length - 1]),
      turns: row.turns.map(toTurnDetail),
      lastSeq: row.lastEventSeq,
    };
  }

  /** Where a conversation stands: for a socket that opens it. */
  async state(ownerId: string, id: string): Promise<ConversationState> {
    const row = await this.prisma.conversation
      .findFirst({
        where: { id, ownerId },
        include: {
          turns: {
            orderBy: { seq: "asc" },
            include: { approvals: { where: { decision: null }, orderBy: { createdAt: "asc" } } },
          },
        },
      })
      .catch((error: unknown) => {
        throw toServerError(error, "reading a conversation");
      });
    if (row === null) throw notFound(id);
    const paused = row.turns.findLast((t) => t.status === "awaiting_approval");
    const requests = (paused?.approvals ?? []).flatMap((a) => {
      const request = ApprovalRequest.safeParse(a.request);
      return request.success ? [request.data] : [];
    });
    return {
      conversation: toConversationSummary(row, row.turns[row.turns.length - 1]),
      turns: row.turns.map(toTurnSummary),
      lastSeq: row.lastEventSeq,
      pendingApproval: paused === undefined ? null : { turnId: paused.id, requests },
    };
  }

  /** Renames or re-targets; does not move the conversation up the list (updatedAt is activity). */
  async update(
    ownerId: string,
    id: string,
    patch: PatchConversationBody,
  ): Promise<ConversationSummary> {
    const input = parseInput(PatchConversationBody, patch);
    const data: Prisma.ConversationUpdateManyMutationInput = {};
    if (input.title !== undefined) data.title = cleanText(input.title);
    if (input.clusterContext !== undefined) data.clusterContext = cleanText(input.clusterContext);
    if (input.namespace !== undefined) data.namespace = input.namespace;
    const { count } = await this.prisma.conversation
      .updateMany({ where: { id, ownerId }, data })
      .catch((error: unknown) => {
        throw toServerError(error, "updating a conversation");
      });
    if (count === 0) throw notFound(id);
    return this.get(ownerId, id);
  }

  /** Deletes the conversation and, by cascade, its turns, messages, tool logs, reports and approvals. */
  async delete(ownerId: string, id: string): Promise<void> {
    const { count } = await this.prisma.conversation
      .deleteMany({ where: { id, ownerId } })
      .catch((error: unknown) => {
        throw toServerError(error, "deleting a conversation");
      });
    if (count === 0) throw notFound(id);
  }
}

/**
 * Prisma puts `contains` into a LIKE pattern without escaping it, so a search
 * for "%" would match every title. Backslash is PostgreSQL's default LIKE escape.
 */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, "\\$&");
}

export function notFound(id: string): ServerError {
  return new ServerError("not_found", `conversation ${id} not found`);
}
