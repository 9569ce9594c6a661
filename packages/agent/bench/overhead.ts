import {
  AIMessage,
  HumanMessage,
  SystemMessage,
  ToolMessage,
  type BaseMessage,
} from "@langchain/core/messages";
import type { Runnable } from "@langchain/core/runnables";
import { END, MemorySaver, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { createReactAgent } from "@langchain/langgraph/prebuilt";
import { createAgent, defaultGraphConfig } from "../src/index";
import { CHARS_PER_TOKEN } from "../src/context/estimate-tokens";
import { isTool } from "../src/context/message-kinds";
import {
  ScriptedChatModel,
  kubeBackend,
  planKubectl,
  runKubectl,
  type ToolSettings,
} from "../src/testing/index";
import { kubectlTool } from "../src/tools/kubectl-tool";
import { TOOL_SETTINGS_KEY } from "../src/tools/tool-context";
import { startDemo } from "../test/fixtures";

/** The five read-only calls of the benchmark turn, as a model would make them one by one. */
export const BENCH_COMMANDS = [
  "get pods -n shop",
  "get deployments -n shop",
  "describe deployment checkout -n shop",
  "get events -n shop",
  "get services -n shop",
];

export interface OverheadSamples {
  /** Wall-clock milliseconds per turn through the graph (`agent.runTurn`, every event consumed). */
  graphMs: number[];
  /** Wall-clock milliseconds per turn of the same model and tools in a plain loop. */
  plainMs: number[];
  /** graph − plain, per pair (the runs alternate, so drift hits both alike). */
  overheadMs: number[];
  /**
   * The same in process CPU time (user + system): what the graph itself costs,
   * unaffected by waiting for a busy machine. The in-process demo cluster's
   * CPU is the same on both sides and cancels out in the difference.
   */
  graphCpuMs: number[];
  plainCpuMs: number[];
  overheadCpuMs: number[];
  /**
   * A reference: LangGraph's own prebuilt ReAct agent (createReactAgent, MemorySaver) with the
   * same model and the same kubectl tool — how much of the overhead is the framework's.
   */
  prebuiltMs: number[];
  prebuiltCpuMs: number[];
  /** LangGraph's floor: the same 12 supersteps with no-op nodes (no model, no cluster). */
  bareCpuMs: number[];
  /** Graph supersteps per turn: prepare + 6 agent + 5 tools. */
  steps: number;
  toolCalls: number;
  modelCalls: number;
}

/** prepare → (agent → tools) × 5 → agent, nodes that only append a message. */
function bareGraph() {
  const saver = new MemorySaver();
  const graph = new StateGraph(MessagesAnnotation)
    .addNode("prepare", () => ({ messages: [new HumanMessage("q")] }))
    .addNode("agent", (s: typeof MessagesAnnotation.State) => {
      const done = s.messages.filter(isTool).length;
      return {
        messages: [
          done < BENCH_COMMANDS.length
            ? new AIMessage({
                content: "",
                tool_calls: [{ id: `c${done}`, name: "kubectl", args: {} }],
              })
            : new AIMessage("done"),
        ],
      };
    })
    .addNode("tools", (s: typeof MessagesAnnotation.State) => ({
      messages: [
        new ToolMessage({ content: "ok", tool_call_id: `c${s.messages.filter(isTool).length}` }),
      ],
    }))
    .addEdge(START, "prepare")
    .addEdge("prepare", "agent")
    .addConditionalEdges(
      "agent",
      (s: typeof MessagesAnnotation.State) =>
        (s.messages.at(-1) as AIMessage).tool_calls?.length ? "tools" : END,
      ["tools", END],
    )
    .addEdge("tools", "agent")
    .compile({ checkpointer: saver });
  return { graph, saver };
}

interface Sample {
  wall: number;
  cpu: number;
}

function sample(started: number, cpu: NodeJS.CpuUsage): Sample {
  const used = process.cpuUsage(cpu);
  return { wall: performance.now() - started, cpu: (used.user + used.system) / 1_000 };
}

/** A zero-latency model: one kubectl call per answer until five ran, then a short answer. */
function benchModel(): ScriptedChatModel {
  return new ScriptedChatModel(
    [
      (messages) => {
        let start = 0;
        for (let i = messages.length - 1; i >= 0; i--) {
          if (messages[i]?.getType() === "human") {
            start = i;
            break;
          }
        }
        const done = messages.slice(start).filter(isTool).length;
        const command = BENCH_COMMANDS[done];
        return command === undefined
          ? { text: "checkout crash-loops: its container exits at start. Done." }
          : { text: "", toolCalls: [{ name: "kubectl", args: { command, reason: "benchmark" } }] };
      },
    ],
    { loop: true, record: false },
  );
}

/**
 * Runs `runs` turns through the graph and `runs` plain loops, alternating,
 * against one demo cluster, after `warmup` unmeasured pairs.
 */
export async function measureAgentOverhead(opts: {
  runs: number;
  warmup: number;
}): Promise<OverheadSamples> {
  const fixture = await startDemo(["crashloop-missing-env"], "shop");
  try {
    const model = benchModel();
    // The same work on both sides: no cluster summary in prepare, no report node.
    const config = defaultGraphConfig({
      nodes: { prepare: { healthSummary: false }, report: { when: "never" } },
    });
    const checkpointer = new MemorySaver();
    const agent = createAgent({
      model: { model, label: "bench", offline: true },
      checkpointer,
      config,
      clusterFor: () => fixture.cluster,
    });
    const settings: ToolSettings = {
      backend: kubeBackend(fixture.cluster),
      namespace: "shop",
      timeoutMs: config.limits.toolTimeoutMs,
      retry: config.nodes.tools.retry,
      maxOutputChars: config.budgets.toolOutputTokens * CHARS_PER_TOKEN,
    };
    const bound = model.bindTools([kubectlTool]) as Runnable<BaseMessage[], AIMessage>;

    // Names its namespace explicitly, so prepare makes no cluster call either.
    const question = "why is checkout failing in the shop namespace?";
    let n = 0;
    const graphTurn = async (): Promise<Sample> => {
      const started = performance.now();
      const cpu = process.cpuUsage();
      let toolCalls = 0;
      const conversationId = `bench-${n++}`;
      for await (const e of agent.runTurn({
        conversationId,
        turnId: `t-${n}`,
        user: "bench",
        input: { text: question },
      })) {
        if (e.type === "tool.finished") toolCalls++;
        if (e.type === "turn.failed") throw new Error(`turn failed: ${e.message}`);
      }
      if (toolCalls !== BENCH_COMMANDS.length) {
        throw new Error(`expected ${BENCH_COMMANDS.length} tool calls, got ${toolCalls}`);
      }
      const result = sample(started, cpu);
      // Keep the heap steady across runs, as a database-backed server's is.
      await checkpointer.deleteThread(conversationId);
      return result;
    };
    const plainTurn = async (): Promise<Sample> => {
      const started = performance.now();
      const cpu = process.cpuUsage();
      const messages: BaseMessage[] = [
        new SystemMessage("You are a benchmark."),
        new HumanMessage(question),
      ];
      for (;;) {
        const ai = await bound.invoke(messages);
        messages.push(ai);
        if (!ai.tool_calls?.length) break;
        for (const call of ai.tool_calls) {
          const outcome = await runKubectl(planKubectl(call.args as { command: string }), settings);
          messages.push(
            new ToolMessage({
              content: outcome.content,
              tool_call_id: call.id ?? "",
              artifact: outcome.artifact,
            }),
          );
        }
      }
      return sample(started, cpu);
    };

    const prebuiltSaver = new MemorySaver();
    const prebuilt = createReactAgent({
      llm: model,
      tools: [kubectlTool],
      checkpointer: prebuiltSaver,
    });
    const prebuiltTurn = async (): Promise<Sample> => {
      const started = performance.now();
      const cpu = process.cpuUsage();
      const threadId = `prebuilt-${n++}`;
      const stream = await prebuilt.stream(
        { messages: [new HumanMessage(question)] },
        {
          configurable: { thread_id: threadId, [TOOL_SETTINGS_KEY]: settings },
          streamMode: "updates",
        },
      );
      let toolsOk = 0;
      for await (const chunk of stream) {
        const answers = (chunk as { tools?: { messages?: ToolMessage[] } }).tools?.messages ?? [];
        toolsOk += answers.filter((m) => m.status !== "error").length;
      }
      const result = sample(started, cpu);
      if (toolsOk !== BENCH_COMMANDS.length) {
        throw new Error(
          `prebuilt agent: expected ${BENCH_COMMANDS.length} good tool answers, got ${toolsOk}`,
        );
      }
      await prebuiltSaver.deleteThread(threadId);
      return result;
    };

    const bare = bareGraph();
    const bareTurn = async (): Promise<Sample> => {
      const started = performance.now();
      const cpu = process.cpuUsage();
      const threadId = `bare-${n++}`;
      const stream = await bare.graph.stream(
        { messages: [] },
        {
          configurable: { thread_id: threadId },
          streamMode: ["updates", "custom"],
          durability: "exit",
        },
      );
      for await (const _chunk of stream) {
        // consumed
      }
      const result = sample(started, cpu);
      await bare.saver.deleteThread(threadId);
      return result;
    };

    for (let i = 0; i < opts.warmup; i++) {
      await bareTurn();
      await graphTurn();
      await plainTurn();
      await prebuiltTurn();
    }
    const out: OverheadSamples = {
      graphMs: [],
      plainMs: [],
      overheadMs: [],
      graphCpuMs: [],
      plainCpuMs: [],
      overheadCpuMs: [],
      prebuiltMs: [],
      prebuiltCpuMs: [],
      bareCpuMs: [],
      steps: 1 + (BENCH_COMMANDS.length + 1) + BENCH_COMMANDS.length,
      toolCalls: BENCH_COMMANDS.length,
      modelCalls: BENCH_COMMANDS.length + 1,
    };
    for (let i = 0; i < opts.runs; i++) {
      // Alternate which goes first so neither always gets the warmer cache.
      let g: Sample;
      let p: Sample;
      if (i % 2 === 0) {
        g = await graphTurn();
        p = await plainTurn();
      } else {
        p = await plainTurn();
        g = await graphTurn();
      }
      out.graphMs.push(g.wall);
      out.plainMs.push(p.wall);
      out.overheadMs.push(g.wall - p.wall);
      out.graphCpuMs.push(g.cpu);
      out.plainCpuMs.push(p.cpu);
      out.overheadCpuMs.push(g.cpu - p.cpu);
      const r = await prebuiltTurn();
      out.prebuiltMs.push(r.wall);
      out.prebuiltCpuMs.push(r.cpu);
      out.bareCpuMs.push((await bareTurn()).cpu);
    }
    return out;
  } finally {
    await fixture.close();
  }
}
