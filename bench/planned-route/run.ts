// "What's wrong with my cluster?" on the demo cluster with every built-in
// scenario loaded, offline, through the planned route (route → planner →
// specialists in parallel → combined report) and, in the same run, through
// the single loop (plan.enabled: false): wall time and causes found.
// Goal (issue #14): the planned turn under 10 s offline on this machine.
import { measurePlannedRoute } from "@kubemedic/agent/bench/planned-route";
import { benchCase, writeResult } from "../lib/result";
import { reps } from "../lib/options";
import { quantile } from "../lib/stats";

const QUESTION = "what's wrong with my cluster?";
const { scenarios, planned, single } = await measurePlannedRoute({
  runs: reps(5, 1),
  question: QUESTION,
});

const median = (xs: number[]): number =>
  quantile(
    [...xs].sort((a, b) => a - b),
    0.5,
  );
const p = median(planned.map((s) => s.ms));
const s = median(single.map((s) => s.ms));
const pCauses = planned.at(-1)?.causes ?? [];
const sCauses = single.at(-1)?.causes ?? [];
const goalMs = 10_000;
writeResult({
  name: "planned-route",
  title: `"${QUESTION}" with every scenario loaded (${scenarios}), offline: planned route vs single loop`,
  cases: [
    benchCase(
      "planned route (plan, specialists in parallel, combined report), wall",
      planned.map((x) => x.ms),
      "ms",
      {
        causes: pCauses.length,
        steps: planned.at(-1)?.steps ?? 0,
      },
    ),
    benchCase(
      "single loop (plan.enabled: false), wall",
      single.map((x) => x.ms),
      "ms",
      {
        causes: sCauses.length,
      },
    ),
  ],
  comparisons: [
    {
      name: "causes found, planned vs single loop",
      ours: `${pCauses.length}`,
      baseline: `${sCauses.length}`,
      ratio: sCauses.length === 0 ? pCauses.length : pCauses.length / sCauses.length,
    },
    {
      name: "turn wall time, planned vs single loop",
      ours: `${p.toFixed(0)} ms`,
      baseline: `${s.toFixed(0)} ms`,
      ratio: s / p,
    },
  ],
  goals: [
    {
      goal: `planned turn under ${goalMs / 1000} s offline (median)`,
      actual: `${(p / 1000).toFixed(2)} s`,
      met: p < goalMs,
    },
  ],
  notes: [
    `Planned causes: ${pCauses.join("; ") || "none"}.`,
    `Single-loop causes: ${sCauses.join("; ") || "none"}.`,
    "Offline diagnostician, MemorySaver, tracing off; runs alternate planned/single after one warm-up each.",
  ],
});
