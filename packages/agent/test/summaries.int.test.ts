import type { AgentEvent } from "@kubemedic/protocol";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createAgent,
  createModel,
  createPostgresCheckpointer,
  defaultGraphConfig,
  type Agent,
} from "../src/index";
import { startOpenAIStub, type OpenAIStub, type RecordedRequest } from "../src/testing/index";
import {
  collect,
  dropSchema,
  freshSchema,
  ofType,
  postgresAvailable,
  startDemo,
  stubEnv,
  TEST_DATABASE_URL,
  type DemoFixture,
} from "./fixtures";

/**
 * A conversation that outgrows its history budget: the turns trimmed out are
 * summarized into the context (issue #17 item 6), stored with the checkpoint,
 * reused by a new agent on the same database, and read back by a recap.
 */
const hasPostgres = await postgresAvailable();
/** The smallest history budget the config allows: a diagnosis turn alone outgrows it. */
const TIGHT = defaultGraphConfig({ budgets: { historyTokens: 500 } });

describe.skipIf(!hasPostgres)("summaries of earlier turns (PostgreSQL checkpointer)", () => {
  let fixture: DemoFixture;
  const schema = freshSchema();
  const pools: pg.Pool[] = [];
  beforeAll(async () => {
    fixture = await startDemo(["crashloop-missing-env"]);
  });
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.end()));
    await fixture.close();
    await dropSchema(schema);
  });

  /** An agent as a fresh process would make it: its own pool, the same schema. */
  async function freshAgent(model = createModel({})): Promise<Agent> {
    const pool = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 2 });
    pools.push(pool);
    return createAgent({
      model,
      checkpointer: await createPostgresCheckpointer(pool, { schema }),
      config: TIGHT,
      clusterFor: () => fixture.cluster,
    });
  }

  const ask = (agent: Agent, conversationId: string, turnId: string, text: string) =>
    collect(agent.runTurn({ conversationId, turnId, user: "alice", input: { text } }));

  it(
    "offline: trimmed turns become a composed summary that a restarted agent reuses and recaps",
    { timeout: 120_000 },
    async () => {
      let agent = await freshAgent();
      const first = await ask(agent, "s1", "t1", "why is checkout failing in shop?");
      expect(ofType(first, "report.ready")[0]?.report.category).toBe("CrashLoop");
      let summarized: Extract<AgentEvent, { type: "history.summarized" }> | undefined;
      const questions = [
        "list pods in shop",
        "show the events in shop",
        "list deployments in shop",
      ];
      for (const [i, q] of questions.entries()) {
        const events = await ask(agent, "s1", `t${i + 2}`, q);
        expect(ofType(events, "turn.completed")).toHaveLength(1);
        summarized ??= ofType(events, "history.summarized")[0];
        if (summarized !== undefined) break;
      }
      // The diagnosis turn no longer fits 500 tokens: it was summarized, not lost.
      expect(summarized?.summary).toMatchObject({ via: "composed", throughTurnId: "t1" });
      expect(summarized?.summary.text).toContain('asked "why is checkout failing in shop?"');
      expect(summarized?.summary.text).toMatch(/found CrashLoop on Deployment\/shop\/checkout/);

      // A new process: the summary comes from the checkpoint, and a recap reads it.
      agent = await freshAgent();
      const recap = await ask(agent, "s1", "t9", "what have we done so far?");
      expect(ofType(recap, "tool.started")).toHaveLength(0);
      const answer = ofType(recap, "assistant.message")
        .map((m) => m.content)
        .join("\n");
      expect(answer).toMatch(/found CrashLoop on Deployment\/shop\/checkout/);
      expect(answer).toContain("list pods in shop");
      // The diagnosis itself is still in the context: "how do I fix it?" needs no new look.
      const fix = await ask(agent, "s1", "t10", "how do I fix it?");
      expect(ofType(fix, "tool.started")).toHaveLength(0);
      expect(
        ofType(fix, "assistant.message")
          .map((m) => m.content)
          .join("\n"),
      ).toMatch(/DATABASE_URL/);
      // The same summary in Chinese, asked in Chinese.
      const zh = await ask(agent, "s1", "t11", "总结一下我们的排查");
      expect(
        ofType(zh, "assistant.message")
          .map((m) => m.content)
          .join("\n"),
      ).toMatch(/到目前为止|此后|此前/);
    },
  );

  it(
    "with a model: one bounded summarizing call, its text in the next requests' prompt",
    { timeout: 120_000 },
    async () => {
      const SUMMARY = "- The user asked about checkout in shop; it crash-loops (DATABASE_URL).";
      const isSummarizing = (req: RecordedRequest) =>
        req.body?.messages?.some(
          (m) => m.role === "system" && String(m.content).includes("running summary"),
        ) === true;
      // Long answers so that each turn outgrows the budget of the next.
      const long = (n: number) => `Answer ${n}. ${"The checkout pods restart often. ".repeat(60)}`;
      let answered = 0;
      const stub: OpenAIStub = await startOpenAIStub((req) =>
        isSummarizing(req) ? { text: SUMMARY } : { text: long(++answered) },
      );
      try {
        const agent = await freshAgent(createModel(stubEnv(stub.url)));
        const summaries: AgentEvent[] = [];
        for (let i = 1; i <= 3; i++) {
          const before = stub.requests.length;
          const events = await ask(agent, "s2", `m${i}`, `question number ${i} about shop`);
          expect(ofType(events, "turn.completed")).toHaveLength(1);
          summaries.push(...ofType(events, "history.summarized"));
          // The turn's usage counts its summarizing call too (the stub reports a quarter of
          // each request's bytes as its prompt tokens).
          const spent = stub.requests
            .slice(before)
            .reduce((sum, r) => sum + Math.ceil(r.raw.length / 4), 0);
          expect(ofType(events, "turn.completed")[0]?.usage?.inputTokens).toBe(spent);
        }
        expect(summaries.length).toBeGreaterThanOrEqual(1);
        expect(summaries[0]).toMatchObject({
          type: "history.summarized",
          summary: { via: "model", text: SUMMARY, throughTurnId: "m1" },
        });
        const calls = stub.requests.filter(isSummarizing);
        // One call per newly summarized range, never one per request.
        expect(calls).toHaveLength(summaries.length);
        // What the model was given: the turn's digest, bounded.
        expect(calls[0]?.raw).toContain("question number 1 about shop");
        expect(calls[0]?.raw.length).toBeLessThan(20_000);
        // The requests after it carry the summary in their system prompt.
        const last = stub.requests.filter((r) => !isSummarizing(r)).at(-1);
        const system = last?.body?.messages?.find((m) => m.role === "system");
        expect(String(system?.content)).toContain(SUMMARY);
      } finally {
        await stub.close();
      }
    },
  );
});
