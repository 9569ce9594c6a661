import { join } from "node:path";
import type * as AgentExports from "@kubemedic/agent";
import type * as DemoExports from "@kubemedic/demo-cluster";
import type { Scenario } from "@kubemedic/demo-cluster";
import type * as KubeExports from "@kubemedic/kube";
import { diagnoseScenario } from "./diagnoseScenario";
import type { ScenarioFolder } from "./findScenarios";
import { healthyNamespaces } from "./healthyNamespaces";
import type { ScenarioResult } from "./QualityReport";
import { runFixScenario } from "./fix/runFixScenario";
import { scoreAnalyzers } from "./scoreAnalyzers";

type AgentModule = typeof AgentExports;
type KubeModule = typeof KubeExports;
type DemoModule = typeof DemoExports;

/** What every scenario run shares: the modules, the model, a scratch directory, the load cache. */
export interface RunContext {
  agent: AgentModule;
  kube: KubeModule;
  demo: DemoModule;
  model: ReturnType<AgentModule["createModel"]>;
  /** Where each run writes its kubeconfig (one file per scenario). */
  scratch: string;
  /** Shared bases (`_base`) are parsed once for the whole run. */
  cache: Map<string, Scenario>;
  signal: AbortSignal;
  /** `--fix`: also score fixing each scenario that is not Healthy (runFixScenario). */
  fix?: boolean;
}

/**
 * One scenario, start to end: load it (a loader error is an "error" row with
 * the loader's message), serve it from its own in-process demo cluster (with
 * its bases), diagnose its question through the agent graph, score the report
 * with the brief's rule, then score the analyzers alone on the same cluster.
 * Undefined for a shared base folder, which is not a scenario.
 */
export async function runScenario(
  ctx: RunContext,
  folder: ScenarioFolder,
  index: number,
): Promise<ScenarioResult | undefined> {
  const started = performance.now();
  let scenario: Scenario;
  try {
    scenario = await ctx.demo.loadScenario(folder.dir, { cache: ctx.cache });
  } catch (error) {
    return errorRow(folder, (error as Error).message, started);
  }
  if (scenario.base) return undefined;
  const row: ScenarioResult = {
    name: scenario.name,
    dir: folder.dir,
    namespace: scenario.namespace,
    question: scenario.question,
    expected: {
      category: scenario.expect.category,
      resource: scenario.expect.resource,
      mentions: scenario.expect.mentions,
    },
    traits: [...scenario.traits],
    status: "fail",
    reasons: [],
    diagnosis: null,
    score: null,
    analyzers: null,
    durationMs: { total: 0, diagnosis: 0, analyzers: 0 },
  };
  let demo: Awaited<ReturnType<DemoModule["startDemoCluster"]>> | undefined;
  let cluster: InstanceType<KubeModule["Cluster"]> | undefined;
  try {
    demo = await ctx.demo.startDemoCluster({ port: 0, scenarios: [scenario] });
    const kubeconfigPath = join(ctx.scratch, `kubeconfig-${index}`);
    await demo.writeKubeconfig(kubeconfigPath);
    const kc = ctx.kube.loadKubeConfig({ kubeconfigPath });
    cluster = new ctx.kube.Cluster(kc, { namespace: scenario.namespace });

    const t0 = performance.now();
    const run = await diagnoseScenario(
      ctx.agent,
      ctx.model,
      cluster,
      scenario.question,
      scenario.namespace,
      ctx.signal,
    );
    row.durationMs.diagnosis = Math.round(performance.now() - t0);
    if (run.report !== undefined) {
      const r = run.report;
      row.diagnosis = {
        category: r.category,
        severity: r.severity,
        confidence: r.confidence,
        summary: r.summary,
        rootCause: r.rootCause,
        affectedResources: r.affectedResources.map((a) =>
          a.namespace === undefined ? `${a.kind}/${a.name}` : `${a.kind}/${a.namespace}/${a.name}`,
        ),
        degraded: run.degraded,
        toolCalls: run.toolCalls,
      };
      const causes = scenario.expect.causes;
      if (causes === undefined) {
        row.score = ctx.demo.scoreDiagnosis(r, scenario.expect);
        row.reasons.push(...scoreReasons(row.score, scenario, r.category));
      } else {
        // Multi-cause: every listed cause named (each by the single-cause rule), none invented.
        const multi = ctx.demo.scoreCauses(r, causes);
        row.causes = multi;
        row.score = {
          passed: multi.passed,
          category: multi.expected.every((e) => e.score.category),
          resource: multi.expected.every((e) => e.score.resource),
          mentions: multi.expected.flatMap((e) => e.score.mentions),
        };
        row.reasons.push(...causesReasons(multi));
      }
    } else row.reasons.push(run.failure ?? "no report");

    const t1 = performance.now();
    row.analyzers = await scoreAnalyzers(ctx.kube, kc, scenario, healthyNamespaces(scenario));
    row.durationMs.analyzers = Math.round(performance.now() - t1);
    const falses = row.analyzers.falseFindings;
    if (falses.length > 0)
      row.reasons.push(
        `${falses.length} false finding${falses.length === 1 ? "" : "s"} in healthy namespaces (${falses
          .slice(0, 3)
          .map((f) => `${f.kind} ${f.name}`)
          .join(", ")}${falses.length > 3 ? ", …" : ""})`,
      );
    if (ctx.fix === true && scenario.expect.category !== "Healthy") {
      // On a cluster of its own: the diagnosis above left its cluster as loaded.
      row.fix = await runFixScenario(ctx, scenario, index);
      if (row.fix.status !== "pass")
        row.reasons.push(
          scenario.fixable
            ? `fix not resolved after ${row.fix.approvals} approval${row.fix.approvals === 1 ? "" : "s"}: ${row.fix.remaining.slice(0, 2).join("; ") || "no change proposed"}`
            : `fix: ${row.fix.remaining.join("; ")}`,
        );
    }
    row.status = row.reasons.length === 0 ? "pass" : "fail";
  } catch (error) {
    row.status = "error";
    row.error = (error as Error).message;
    row.reasons.push(row.error);
  } finally {
    cluster?.close();
    await demo?.close();
    row.durationMs.total = Math.round(performance.now() - started);
  }
  return row;
}

