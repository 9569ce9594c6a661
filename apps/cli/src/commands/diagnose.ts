import type * as AgentExports from "@kubemedic/agent";
import type {
  ApprovalDecision,
  ApprovalRequest,
  DiagnosisReport,
  VerificationResult,
} from "@kubemedic/protocol";
import { connectTarget, type Target } from "../clusterTarget";
import { UsageError, type Command } from "../command";
import { askApproval, LinePrompt, renderApprovalRequest } from "../fix/askApproval";
import { createHeadlessAgent } from "../headlessAgent";
import { checkTarget, parseTargetArgs } from "../targetArgs";

const USAGE =
  'kubemedic diagnose [--kubeconfig <path>] [--context <name>] [-n <namespace>] [--demo [--scenario <name>]…] [--fix [--yes]] [--json] "question"';

export interface DiagnoseFlags {
  kubeconfig?: string;
  context?: string;
  namespace?: string;
  demo: boolean;
  scenarios: string[];
  json: boolean;
  /** After the diagnosis, propose the fix: asked y/N in a terminal, approved by `--yes`, else only suggested. */
  fix: boolean;
  /** Approve every proposed change without asking (for scripts); only with `--fix`. */
  yes: boolean;
  question: string;
}

export function parseDiagnoseFlags(args: string[]): DiagnoseFlags {
  const { target, switches, words } = parseTargetArgs(args, {
    switches: ["--json", "--fix", "--yes", "-y"],
    words: true,
  });
  const flags: DiagnoseFlags = {
    ...target,
    json: switches.has("--json"),
    fix: switches.has("--fix"),
    yes: switches.has("--yes") || switches.has("-y"),
    question: words.join(" ").trim(),
  };
  if (flags.question === "") throw new UsageError("a question is required");
  checkTarget(target);
  if (flags.yes && !flags.fix) throw new UsageError("--yes only goes with --fix");
  return flags;
}

/**
 * Runs one question through the agent graph, headless: an in-memory
 * checkpointer, mutations only suggested, a report after any investigation;
 * `--fix` then asks for the fix, each change approved y/N in a terminal (or by
 * `--yes`) and verified. With no kubeconfig (or --demo) it starts the demo
 * cluster in-process. Exit codes: 0 a report, 1 the turn failed, 3 no report
 * (the question needed no investigation), 4 an approved fix not verified
 * resolved. docs/agent.md#kubemedic-diagnose.
 */
export const diagnoseCommand: Command = {
  name: "diagnose",
  summary: "Ask one question headless and print the diagnosis report (JSON with --json)",
  usage: USAGE,
  async run(args) {
    return runDiagnose(parseDiagnoseFlags(args));
  },
};

/** How `--fix` decides the changes the agent proposes. */
type FixMode = "off" | "ask" | "yes" | "suggest";

/** `fix it` rounds' approval budget, as `quality --fix` gives (DEFAULT_MAX_FIX_ATTEMPTS). */
const MAX_FIX_APPROVALS = 3;

/** What one user turn (all its approval pauses included) left behind. */
interface TurnOutcome {
  /** 0 completed; 1 failed or cancelled. */
  failed: boolean;
  report: DiagnosisReport | undefined;
  answer: string;
  approved: number;
  declined: number;
  suggested: string[];
  verification: VerificationResult | undefined;
}

