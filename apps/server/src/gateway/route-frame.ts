import type { ClientFrame } from "@kubemedic/protocol";
import type { Connection } from "./connection";
import type { GatewayContext } from "./gateway-context";
import { cancelTurn } from "./handlers/cancel-turn";
import { decideApproval } from "./handlers/decide-approval";
import { openConversation } from "./handlers/open-conversation";
import { sendMessage } from "./handlers/send-message";

/** Hands a validated frame to its handler, within the server's frame slots; `ping` never gets here. */
export async function routeFrame(
  ctx: GatewayContext,
  conn: Connection,
  frame: Exclude<ClientFrame, { type: "ping" }>,
): Promise<void> {
  await ctx.frameSlots.acquire();
  try {
    await handle(ctx, conn, frame);
  } finally {
    ctx.frameSlots.release();
  }
}

function handle(
  ctx: GatewayContext,
  conn: Connection,
  frame: Exclude<ClientFrame, { type: "ping" }>,
): Promise<void> {
  switch (frame.type) {
    case "conversation.open":
      return openConversation(ctx, conn, frame);
    case "message.send":
      return sendMessage(ctx, conn, frame);
    case "approval.decide":
      return decideApproval(ctx, conn, frame);
    case "turn.cancel":
      return cancelTurn(ctx, conn, frame);
  }
}
