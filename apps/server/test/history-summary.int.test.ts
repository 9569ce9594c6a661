import { defaultGraphConfig } from "@kubemedic/agent";
import { ConversationDetail } from "@kubemedic/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDemo, type DemoFixture } from "./demo";
import { GatewayFixture } from "./gateway-fixture";
import { serverBackends, type ServerDatabase } from "./server-backends";

/**
 * A conversation that outgrows its history budget, through the real gateway on
 * PGlite and PostgreSQL: the summary of the trimmed turns streams as
 * `history.summarized`, is stored with its turn (a reload shows it), and after
 * a server restart the agent still answers from it.
 */
const backends = await serverBackends();

describe.each(backends)("summaries of earlier turns on $name", (backend) => {
  describe.skipIf(backend.skipped !== undefined)("gateway", () => {
    let demo: DemoFixture;
    let database: ServerDatabase;
    let fx: GatewayFixture;
    beforeAll(async () => {
      demo = await startDemo();
      database = await backend.create();
      fx = await GatewayFixture.start(database, {
        kubeconfig: demo.kubeconfig,
        // The smallest budget the config allows: a diagnosis turn alone outgrows it.
        graphConfig: defaultGraphConfig({ budgets: { historyTokens: 500 } }),
      });
    });
    afterAll(async () => {
      await fx?.close();
      await database?.dispose();
      await demo?.close();
    });

    it(
      "streams, stores and reuses the summary across a restart",
      { timeout: 120_000 },
      async () => {
        let socket = await fx.socket();
        const id = await fx.newConversation(socket, { title: "long" });
        const questions = [
          "why is checkout failing in shop?",
          "list pods in shop",
          "show the events in shop",
          "list deployments in shop",
        ];
        let summarizedIn: string | undefined;
        for (const q of questions) {
          const turnId = await fx.send(socket, id, q);
          expect((await socket.turnEnd(turnId)).event.type).toBe("turn.completed");
          const hit = socket.frames.find(
            (f) =>
              f.type === "event" &&
              f.event.turnId === turnId &&
              f.event.type === "history.summarized",
          );
          if (hit !== undefined) {
            summarizedIn = turnId;
            break;
          }
        }
        expect(summarizedIn).toBeDefined();

        // Stored with the turn that made it: what a reload renders.
        const detail = ConversationDetail.parse(await fx.json(`/api/conversations/${id}`));
        const turn = detail.turns.find((t) => t.id === summarizedIn);
        expect(turn?.summary).toMatchObject({
          via: "composed",
          turns: expect.any(Number) as number,
        });
        expect(turn?.summary?.text).toContain("why is checkout failing in shop?");
        expect(turn?.summary?.text).toMatch(/CrashLoop on Deployment\/shop\/checkout/);

        // A new process: the agent's memory of the trimmed turns is the stored summary.
        await socket.close();
        await fx.restart();
        socket = await fx.socket();
        socket.send({ type: "conversation.open", requestId: "reopen", conversationId: id });
        const recap = await fx.send(socket, id, "what have we done so far?");
        expect((await socket.turnEnd(recap)).event.type).toBe("turn.completed");
        const said = socket.frames
          .flatMap((f) =>
            f.type === "event" && f.event.turnId === recap && f.event.type === "assistant.message"
              ? [f.event.content]
              : [],
          )
          .join("\n");
        expect(said).toMatch(/CrashLoop on Deployment\/shop\/checkout/);
        await socket.close();
      },
    );
  });
});
