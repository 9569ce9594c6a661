import { execFile } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { AgentEvent } from "@kubemedic/protocol";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createAgent,
  createModel,
  createPostgresCheckpointer,
  defaultGraphConfig,
} from "../src/index";
import { startOpenAIStub, type OpenAIStub } from "../src/testing/index";
import {
  collect,
  dropSchema,
  freshSchema,
  ofType,
  postgresAvailable,
  readObject,
  startDemo,
  stubEnv,
  TEST_DATABASE_URL,
  type DemoFixture,
} from "./fixtures";

const run = promisify(execFile);
const root = fileURLToPath(new URL("../../../", import.meta.url));
const hasPostgres = await postgresAvailable();

describe.skipIf(!hasPostgres)(
  "a turn paused for approval survives a process restart (PostgreSQL checkpointer)",
  () => {
    let fixture: DemoFixture;
    let stub: OpenAIStub;
    const schema = freshSchema();
    beforeAll(async () => {
      fixture = await startDemo(["crashloop-missing-env"]);
      stub = await startOpenAIStub([
        {
          text: "Scaling cart.",
          toolCalls: [
            {
              id: "call_scale",
              name: "kubectl",
              arguments: {
                command: "scale deployment cart -n shop --replicas=4",
                reason: "more capacity",
              },
            },
          ],
        },
        (req) => ({
          text: req.body?.messages?.some(
            (m) => m.role === "tool" && m.tool_call_id === "call_scale",
          )
            ? "cart runs 4 replicas."
            : "lost the call",
        }),
      ]);
    });
    afterAll(async () => {
      await stub.close();
      await fixture.close();
      await dropSchema(schema);
    });

    it(
      "a child process pauses the turn and dies; a fresh agent on a fresh pool resumes it",
      { timeout: 150_000 },
      async () => {
        const kubeconfigPath = join(
          fileURLToPath(new URL(".", import.meta.url)),
          `.tmp-kubeconfig-${schema}`,
        );
        await fixture.demo.writeKubeconfig(kubeconfigPath);
        const { stdout } = await run(
          join(root, "node_modules/.bin/tsx"),
          [fileURLToPath(new URL("./restart-child.ts", import.meta.url))],
          {
            cwd: root,
            env: {
              ...process.env,
              TEST_DATABASE_URL,
              STUB_URL: stub.url,
              SCHEMA: schema,
              KUBECONFIG_PATH: kubeconfigPath,
              CONVERSATION_ID: "restart-1",
            },
            timeout: 110_000,
          },
        );
        const childEvents = stdout
          .trim()
          .split("\n")
          .map((l) => JSON.parse(l) as AgentEvent);
        expect(childEvents.at(-1)?.type).toBe("approval.requested");

        // A new process's view: a fresh pool, a fresh checkpointer, a fresh agent.
        const pool = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 2 });
        try {
          const agent = createAgent({
            model: createModel(stubEnv(stub.url)),
            checkpointer: await createPostgresCheckpointer(pool, { schema }),
            config: defaultGraphConfig(),
            clusterFor: () => fixture.cluster,
          });
          const pending = await agent.pendingApproval("restart-1");
          expect(pending?.turnId).toBe("t1");
          expect(pending?.requests[0]).toMatchObject({
            toolCallId: "call_scale",
            command: "scale deployment cart -n shop --replicas=4",
          });
          const events = await collect(
            agent.runTurn({
              conversationId: "restart-1",
              turnId: "t1",
              user: "bob",
              input: { decisions: [{ toolCallId: "call_scale", decision: "approve" }] },
            }),
          );
          expect(ofType(events, "tool.finished")[0]).toMatchObject({
            status: "ok",
            classification: "mutating",
          });
          expect(ofType(events, "assistant.message").at(-1)?.content).toBe("cart runs 4 replicas.");
          expect(events.at(-1)?.type).toBe("turn.completed");
          const cart = await readObject(
            fixture.cluster,
            "/apis/apps/v1/namespaces/shop/deployments/cart",
          );
          expect((cart.spec as { replicas: number }).replicas).toBe(4);
          // The checkpoints are in their own schema.
          const tables = await pool.query<{ table_name: string }>(
            "select table_name from information_schema.tables where table_schema = $1",
            [schema],
          );
          expect(tables.rows.map((r) => r.table_name)).toContain("checkpoints");
        } finally {
          await pool.end();
          await import("node:fs/promises").then((fs) => fs.rm(kubeconfigPath, { force: true }));
        }
      },
    );
  },
);
