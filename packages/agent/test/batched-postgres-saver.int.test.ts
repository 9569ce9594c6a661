import { AIMessage, HumanMessage } from "@langchain/core/messages";
import {
  Annotation,
  MessagesAnnotation,
  Command,
  START,
  StateGraph,
  interrupt,
  type BaseCheckpointSaver,
} from "@langchain/langgraph";
import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BatchedPostgresSaver } from "../src/batched-postgres-saver";
import { dropSchema, freshSchema, postgresAvailable, TEST_DATABASE_URL } from "./fixtures";

const hasPostgres = await postgresAvailable();

const State = Annotation.Root({
  ...MessagesAnnotation.spec,
  counter: Annotation<number>({ reducer: (_l, r) => r, default: () => 0 }),
  note: Annotation<string | null>({ reducer: (_l, r) => r, default: () => null }),
});

/** A small graph that touches several channels, pauses once, and loops. */
function graphOn(saver: BaseCheckpointSaver) {
  return new StateGraph(State)
    .addNode("count", (s: typeof State.State) => ({
      counter: s.counter + 1,
      // Long and not ASCII: blobs past Postgres' 76-column base64 lines, multi-byte text.
      messages: [new AIMessage(`step ${s.counter + 1} ${"état·".repeat(200)}`)],
    }))
    .addNode("ask", () => {
      const answer = interrupt<{ question: string }, string>({ question: "go on?" });
      return { note: answer, messages: [new HumanMessage(answer)] };
    })
    .addEdge(START, "count")
    .addConditionalEdges("count", (s: typeof State.State) => (s.counter < 3 ? "count" : "ask"), [
      "count",
      "ask",
    ])
    .addEdge("ask", "__end__")
    .compile({ checkpointer: saver });
}

/** What a saver gives back for a thread: states, next nodes, interrupts, every checkpoint. */
async function observe(saver: BaseCheckpointSaver, durability: "exit" | "async") {
  const graph = graphOn(saver);
  const thread = { configurable: { thread_id: `t-${durability}` } };
  await graph.invoke({ messages: [new HumanMessage("hi")] }, { ...thread, durability });
  const paused = await graph.getState(thread);
  await graph.invoke(new Command({ resume: "yes" }), { ...thread, durability });
  const done = await graph.getState(thread);
  const text = (v: typeof State.State) =>
    v.messages.map((m) => `${m.getType()}:${JSON.stringify(m.content)}`);
  // Every checkpoint of the history, listed and then read back by its own id.
  const history: unknown[] = [];
  for await (const h of graph.getStateHistory(thread)) {
    const again = await graph.getState(h.config);
    history.push({
      listed: text(h.values as typeof State.State),
      byId: text(again.values as typeof State.State),
      next: again.next,
    });
  }
  return {
    pausedNext: paused.next,
    pausedInterrupts: paused.tasks.flatMap((t) => t.interrupts.map((i): unknown => i.value)),
    pausedMessages: text(paused.values as typeof State.State),
    done: {
      counter: (done.values as typeof State.State).counter,
      note: (done.values as typeof State.State).note,
      messages: text(done.values as typeof State.State),
      next: done.next,
    },
    history,
  };
}

// One conformance spec for both implementations: the stock saver is the reference.
describe.skipIf(!hasPostgres)("BatchedPostgresSaver behaves as the stock PostgresSaver", () => {
  const schemas = { stock: freshSchema(), batched: freshSchema() };
  let pool: pg.Pool;
  let stock: PostgresSaver;
  let batched: BatchedPostgresSaver;

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 4 });
    stock = new PostgresSaver(pool, undefined, { schema: schemas.stock });
    batched = new BatchedPostgresSaver(pool, schemas.batched);
    await stock.setup();
    await batched.setup();
  });
  afterAll(async () => {
    await pool?.end();
    await dropSchema(schemas.stock);
    await dropSchema(schemas.batched);
  });

  for (const durability of ["exit", "async"] as const) {
    it(`gives back the same states, interrupts and history (durability ${durability})`, async () => {
      const expected = await observe(stock, durability);
      const actual = await observe(batched, durability);
      expect(expected.done.counter).toBe(3);
      expect(expected.done.note).toBe("yes");
      expect(expected.pausedInterrupts).toEqual([{ question: "go on?" }]);
      expect(expected.history.length).toBeGreaterThan(1);
      expect(actual).toEqual(expected);
    });
  }

  it("stores the same rows: one blob per changed channel version, one row per checkpoint", async () => {
    const count = async (schema: string, table: string) =>
      Number(
        (await pool.query<{ n: string }>(`select count(*) as n from "${schema}".${table}`)).rows[0]
          ?.n,
      );
    for (const table of ["checkpoints", "checkpoint_blobs", "checkpoint_writes"]) {
      expect(await count(schemas.batched, table), table).toBe(await count(schemas.stock, table));
    }
    expect(await count(schemas.batched, "checkpoint_blobs")).toBeGreaterThan(0);
  });

  it("writes a checkpoint with all its blobs in one statement", async () => {
    const seen: string[] = [];
    const original = pool.query.bind(pool);
    // Count what put() sends to the pool (it goes through pool.query, not a checked-out client).
    pool.query = ((...args: Parameters<typeof original>) => {
      const text = typeof args[0] === "string" ? args[0] : "";
      if (/insert into/i.test(text)) seen.push(text);
      return original(...args);
    }) as typeof pool.query;
    try {
      const graph = graphOn(batched);
      await graph.invoke(
        { messages: [new HumanMessage("count")] },
        { configurable: { thread_id: "one-statement" }, durability: "exit" },
      );
    } finally {
      pool.query = original;
    }
    expect(seen.length).toBe(1);
    expect(seen[0]).toMatch(/checkpoint_blobs[\s\S]*checkpoints/);
  });
});
