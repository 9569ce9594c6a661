import type { MessageDto } from "@kubemedic/protocol";
import type { PrismaClient } from "../db/prisma";
import { toMessageDto } from "./dto";
import { toServerError } from "./prisma-errors";

export class MessageRepository {
  constructor(private readonly prisma: PrismaClient) {}

  /** The user's message sent with this clientMessageId, if any (owner-scoped). */
  async findByClientMessageId(
    ownerId: string,
    conversationId: string,
    clientMessageId: string,
  ): Promise<MessageDto | null> {
    const row = await this.prisma.message
      .findFirst({ where: { conversationId, clientMessageId, conversation: { ownerId } } })
      .catch((error: unknown) => {
        throw toServerError(error, "reading a message");
      });
    return row === null ? null : toMessageDto(row);
  }
}
