// The prompt size of every request kubemedic sends to an LLM, during a
// scripted investigation of every built-in scenario and of a generated
// 2,000-pod namespace (the real graph, tools and demo cluster; the OpenAI
// stub plays the model and records each request; apps/server/bench/
// token-economy.ts). Counted with o200k_base (count-tokens.ts).
// Goal: no request over 16k tokens. Baseline, side by side: the 2,000-pod
// investigation again with the context economy switched off.
import { runTokenEconomy, type Investigation } from "@kubemedic/server/bench/token-economy";
import { writeResult, benchCase, type BenchCase, type BenchGoal, type Chart } from "../lib/result";
import { numberList } from "../lib/options";
import { quantile } from "../lib/stats";
import { countPrompt, type PromptCount } from "./count-tokens";

/** "16k tokens", read strictly. */
const LIMIT = 16_000;

const [generatedPods = 2_000] = numberList("BENCH_PODS", [2_000], [2_000]);
const { investigations, economyOff, unloadable } = await runTokenEconomy({
  generatedPods,
  log: (l) => console.log(l),
});

interface Counted {
  inv: Investigation;
  counts: (PromptCount & { step: string; turn: number; bytes: number })[];
}
const count = (inv: Investigation): Counted => ({
  inv,
  counts: inv.requests.map((r) => ({
    ...countPrompt(r.messages, r.tools),
    step: r.step,
    turn: r.turn,
    bytes: Buffer.byteLength(r.raw),
  })),
});
const counted = investigations.map(count);
const off = count(economyOff);

const q = (xs: number[], p: number) =>
  quantile(
    [...xs].sort((a, b) => a - b),
    p,
  );
const totals = (c: Counted) => c.counts.map((x) => x.total);
const cases: BenchCase[] = [];
for (const c of counted) {
  const xs = totals(c);
  const worst = c.counts.reduce((a, b) => (b.total > a.total ? b : a));
  cases.push(
    benchCase(`${c.inv.scenario}: prompt tokens per request`, xs, "tokens", {
      requests: xs.length,
      p90: Math.round(q(xs, 0.9)),
      max: Math.max(...xs),
      largestAt: `turn ${worst.turn} ${worst.step}`,
      pods: c.inv.pods,
    }),
  );
}
const all = counted.flatMap((c) => c.counts.map((x) => ({ ...x, scenario: c.inv.scenario })));
const allTotals = all.map((x) => x.total);
cases.push(
  benchCase("all investigations: prompt tokens per request", allTotals, "tokens", {
    requests: allTotals.length,
    p90: Math.round(q(allTotals, 0.9)),
    max: Math.max(...allTotals),
  }),
);
const offTotals = totals(off);
cases.push(
  benchCase(`baseline: ${off.inv.scenario}`, offTotals, "tokens", {
    requests: offTotals.length,
    p90: Math.round(q(offTotals, 0.9)),
    max: Math.max(...offTotals),
  }),
);

const worst = all.reduce((a, b) => (b.total > a.total ? b : a));
const over = all.filter((x) => x.total > LIMIT);
const goals: BenchGoal[] = [
  {
    goal: `no request over 16k tokens (${LIMIT.toLocaleString("en")}, o200k_base), in any scenario's investigation or the ${generatedPods}-pod namespace`,
    actual:
      `max ${worst.total.toLocaleString("en")} tokens (${worst.scenario}, turn ${worst.turn} ${worst.step}); ` +
      `${over.length} of ${all.length} requests over; p50 ${Math.round(q(allTotals, 0.5))}, p90 ${Math.round(q(allTotals, 0.9))}`,
    met: over.length === 0,
  },
];

const gen = counted.find(
  (c) => c.inv.pods === generatedPods && c.inv.scenario.startsWith("generated"),
);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const comparisons =
  gen === undefined
    ? []
    : [
        {
          name: `${generatedPods}-pod namespace: largest request, context economy on vs off`,
          ours: `${Math.max(...totals(gen)).toLocaleString("en")} tokens`,
          baseline: `${Math.max(...offTotals).toLocaleString("en")} tokens`,
          ratio: Math.max(...offTotals) / Math.max(...totals(gen)),
        },
        {
          name: `${generatedPods}-pod namespace: tokens sent over the whole investigation`,
          ours: `${sum(totals(gen)).toLocaleString("en")} tokens`,
          baseline: `${sum(offTotals).toLocaleString("en")} tokens`,
          ratio: sum(offTotals) / sum(totals(gen)),
        },
      ];

// How far kubemedic's own budget estimate (3 chars per token) is from the real count.
const estimateRatio = q(
  all.map((x) => (x.total - x.system - x.toolSchemas) / Math.max(1, x.agentEstimate)),
  0.5,
);
// The densest large tool outputs: what a per-character estimate misjudges most.
const largeOutputs = counted
  .flatMap((c) => c.inv.requests.flatMap((r) => r.messages))
  .filter((m) => m.role === "tool" && typeof m.content === "string" && m.content.length > 4_000)
  .map((m) => {
    const text = m.content as string;
    return { chars: text.length, tokens: countPrompt([m], []).total - 6 };
  });