/** Loaded on run only, so `kubemedic --help` never pays for the agent's imports. */
async function runDiagnose(flags: DiagnoseFlags): Promise<number> {
  const agentModule = await import("@kubemedic/agent");
  const { createModel, isAgentError } = agentModule;
  const { isKubeError } = await import("@kubemedic/kube");
  const mode: FixMode = !flags.fix
    ? "off"
    : flags.yes
      ? "yes"
      : process.stdin.isTTY
        ? "ask"
        : "suggest";
  let target: Target;
  try {
    target = await connectTarget(flags);
  } catch (error) {
    console.error(`kubemedic diagnose: ${(error as Error).message}`);
    return 1;
  }
  const prompt = mode === "ask" ? new LinePrompt(process.stdin, process.stderr) : undefined;
  const controller = new AbortController();
  const stop = (): void => controller.abort();
  process.once("SIGINT", stop);
  try {
    const model = createModel(process.env);
    const policy = mode === "ask" || mode === "yes" ? "approve-mutations" : "suggest-only";
    const agent = createHeadlessAgent(agentModule, model, target.cluster, policy);
    if (!flags.json)
      console.error(`kubemedic: model ${model.label}, context ${target.cluster.context}`);
    const conversationId = `cli-${crypto.randomUUID()}`;
    const turn = (
      text: string,
      decide: (r: ApprovalRequest, i: number, of: number) => Promise<boolean>,
    ): Promise<TurnOutcome> =>
      runTurn(agent, conversationId, target.namespace, text, flags.json, controller.signal, decide);
    const refuse = (): Promise<boolean> => Promise.resolve(false);

    const first = await turn(flags.question, refuse);
    if (first.failed) return 1;
    let report = first.report;
    let exit = report === undefined ? 3 : 0;
    if (mode !== "off" && report !== undefined && report.category !== "Healthy") {
      const fixed = await fix(mode, turn, prompt);
      if (fixed.failed) return 1;
      report = fixed.report ?? report;
      if (fixed.exit !== 0) exit = fixed.exit;
    }
    if (report === undefined) {
      if (flags.json) process.stdout.write("null\n");
      console.error(
        `kubemedic diagnose: no report: the question needed no investigation.${first.answer ? "" : " (no answer)"}`,
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
    process.off("SIGINT", stop);
    prompt?.close();
    await target.close();
  }
}

/**
 * `--fix`: "fix it" in the same conversation, each proposed change decided by
 * `mode`, and again while a verified change left problems and the approval
 * budget lasts (as `quality --fix` measures it). Exit 4 when changes were
 * approved but the last verification did not say resolved.
 */
async function fix(
  mode: Exclude<FixMode, "off">,
  turn: (
    text: string,
    decide: (r: ApprovalRequest, i: number, of: number) => Promise<boolean>,
  ) => Promise<TurnOutcome>,
  prompt: LinePrompt | undefined,
): Promise<{ failed: boolean; report: DiagnosisReport | undefined; exit: number }> {
  let approvals = 0;
  let declined = false;
  const decide = async (r: ApprovalRequest, i: number, of: number): Promise<boolean> => {
    if (declined || approvals >= MAX_FIX_APPROVALS) return false;
    let yes: boolean;
    if (mode === "yes") {
      process.stderr.write(renderApprovalRequest(r, i, of));
      console.error("  approved (--yes)");
      yes = true;
    } else if (prompt !== undefined) {
      yes = await askApproval(prompt, process.stderr, r, i, of);
      if (!yes) console.error("  declined: nothing was changed");
    } else yes = false;
    if (yes) approvals++;
    else declined = true;
    return yes;
  };
  let report: DiagnosisReport | undefined;
  let last: VerificationResult | undefined;
  console.error("\nkubemedic: asking the agent to fix it");
  for (let round = 0; round < MAX_FIX_APPROVALS; round++) {
    const before = approvals;
    const outcome = await turn("fix it", decide);
    if (outcome.failed) return { failed: true, report, exit: 1 };
    report = outcome.report ?? report;
    last = outcome.verification ?? last;
    if (mode === "suggest") {
      console.error(
        outcome.suggested.length === 0
          ? "kubemedic: the agent proposed no change to make."
          : `kubemedic: no terminal to ask in and no --yes, so nothing was changed. To apply the fix:\n${outcome.suggested.map((c) => `  kubectl ${c}`).join("\n")}`,
      );
      return { failed: false, report, exit: 0 };
    }
    if (declined || approvals === before || last?.outcome === "resolved") break;
  }
  if (approvals === 0) {
    if (!declined) console.error("kubemedic: the agent proposed no change to make.");
    return { failed: false, report, exit: 0 };
  }
  const outcome = last?.outcome ?? "not verified";
  console.error(`kubemedic: ${approvals} change(s) approved; verification: ${outcome}`);
  return { failed: false, report, exit: last?.outcome === "resolved" ? 0 : 4 };
}

/** One user turn, printing its events, each approval pause decided one request at a time. */
async function runTurn(
  agent: AgentExports.Agent,
  conversationId: string,
  namespace: string | undefined,
  text: string,
  json: boolean,
  signal: AbortSignal,
  decide: (request: ApprovalRequest, index: number, of: number) => Promise<boolean>,
): Promise<TurnOutcome> {
  const out: TurnOutcome = {
    failed: false,
    report: undefined,
    answer: "",
    approved: 0,
    declined: 0,
    suggested: [],
    verification: undefined,
  };
  const turnId = `turn-${crypto.randomUUID()}`;
  let input: { text: string } | { decisions: ApprovalDecision[] } = { text };
  let lastProgress = "";
  for (let round = 0; round < 10; round++) {
    let paused: ApprovalRequest[] = [];
    for await (const event of agent.runTurn({
      conversationId,
      turnId,
      user: "cli",
      ...(namespace === undefined ? {} : { namespace }),
      input,
      signal,
    })) {
      switch (event.type) {
        case "assistant.delta":
          if (!json) process.stdout.write(event.delta);
          break;
        case "assistant.message":
          out.answer = event.content;
          if (!json && event.content) process.stdout.write("\n");
          break;
        case "tool.finished":
          if (event.status === "suggested") out.suggested.push(event.command);
          if (!json) {
            console.error(
              `  → ${event.tool} ${event.command} (${event.status}, ${Math.round(event.durationMs)} ms)`,
            );
          }
          break;
        case "report.ready":
          out.report = event.report;
          if (event.degraded)
            console.error(
              "kubemedic: the model's report could not be validated; this one is degraded",
            );
          break;
        case "turn.failed":
          console.error(`kubemedic diagnose: ${event.code}: ${event.message}`);
          out.failed = true;
          return out;
        case "turn.cancelled":
          console.error("kubemedic diagnose: cancelled");
          out.failed = true;
          return out;
        case "turn.completed":
          if (event.partial)
            console.error("kubemedic: the answer is partial (a limit was reached)");
          break;
        case "plan.created":
        case "plan.revised":
          if (!json) {
            const what = event.type === "plan.created" ? "plan" : `plan v${event.plan.version}`;
            console.error(`  ${what}: ${event.plan.steps.length} step(s) — ${event.plan.reason}`);
            for (const step of event.plan.steps)
              console.error(`    ${step.id} [${step.specialist}] ${step.goal}`);
          }
          break;
        case "plan.step.finished":
          if (!json)
            console.error(
              `  ✓ ${event.stepId} ${event.status}${event.result ? `: ${event.result}` : ""}`,
            );
          break;
        case "approval.requested":
          paused = event.requests;
          break;
        case "verification.progress": {
          // Once a second while it waits: print only what changed.
          const line = event.checks
            .map(
              (c) => `${c.object} ${c.waitingFor}: ${c.state}${c.detail ? ` (${c.detail})` : ""}`,
            )
            .join("; ");
          if (line !== lastProgress)
            console.error(`  verifying (${(event.elapsedMs / 1000).toFixed(1)} s): ${line || "…"}`);
          lastProgress = line;
          break;
        }
        case "verification.finished": {
          const v = event.verification;
          out.verification = v;
          console.error(`  verification: ${v.outcome} — ${v.summary}`);
          if (v.remaining.length > 0) console.error(`    still failing: ${v.remaining.join(", ")}`);
          if (v.appeared.length > 0) console.error(`    new problems: ${v.appeared.join(", ")}`);
          break;
        }
        case "clarification.requested":
          // The question itself is the assistant's message; the choices are what to answer.
          if (!json && event.choices.length > 0)
            console.error(`  answer with one of: ${event.choices.map((c) => c.reply).join(" | ")}`);
          break;
        case "history.summarized":
          if (!json)
            console.error(
              `  (the ${event.summary.turns} earlier turns are summarized for the model)`,
            );
          break;
        case "turn.started":
        case "turn.scoped":
        case "tool.started":
        case "approval.resolved":
        case "route.decided":
        case "plan.step.started":
          break;
      }
    }
    if (paused.length === 0) break;
    const decisions: ApprovalDecision[] = [];
    for (const [i, request] of paused.entries()) {
      const approve = await decide(request, i + 1, paused.length);
      if (approve) out.approved++;
      else out.declined++;
      decisions.push(
        approve
          ? { toolCallId: request.toolCallId, decision: "approve" }
          : {
              toolCallId: request.toolCallId,
              decision: "reject",
              reason: "declined in the terminal",
            },
      );
    }
    input = { decisions };
  }
  return out;
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
