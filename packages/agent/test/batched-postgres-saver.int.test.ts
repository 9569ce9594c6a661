import { AIMessage, HumanMessage } from "@langchain/core/messages";
import {
  Annotation,
  MessagesAnnotation,
  Command,
  START,
  StateGraph,
  emptyCheckpoint,
  interrupt,
  type BaseCheckpointSaver,
  type Checkpoint,
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

/**
 * What a saver gives back, called directly: the latest checkpoint, one by id
 * (with its pending writes and an "empty" channel), another namespace's, a
 * parent id that is empty, and nothing for an id or a thread it does not have.
 */
async function readBack(saver: BaseCheckpointSaver) {
  const thread = "direct";
  const first: Checkpoint = {
    ...emptyCheckpoint(),
    id: "1f0-a",
    ts: "2026-11-25T00:00:00.000Z",
    channel_values: { messages: [new HumanMessage("héllo")], note: "x".repeat(300) },
    // `gone` has a version but no value: stored as an "empty" blob, read back as absent.
    channel_versions: { messages: 1, note: 1, gone: 1 },
  };
  const root = { configurable: { thread_id: thread, checkpoint_ns: "" } };
  const c1 = await saver.put(
    root,
    first,
    { source: "input", step: -1, parents: {} },
    first.channel_versions,
  );
  await saver.putWrites(
    c1,
    [
      ["messages", [new AIMessage("pending")]],
      ["note", "n"],
    ],
    "task-1",
  );
  const second: Checkpoint = {
    ...first,
    id: "1f0-b",
    channel_values: { ...first.channel_values, note: "y" },
    channel_versions: { ...first.channel_versions, note: 2 },
  };
  await saver.put(c1, second, { source: "loop", step: 0, parents: {} }, { note: 2 });
  await saver.put(
    { configurable: { thread_id: thread, checkpoint_ns: "sub:1", checkpoint_id: "" } },
    { ...first, id: "1f0-c" },
    { source: "loop", step: 1, parents: { "": "1f0-b" } },
    first.channel_versions,
  );
  const at = (configurable: Record<string, string>) =>
    saver.getTuple({ configurable: { thread_id: thread, ...configurable } });
  return {
    latest: await at({}),
    first: await at({ checkpoint_id: "1f0-a" }),
    sub: await at({ checkpoint_ns: "sub:1" }),
    missingId: await at({ checkpoint_id: "1f0-z" }),
    missingThread: await saver.getTuple({ configurable: { thread_id: "none" } }),
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

  it("reads back by id, latest, namespace and pending writes as the stock saver does", async () => {
    const expected = await readBack(stock);
    const actual = await readBack(batched);
    expect(expected.latest?.checkpoint.channel_values).toEqual({
      messages: [new HumanMessage("héllo")],
      note: "y",
    });
    expect(expected.first?.pendingWrites).toHaveLength(2);
    expect(expected.latest?.parentConfig?.configurable?.checkpoint_id).toBe("1f0-a");
    expect(expected.sub?.parentConfig).toBeUndefined();
    expect(expected.missingId).toBeUndefined();
    expect(expected.missingThread).toBeUndefined();
    expect(actual).toEqual(expected);
  });

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
