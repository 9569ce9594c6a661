import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDemo, type DemoFixture } from "./demo";
import { Gate, gatedModel } from "./gated-model";
import { GatewayFixture, SCRIPTED_GRAPH, TEST_TOKEN } from "./gateway-fixture";
import { serverBackends, type ServerDatabase } from "./server-backends";

/**
 * An MCP `diagnose` is an agent run like a conversation turn: with KUBEMEDIC_MAX_RUNNING_TURNS=1,
 * a conversation's turn waits while a diagnosis over /mcp holds the one slot, and runs once it
 * ends (regression: MCP diagnoses used to run outside the server-wide bound).
 */
const [backend] = await serverBackends();

describe.skipIf(backend === undefined || backend.skipped !== undefined)(
  "MCP diagnose and the server's turn slots",
  () => {
    const gate = new Gate();
    let demo: DemoFixture;
    let database: ServerDatabase;
    let fx: GatewayFixture;
    let client: Client;
    beforeAll(async () => {
      demo = await startDemo();
      database = await backend!.create();
      fx = await GatewayFixture.start(database, {
        kubeconfig: demo.kubeconfig,
        model: gatedModel(gate),
        graphConfig: SCRIPTED_GRAPH,
        env: { KUBEMEDIC_MAX_RUNNING_TURNS: "1" },
      });
      client = new Client({ name: "kubemedic-test", version: "1.0.0" });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${fx.url}/mcp`), {
          requestInit: { headers: { authorization: `Bearer ${TEST_TOKEN}` } },
        }),
      );
    });
    afterAll(async () => {
      gate.open();
      await client?.close();
      await fx?.close();
      await database?.dispose();
      await demo?.close();
    });

    async function metric(name: string): Promise<number> {
      const text = await (await fx.rest("/metrics")).text();
      const line = text.split("\n").find((l) => l.startsWith(`${name} `));
      return Number(line?.split(" ")[1] ?? NaN);
    }

    async function until(check: () => Promise<boolean> | boolean): Promise<void> {
      for (let i = 0; i < 200; i++) {
        if (await check()) return;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error("timed out waiting");
    }

    it("holds a slot while it runs: a conversation turn queues behind it, then runs", async () => {
      gate.close();
      const diagnosis = client.callTool({
        name: "diagnose",
        arguments: { question: "why is checkout failing in shop?" },
      });
      // The diagnosis ran its kubectl read and waits at the gate, holding the one slot.
      await until(() => gate.waiting === 1);

      const socket = await fx.socket();
      const conversationId = await fx.newConversation(socket);
      const turnId = await fx.send(socket, conversationId, "list pods in shop");
      await until(async () => (await metric("kubemedic_turns_queued")) === 1);
      expect(gate.waiting).toBe(1); // the turn did not reach the model

      gate.open();
      await diagnosis;
      expect((await socket.turnEnd(turnId)).event.type).toBe("turn.completed");
      expect(await metric("kubemedic_turns_queued")).toBe(0);
      await socket.close();
    });
  },
);
