// Ten read commands through kubemedic's in-process kubectl engine versus
// spawning the real kubectl binary, side by side in one run against the demo
// cluster (HTTPS on loopback). Both sides are warm: the engine's discovery is
// cached (as in a conversation), kubectl's disk discovery cache too.
// Goal: at least 10× faster per call, for every command.
// The measuring code lives in packages/kube (it uses the package's sources).
import { runKubectlEngineBench } from "@kubemedic/kube/bench/kubectl-engine";
import { existsSync } from "node:fs";
import { delimiter, join } from "node:path";
import {
  benchCase,
  writeResult,
  type BenchCase,
  type BenchComparison,
  type BenchGoal,
} from "../lib/result";
import { reps } from "../lib/options";
import { summarize } from "../lib/stats";

const kubectl =
  process.env.KUBECTL ??
  (process.env.PATH ?? "")
    .split(delimiter)
    .map((dir) => join(dir, "kubectl"))
    .find((p) => existsSync(p));
if (!kubectl) {
  console.error("bench kubectl-engine: no kubectl binary on PATH (set KUBECTL=/path/to/kubectl)");
  process.exit(1);
}

const { timings, firstEngineCallMs } = await runKubectlEngineBench({
  runs: reps(15, 3),
  warmup: 3,
  kubectl,
  log: (l) => console.log(l),
});

const cases: BenchCase[] = [];
const comparisons: BenchComparison[] = [];
const ratios: number[] = [];
const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2));
for (const t of timings) {
  const ours = summarize(t.engine);
  const base = summarize(t.kubectl);
  cases.push(benchCase(`engine   ${t.command}`, t.engine, "ms", { bytes: t.engineBytes }));
  cases.push(benchCase(`kubectl  ${t.command}`, t.kubectl, "ms", { bytes: t.kubectlBytes }));
  const ratio = base.median / ours.median;
  ratios.push(ratio);
  comparisons.push({
    name: t.command,
    ours: `${fmt(ours.median)} ms`,
    baseline: `kubectl ${fmt(base.median)} ms`,
    ratio,
  });
}
const worst = Math.min(...ratios);
const median = summarize(ratios).median;
const goals: BenchGoal[] = [
  {
    goal: "at least 10× faster than spawning kubectl, for every one of the ten commands",
    actual: `worst ${worst.toFixed(1)}×, median ${median.toFixed(1)}×`,
    met: worst >= 10,
  },
];
writeResult({
  name: "kubectl-engine",
  title:
    "kubectl engine: ten read commands, in-process engine vs spawning kubectl (demo cluster, HTTPS loopback)",
  cases,
  comparisons,
  goals,
  charts: [
    {
      kind: "bar",
      id: "per-command",
      title: "One read command: engine vs spawning kubectl (median ms, log scale)",
      categories: timings.map((t) => t.command.replace(/ -n shop\b/, "")),
      y: { label: "ms per call", log: true },
      groups: [
        { name: "kubemedic engine", values: timings.map((t) => summarize(t.engine).median) },
        { name: "kubectl binary", values: timings.map((t) => summarize(t.kubectl).median) },
      ],
    },
  ],
  notes: [
    `kubectl binary: ${kubectl}; runs per command: ${timings[0]?.engine.length ?? 0}, interleaved, after 3 warm-up calls each`,
    `the engine's first call (discovery included): ${firstEngineCallMs.toFixed(1)} ms`,
    "both sides print the full output (engine limits raised); the demo cluster runs in the bench's process",
  ],
});
