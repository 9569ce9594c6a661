// Committing a turn with 20 tool logs in one transaction (the server's
// TurnUnitOfWork) vs 20 separate commits (a tool log committed as each tool
// finishes, the rest at the end), on embedded PGlite (the app's own
// openDatabase) and on PostgreSQL (a fresh database, dropped afterwards).
// The measuring code: apps/server/bench/persistence.ts.
import * as mod from "@kubemedic/server/bench/persistence";
import {
  benchCase,
  writeResult,
  type BenchCase,
  type BenchComparison,
  type Chart,
} from "../lib/result";
import { reps } from "../lib/options";
import { summarize } from "../lib/stats";

const runs = reps(30, 5);
const { backends, postgresSkipped } = await mod.measurePersistence({
  runs,
  warmup: 3,
  log: (l) => console.log(l),
});

const n = mod.TOOL_CALLS;
const label = { pglite: "PGlite (embedded)", postgres: "PostgreSQL 127.0.0.1" } as const;
const cases: BenchCase[] = [];
const comparisons: BenchComparison[] = [];
for (const b of backends) {
  const one = summarize(b.oneTransactionMs);
  const sep = summarize(b.separateCommitsMs);
  cases.push(
    benchCase(`${label[b.backend]}: one transaction (TurnUnitOfWork)`, b.oneTransactionMs, "ms", {
      rows: b.rows,
      commits: 1,
    }),
    benchCase(`${label[b.backend]}: ${n} tool-log commits + 1`, b.separateCommitsMs, "ms", {
      rows: b.rows,
      commits: n + 1,
    }),
  );
  comparisons.push({
    name: `turn with ${n} tool logs on ${label[b.backend]}`,
    ours: `${one.median.toFixed(1)} ms (1 commit)`,
    baseline: `${sep.median.toFixed(1)} ms (${n + 1} commits)`,
    ratio: sep.median / one.median,
  });
}

const charts: Chart[] = [
  {
    kind: "bar",
    id: "commit",
    title: `Persisting a turn with ${n} tool logs (median ms, lower is better)`,
    categories: backends.map((b) => label[b.backend]),
    y: { label: "ms per turn" },
    groups: [
      {
        name: "one transaction (ours)",
        values: backends.map((b) => summarize(b.oneTransactionMs).median),
      },
      {
        name: `${n} separate commits + 1`,
        values: backends.map((b) => summarize(b.separateCommitsMs).median),
      },
    ],
  },
];

writeResult({
  name: "persistence",
  title: `Persistence: a turn with ${n} tool logs in one transaction vs ${n} separate commits, PGlite and PostgreSQL`,
  cases,
  comparisons,
  goals: [],
  charts,
  notes: [
    `Each turn: the turn's status, 2 assistant messages, ${n} tool logs (~2 KB of kubectl output each) and a report — ${backends[0]?.rows ?? 24} rows — fed event by event through the server's TurnRepository.begin / TurnUnitOfWork.record, as the gateway does. Timed: first event to last commit; the user's message (its own commit at receipt, the same on both sides) is not timed.`,
    `Baseline: each tool log committed on its own (prisma.toolLog.create, autocommit) when its tool.finished arrives, the rest in the unit of work's final commit. Both sides store the same rows; the count is checked after every run. ${runs} runs per side after 3 warm-up pairs, alternating order.`,
    "PGlite: the app's openDatabase on a fresh data dir (PGlite served over pglite-socket, one connection). PostgreSQL: 127.0.0.1:5432, a fresh database created and dropped by the bench, pool of 10.",
    ...(postgresSkipped === undefined
      ? []
      : [`PostgreSQL was not reachable (${postgresSkipped}): only PGlite ran.`]),
    "Besides speed, the one transaction is what makes a turn all-or-nothing (docs/persistence.md); the baseline can leave tool logs of a turn whose outputs failed to save.",
  ],
});
