import type { PrismaClient } from "../db/prisma";
import type { Logger } from "../logger";
import { ConversationRepository } from "./conversation-repository";
import { MessageRepository } from "./message-repository";
import { TurnRepository, type TurnLease } from "./turn-repository";
import type { UnitOfWorkHooks } from "./turn-unit-of-work";

/** The persistence layer the gateway and the REST API use (docs/persistence.md). */
export interface Persistence {
  conversations: ConversationRepository;
  turns: TurnRepository;
  messages: MessageRepository;
}

export interface PersistenceOptions {
  logger?: Logger;
  /** Fault injection for tests (TurnUnitOfWork). */
  hooks?: UnitOfWorkHooks;
  /** Conversations one owner may keep. @default 10_000 */
  maxConversationsPerOwner?: number;
  /** Scale-out: running turns are leased to this replica (docs/gateway.md#scale-out). */
  lease?: TurnLease | undefined;
}

export function createPersistence(
  prisma: PrismaClient,
  options: PersistenceOptions = {},
): Persistence {
  return {
    conversations: new ConversationRepository(prisma, options.maxConversationsPerOwner),
    turns: new TurnRepository(prisma, options.logger, options.hooks, options.lease),
    messages: new MessageRepository(prisma),
  };
}
