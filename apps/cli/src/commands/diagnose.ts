import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Cluster } from "@kubemedic/kube";
import type { DiagnosisReport } from "@kubemedic/protocol";
import { UsageError, type Command } from "../command";
import { createHeadlessAgent } from "../headlessAgent";

const USAGE =
  'kubemedic diagnose [--kubeconfig <path>] [--context <name>] [-n <namespace>] [--demo [--scenario <name>]…] [--json] "question"';

export interface DiagnoseFlags {
  kubeconfig?: string;
  context?: string;
  namespace?: string;
  demo: boolean;
  scenarios: string[];
  json: boolean;
  question: string;
}

export function parseDiagnoseFlags(args: string[]): DiagnoseFlags {
  const flags: DiagnoseFlags = { demo: false, scenarios: [], json: false, question: "" };
  const words: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    // `--flag=value` and `-n=value` carry their value inline (kubectl accepts both).
    const [name, inline] = /^(?:--[^=]+|-n)=/.test(arg) ? arg.split(/=(.*)/s, 2) : [arg, undefined];
    const value = (): string => {
      const v = inline ?? args[++i];
      if (v === undefined || v === "") throw new UsageError(`${name} needs a value`);
      return v;
    };
    switch (name) {
      case "--kubeconfig":
        flags.kubeconfig = value();
        break;
      case "--context":
        flags.context = value();
        break;
      case "-n":
      case "--namespace":
        flags.namespace = value();
        break;
      case "--scenario":
        flags.scenarios.push(value());
        flags.demo = true;
        break;
      case "--demo":
      case "--json":
        if (inline !== undefined) throw new UsageError(`${name} takes no value`);
        if (name === "--demo") flags.demo = true;
        else flags.json = true;
        break;
      default:
        if (arg.startsWith("-") && arg !== "-") throw new UsageError(`unknown option '${arg}'`);
        words.push(arg);
    }
  }
  flags.question = words.join(" ").trim();
  if (flags.question === "") throw new UsageError("a question is required");
  if (flags.demo && (flags.kubeconfig !== undefined || flags.context !== undefined)) {
    throw new UsageError("--demo cannot be combined with --kubeconfig or --context");
  }
  return flags;
}

/**
 * Runs one question through the agent graph, headless: an in-memory
 * checkpointer, mutations only suggested, a report after any investigation.
 * With no kubeconfig (or --demo) it starts the demo cluster in-process.
 * Exit codes: 0 a report, 1 the turn failed, 3 no report (the question needed
 * no investigation). docs/agent.md#kubemedic-diagnose.
 */
export const diagnoseCommand: Command = {
  name: "diagnose",
  summary: "Ask one question headless and print the diagnosis report (JSON with --json)",
  usage: USAGE,
  async run(args) {
    return runDiagnose(parseDiagnoseFlags(args));
  },
};

/** The demo cluster and how to reach it, when this run started one. */
interface Target {
  cluster: Cluster;
  namespace: string | undefined;
  close: () => Promise<void>;
}

/** Loaded on run only, so `kubemedic --help` never pays for the agent's imports. */
async function runDiagnose(flags: DiagnoseFlags): Promise<number> {
  const agentModule = await import("@kubemedic/agent");
  const { createModel, isAgentError } = agentModule;
  const { isKubeError } = await import("@kubemedic/kube");
  let target: Target;
  try {
    target = await connect(flags);
  } catch (error) {
    console.error(`kubemedic diagnose: ${(error as Error).message}`);
    return 1;
  }
  try {
    const model = createModel(process.env);
    const agent = createHeadlessAgent(agentModule, model, target.cluster);
    const controller = new AbortController();
    const stop = (): void => controller.abort();
    process.once("SIGINT", stop);
    if (!flags.json)
      console.error(`kubemedic: model ${model.label}, context ${target.cluster.context}`);
    let report: DiagnosisReport | undefined;
    let answer = "";
    let exit = 3;
    try {
      for await (const event of agent.runTurn({
        conversationId: `cli-${crypto.randomUUID()}`,
        turnId: `turn-${crypto.randomUUID()}`,
        user: "cli",
        ...(target.namespace === undefined ? {} : { namespace: target.namespace }),
        input: { text: flags.question },
        signal: controller.signal,
      })) {
        switch (event.type) {
          case "assistant.delta":
            if (!flags.json) process.stdout.write(event.delta);
            break;
          case "assistant.message":
            answer = event.content;
            if (!flags.json && event.content) process.stdout.write("\n");
            break;
          case "tool.finished":
            if (!flags.json) {
              console.error(
                `  → ${event.tool} ${event.command} (${event.status}, ${Math.round(event.durationMs)} ms)`,
              );
            }
            break;
          case "report.ready":
            report = event.report;
            if (event.degraded)
              console.error(
                "kubemedic: the model's report could not be validated; this one is degraded",
              );
            break;
          case "turn.failed":
            console.error(`kubemedic diagnose: ${event.code}: ${event.message}`);
            return 1;
          case "turn.cancelled":
            console.error("kubemedic diagnose: cancelled");
            return 1;
          case "turn.completed":
            if (event.partial)
              console.error("kubemedic: the answer is partial (a limit was reached)");
            exit = report === undefined ? 3 : 0;
            break;
          case "plan.created":
          case "plan.revised":
            if (!flags.json) {
              const what = event.type === "plan.created" ? "plan" : `plan v${event.plan.version}`;
              console.error(`  ${what}: ${event.plan.steps.length} step(s) — ${event.plan.reason}`);
              for (const step of event.plan.steps)
                console.error(`    ${step.id} [${step.specialist}] ${step.goal}`);
            }
            break;
          case "plan.step.finished":
            if (!flags.json)
              console.error(
                `  ✓ ${event.stepId} ${event.status}${event.result ? `: ${event.result}` : ""}`,
              );
            break;
          case "turn.started":
          case "tool.started":
          case "approval.requested":
          case "approval.resolved":
          case "route.decided":
          case "plan.step.started":
          case "verification.progress":
          case "verification.finished":
            break;
        }
      }
    } finally {
      process.off("SIGINT", stop);
    }
    if (report === undefined) {
      if (flags.json) process.stdout.write("null\n");
      console.error(
        `kubemedic diagnose: no report: the question needed no investigation.${answer ? "" : " (no answer)"}`,
      );
      return exit;
    }
    process.stdout.write(
      flags.json ? `${JSON.stringify(report, null, 2)}\n` : `\n${renderReport(report)}\n`,
    );
    return exit;
  } catch (error) {
    const code = isAgentError(error) || isKubeError(error) ? `${error.code}: ` : "";
    console.error(`kubemedic diagnose: ${code}${(error as Error).message}`);
    return 1;
  } finally {
    await target.close();
  }
}