const denseNote =
  largeOutputs.length === 0
    ? "no tool output over 4,000 characters"
    : `tool outputs over 4,000 characters average ${(sum(largeOutputs.map((o) => o.chars)) / sum(largeOutputs.map((o) => o.tokens))).toFixed(2)} characters per token; the largest is ${Math.max(...largeOutputs.map((o) => o.tokens)).toLocaleString("en")} real tokens`;
const breakdown = (x: PromptCount) =>
  `system prompt ${x.system}, tool schemas ${x.toolSchemas}, ${x.toolMessages} tool outputs ${x.toolOutputs} (largest ${x.largestToolOutput}), user/assistant ${x.conversation}; ${x.messages} messages; kubemedic's estimate of the messages ${x.agentEstimate}`;

const short = (name: string) => name.replace(/^generated (\d+)-pod namespace$/, "$1 pods");
const charts: Chart[] = [
  {
    kind: "bar",
    id: "per-scenario",
    title: "Prompt tokens per request, per investigation (o200k_base)",
    categories: counted.map((c) => short(c.inv.scenario)),
    y: { label: "tokens" },
    groups: [
      { name: "p50", values: counted.map((c) => q(totals(c), 0.5)) },
      { name: "p90", values: counted.map((c) => q(totals(c), 0.9)) },
      { name: "max", values: counted.map((c) => Math.max(...totals(c))) },
    ],
    threshold: { y: LIMIT, label: "16k goal" },
  },
  ...(gen === undefined
    ? []
    : [
        {
          kind: "line" as const,
          id: "growth",
          title: `Prompt tokens request by request, ${generatedPods}-pod namespace`,
          x: { label: "request # in the conversation" },
          y: { label: "tokens" },
          lines: [
            {
              name: "kubemedic (default budgets)",
              points: totals(gen).map((y, i) => ({ x: i + 1, y })),
            },
            { name: "context economy off", points: offTotals.map((y, i) => ({ x: i + 1, y })) },
          ],
          threshold: { y: LIMIT, label: "16k goal" },
        },
      ]),
];

const failures = counted.flatMap((c) => c.inv.toolFailures.map((f) => `${c.inv.scenario}: ${f}`));
const badEndings = counted.flatMap((c) =>
  c.inv.endings.filter((e) => e !== "turn.completed").map((e) => `${c.inv.scenario}: ${e}`),
);
writeResult({
  name: "token-economy",
  title: `Token economy: prompt size of every LLM request in scripted investigations (${counted.length - 1} scenarios + a ${generatedPods}-pod namespace)`,
  cases,
  comparisons,
  goals,
  charts,
  notes: [
    "Each investigation: the scenario's question through createAgent with the default graph config and ChatOpenAI against the local OpenAI stub, which plays a thorough model: k8sgpt analyze → get pods -o wide, get events, describe the object → describe pods (whole namespace), up to 3 pods' logs, the object as YAML → k8sgpt correlate → an answer → the report node's structured-output request; then a follow-up turn (get deploy,rs,svc,endpoints -o wide → answer). Every request body is recorded and counted.",
    "Tokens: o200k_base (js-tiktoken, offline), 3 per message + 3 priming per OpenAI's rule for gpt-4o; tool definitions counted as their JSON (a little above what OpenAI's own rendering costs).",
    `Largest request: ${worst.scenario}, turn ${worst.turn} ${worst.step}, ${worst.total} tokens (${(worst.bytes / 1024).toFixed(0)} KB of JSON): ${breakdown(worst)}.`,
    `kubemedic budgets each request (system prompt + history, budgets.historyTokens, default 12,000) with an estimate of 3 characters per token, which errs high on purpose: over whole requests o200k_base counts a median ${estimateRatio.toFixed(2)}× that estimate; ${denseNote}. Over budget, fitRequest shrinks the turn's older tool outputs to their summaries, then cuts the newest batch to an even share with a marker; tool outputs are capped at budgets.toolOutputTokens × 3 = 12,000 characters.`,
    `Baseline ("context economy off"): the same ${generatedPods}-pod investigation with budgets.historyTokens ${(2_000_000).toLocaleString("en")} and budgets.toolOutputTokens ${(200_000).toLocaleString("en")} (the config schema's maxima); the kubectl engine's own bound of 200 lines / 16 KiB per call still applies.`,
    ...(over.length === 0
      ? []
      : [
          `Requests over ${LIMIT}: ${over.map((x) => `${x.scenario} turn ${x.turn} ${x.step} (${x.total})`).join("; ")}.`,
          "Why: see the largest request's breakdown above; the budget bounds kubemedic's estimate, so a request over the goal means the estimate undercounted that request's text (denser than 3 characters per token).",
        ]),
    ...(failures.length === 0
      ? ["Every scripted tool call ended ok (the script reads real objects)."]
      : [`Tool calls that did not end ok: ${failures.join("; ")}.`]),
    ...(badEndings.length === 0 ? [] : [`Turns that did not complete: ${badEndings.join("; ")}.`]),
    ...(unloadable.length === 0
      ? []
      : [`Built-in scenarios that did not load and were left out: ${unloadable.join("; ")}.`]),
  ],
});
