// What the database costs when kubemedic starts, and what committing a turn
// costs, on embedded PGlite and on PostgreSQL. The side-by-side baseline is
// the alternative we did not take: spawning `prisma migrate deploy` at start
// instead of applying the committed SQL in-process (docs/persistence.md).
// Run: node_modules/.bin/tsx bench/db-startup/run.ts   (BENCH_RUNS=10 by default)
import { measureDbStartup } from "@kubemedic/server/bench/db-startup";
import { benchCase, writeResult } from "../lib/result";
import { reps } from "../lib/options";
import { summarize } from "../lib/stats";

const runs = reps(10, 3);
const slowRuns = reps(3, 1, "BENCH_SLOW_RUNS");
const s = await measureDbStartup({ runs, slowRuns });
const median = (xs: number[]) => summarize(xs).median;
const ms = (xs: number[]) => `${median(xs).toFixed(1)} ms`;

const cases = [
  benchCase("embedded first start (initdb + migrate)", s.embeddedFirstStart),
  benchCase("embedded restart (open + migration check)", s.embeddedRestart),
  benchCase("startServer on embedded data, until listening", s.serverStartEmbedded),
  benchCase("commit one turn, PGlite", s.commitPglite, "ms", { rows: 7 }),
];
const comparisons = [];
const goals = [
  {
    goal: "embedded restart under 2 s (median)",
    actual: ms(s.embeddedRestart),
    met: median(s.embeddedRestart) < 2_000,
  },
];
if (s.postgres) {
  cases.push(
    benchCase("in-process migrate, empty PostgreSQL db", s.migrateInProcessEmpty),
    benchCase("in-process migration check, nothing to do", s.migrateInProcessNoop),
    benchCase("prisma migrate deploy, empty db: work done", s.prismaDeployEmpty.workDone),
    benchCase("prisma migrate deploy, empty db: process exit", s.prismaDeployEmpty.exited),
    benchCase("prisma migrate deploy, nothing to do: work done", s.prismaDeployNoop.workDone),
    benchCase("commit one turn, PostgreSQL", s.commitPostgres, "ms", { rows: 7 }),
  );
  comparisons.push(
    {
      name: "migrate an empty db: in-process vs prisma CLI (until its work is done)",
      ours: ms(s.migrateInProcessEmpty),
      baseline: ms(s.prismaDeployEmpty.workDone),
      ratio: median(s.prismaDeployEmpty.workDone) / median(s.migrateInProcessEmpty),
    },
    {
      name: "start-up migration check: in-process vs prisma CLI (nothing to apply)",
      ours: ms(s.migrateInProcessNoop),
      baseline: ms(s.prismaDeployNoop.workDone),
      ratio: median(s.prismaDeployNoop.workDone) / median(s.migrateInProcessNoop),
    },
  );
  goals.push({
    goal: "start-up migration check under 50 ms",
    actual: ms(s.migrateInProcessNoop),
    met: median(s.migrateInProcessNoop) < 50,
  });
}

writeResult({
  name: "db-startup",
  title:
    "Database at start: embedded PGlite, migrations in-process vs the Prisma CLI, and one turn's commit",
  cases,
  comparisons,
  goals,
  notes: [
    `runs=${runs} (first starts and CLI runs: ${slowRuns}).`,
    "A turn's commit writes 2 assistant messages, 3 tool logs (~1 KB output each), 1 report and the turn's status in one transaction; only the final event's commit is timed.",
    s.postgres
      ? "PostgreSQL 127.0.0.1:5432, a fresh database per run. `prisma migrate deploy` with CHECKPOINT_DISABLE=1; 'work done' is when it prints its result, 'process exit' when a start script could go on."
      : "PostgreSQL was not reachable: only the embedded cases ran.",
  ],
});