/** The brief's rule, failed parts in words: "category Healthy, expected DNSFailure". */
function scoreReasons(
  score: NonNullable<ScenarioResult["score"]>,
  scenario: Scenario,
  category: string,
): string[] {
  const out: string[] = [];
  if (!score.category) out.push(`category ${category}, expected ${scenario.expect.category}`);
  if (!score.resource) out.push(`${scenario.expect.resource} not among the affected resources`);
  const missing = score.mentions.filter((m) => !m.found).map((m) => `"${m.text}"`);
  if (missing.length > 0) out.push(`not mentioned: ${missing.join(", ")}`);
  return out;
}

/** The multi-cause rule, failed parts in words: "cause Job/b/x not named: category Other", "invented: …". */
function causesReasons(score: NonNullable<ScenarioResult["causes"]>): string[] {
  const out: string[] = [];
  for (const e of score.expected.filter((x) => !x.found)) {
    const why: string[] = [];
    if (!e.score.category) why.push("category");
    if (!e.score.resource) why.push("resource");
    const missing = e.score.mentions.filter((m) => !m.found).map((m) => `"${m.text}"`);
    if (missing.length > 0) why.push(`mentions ${missing.join(", ")}`);
    out.push(`cause ${e.resource} not named (${why.join(", ")})`);
  }
  for (const i of score.invented) out.push(`invented cause: ${i.category} ${i.resource}`);
  return out;
}

function errorRow(folder: ScenarioFolder, message: string, started: number): ScenarioResult {
  return {
    name: folder.label,
    dir: folder.dir,
    namespace: null,
    question: null,
    expected: null,
    traits: [],
    status: "error",
    reasons: [message],
    diagnosis: null,
    score: null,
    analyzers: null,
    durationMs: { total: Math.round(performance.now() - started), diagnosis: 0, analyzers: 0 },
    error: message,
  };
}
