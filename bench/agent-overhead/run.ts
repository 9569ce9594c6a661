// The agent graph's own cost: one turn with a zero-latency scripted model
// making 5 kubectl calls on the demo cluster, through `agent.runTurn` (graph,
// checkpointer, events) and, side by side in the same run, the same model and
// the same tools in a plain loop. Goal: median overhead under 2 ms per step.
// The measuring code lives in the agent package (it uses the package's own test fixtures).
import { measureAgentOverhead } from "@kubemedic/agent/bench/overhead";
import { benchCase, writeResult } from "../lib/result";
import { reps } from "../lib/options";
import { quantile } from "../lib/stats";

const runs = reps(60, 8);
const s = await measureAgentOverhead({ runs, warmup: 8 });

const median = (xs: number[]): number =>
  quantile(
    [...xs].sort((a, b) => a - b),
    0.5,
  );
const perStep = s.overheadMs.map((x) => x / s.steps);
const perStepCpu = s.overheadCpuMs.map((x) => x / s.steps);
const goalMs = 2;
writeResult({
  name: "agent-overhead",
  title: `Agent graph overhead: a turn of ${s.modelCalls} model calls and ${s.toolCalls} tool calls (zero-latency model, demo cluster)`,
  cases: [
    benchCase("turn through the graph (runTurn), wall", s.graphMs),
    benchCase("same model + tools, plain loop, wall", s.plainMs),
    benchCase("overhead per turn (paired), wall", s.overheadMs),
    benchCase(`overhead per step (${s.steps} supersteps), wall`, perStep),
    benchCase("turn through the graph, CPU", s.graphCpuMs),
    benchCase("plain loop, CPU", s.plainCpuMs),
    benchCase("overhead per turn (paired), CPU", s.overheadCpuMs),
    benchCase(`overhead per step (${s.steps} supersteps), CPU`, perStepCpu),
    benchCase("reference: LangGraph createReactAgent, same model + tool, wall", s.prebuiltMs),
    benchCase("reference: LangGraph createReactAgent, CPU", s.prebuiltCpuMs),
    benchCase(`reference: bare LangGraph, ${s.steps} no-op supersteps, CPU`, s.bareCpuMs),
  ],
  comparisons: [
    {
      name: "turn wall time, graph vs plain loop",
      ours: `${median(s.graphMs).toFixed(2)} ms`,
      baseline: `${median(s.plainMs).toFixed(2)} ms`,
      ratio: median(s.plainMs) / median(s.graphMs),
    },
    {
      name: "turn CPU time, kubemedic graph vs LangGraph's prebuilt ReAct agent",
      ours: `${median(s.graphCpuMs).toFixed(2)} ms`,
      baseline: `${median(s.prebuiltCpuMs).toFixed(2)} ms`,
      ratio: median(s.prebuiltCpuMs) / median(s.graphCpuMs),
    },
    {
      name: "turn CPU time, graph vs plain loop",
      ours: `${median(s.graphCpuMs).toFixed(2)} ms`,
      baseline: `${median(s.plainCpuMs).toFixed(2)} ms`,
      ratio: median(s.plainCpuMs) / median(s.graphCpuMs),
    },
  ],
  goals: [
    {
      goal: `median overhead under ${goalMs} ms per step (wall clock)`,
      actual: `${median(perStep).toFixed(3)} ms per step (${median(s.overheadMs).toFixed(2)} ms per turn)`,
      met: median(perStep) < goalMs,
    },
    {
      goal: `median overhead under ${goalMs} ms per step (CPU time)`,
      actual: `${median(perStepCpu).toFixed(3)} ms per step (${median(s.overheadCpuMs).toFixed(2)} ms per turn)`,
      met: median(perStepCpu) < goalMs,
    },
  ],
  notes: [
    "Graph side: createAgent with MemorySaver (durability 'exit', the default), the prepare node's cluster summary and the report node off (the plain loop does neither), every event consumed.",
    "Plain side: model.bindTools + invoke, then runKubectl for each call, messages appended by hand.",
    `Steps: prepare + ${s.modelCalls} agent + ${s.toolCalls} tools supersteps. Runs alternate graph/plain; overhead is per pair.`,
    "The bare LangGraph reference (same graph shape, nodes that only append a message, MemorySaver, durability exit) is the framework's floor per step on this machine.",
    "CPU time is the process's user+system time; the demo cluster runs in the same process and does the same work on both sides. On a shared, loaded machine the wall-clock figures are noisy; the CPU figures are the steadier measure of the graph's own cost.",
  ],
});