async function connect(flags: DiagnoseFlags): Promise<Target> {
  const { Cluster, isKubeError, loadKubeConfig } = await import("@kubemedic/kube");
  if (!flags.demo) {
    try {
      const kc = loadKubeConfig({
        ...(flags.kubeconfig === undefined ? {} : { kubeconfigPath: flags.kubeconfig }),
        ...(flags.context === undefined ? {} : { context: flags.context }),
      });
      const cluster = new Cluster(
        kc,
        flags.namespace === undefined ? {} : { namespace: flags.namespace },
      );
      return { cluster, namespace: flags.namespace, close: () => Promise.resolve(cluster.close()) };
    } catch (error) {
      // An explicit file or context that fails is an error; finding none at all means the demo.
      if (
        !isKubeError(error, "no_config") ||
        flags.kubeconfig !== undefined ||
        flags.context !== undefined
      )
        throw error;
      console.error("kubemedic: no kubeconfig found; using the built-in demo cluster");
    }
  }
  const { startDemoCluster } = await import("@kubemedic/demo-cluster");
  const demo = await startDemoCluster({
    port: 0,
    ...(flags.scenarios.length > 0 ? { scenarios: flags.scenarios } : {}),
  });
  const dir = await mkdtemp(join(tmpdir(), "kubemedic-diagnose-"));
  const kubeconfigPath = join(dir, "kubeconfig");
  await demo.writeKubeconfig(kubeconfigPath);
  const kc = loadKubeConfig({ kubeconfigPath });
  const questionScenarios = demo.scenarios.filter((s) => !s.base);
  const namespace =
    flags.namespace ??
    (questionScenarios.length === 1 ? questionScenarios[0]?.namespace : undefined);
  const cluster = new Cluster(kc, namespace === undefined ? {} : { namespace });
  console.error(
    `kubemedic: started the demo cluster at ${demo.url} (${questionScenarios.map((s) => s.name).join(", ") || "no scenarios"})`,
  );
  return {
    cluster,
    namespace,
    close: async () => {
      cluster.close();
      await demo.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

function renderReport(r: DiagnosisReport): string {
  const lines = [
    `Diagnosis: ${r.category} (${r.severity}, confidence ${Math.round(r.confidence * 100)}%)`,
    r.summary,
    "",
    `Root cause: ${r.rootCause}`,
  ];
  if (r.affectedResources.length > 0) {
    lines.push("", "Affected:");
    for (const a of r.affectedResources)
      lines.push(
        `  ${a.kind} ${a.namespace ? `${a.namespace}/` : ""}${a.name}${a.status ? ` (${a.status})` : ""}`,
      );
  }
  if (r.evidence.length > 0) {
    lines.push("", "Evidence:");
    for (const e of r.evidence.slice(0, 8)) {
      lines.push(`  [${e.source}]${e.command ? ` kubectl ${e.command}` : ""}`);
      for (const l of e.excerpt.split("\n").slice(0, 6)) lines.push(`    ${l}`);
    }
  }
  if (r.recommendations.length > 0) {
    lines.push("", "Recommendations:");
    r.recommendations.forEach((c, i) => {
      lines.push(
        `  ${i + 1}. ${c.title} [${c.risk}${c.requiresApproval ? ", needs approval" : ""}]`,
      );
      if (c.command) lines.push(`     kubectl ${c.command}`);
    });
  }
  return lines.join("\n");
}
