import { join } from "node:path";
import type { AgentEvent, ApprovalDecision, ApprovalRequest } from "@kubemedic/protocol";
import type { Scenario } from "@kubemedic/demo-cluster";
import type { FixResult } from "../QualityReport";
import type { RunContext } from "../runScenario";
import { fixTargets, touchesAny } from "./fixTargets";
import { judgeFixed } from "./judgeFixed";

/** `limits.maxFixAttempts` of the issue: approvals the runner gives before it gives up. */
const DEFAULT_MAX_FIX_ATTEMPTS = 3;
/** What an unfixable scenario's answer must say (case-insensitive). */
const CANNOT_FIX = /cannot be fixed from here,? because/i;
const FIX_REQUEST = "fix it";

type Agent = ReturnType<RunContext["agent"]["createAgent"]>;

/**
 * Fix scoring for one scenario (docs/quality.md#fix-scoring), on a demo
 * cluster of its own: ask the scenario's question, then "fix it" and approve
 * what the agent proposes, one request at a time, up to `maxAttempts`
 * approvals; after each approved change, judge from the cluster's state
 * (judgeFixed) — never from the agent's words. A scenario marked
 * `fixable: false` passes when the agent proposes no change and says it
 * cannot be fixed from here, and why.
 */
export async function runFixScenario(
  ctx: RunContext,
  scenario: Scenario,
  index: number,
  maxAttempts = DEFAULT_MAX_FIX_ATTEMPTS,
): Promise<FixResult> {
  const started = performance.now();
  const result: FixResult = {
    fixable: scenario.fixable,
    status: "fail",
    approvals: 0,
    commands: [],
    msToVerified: null,
    remaining: [],
    answer: "",
  };
  let demo: Awaited<ReturnType<RunContext["demo"]["startDemoCluster"]>> | undefined;
  let cluster: InstanceType<RunContext["kube"]["Cluster"]> | undefined;
  try {
    demo = await ctx.demo.startDemoCluster({ port: 0, scenarios: [scenario] });
    const kubeconfigPath = join(ctx.scratch, `fix-kubeconfig-${index}`);
    await demo.writeKubeconfig(kubeconfigPath);
    const kc = ctx.kube.loadKubeConfig({ kubeconfigPath });
    const connected = new ctx.kube.Cluster(kc, { namespace: scenario.namespace });
    cluster = connected;
    const { createAgent, createMemoryCheckpointer, loadGraphConfig, parseGraphConfig } = ctx.agent;
    const base = loadGraphConfig();
    const agent = createAgent({
      model: ctx.model,
      checkpointer: createMemoryCheckpointer(),
      config: parseGraphConfig({ ...base, approval: { policy: "approve-mutations" } }),
      clusterFor: () => connected,
    });
    const conversationId = `quality-fix-${crypto.randomUUID()}`;
    const targets = fixTargets(scenario);
    const judge = () => judgeFixed(ctx.kube, kc, targets);
    let refuseAll = !scenario.fixable;
    const proposedForUnfixable: string[] = [];

    const turn = (text: string): Promise<TurnOutcome> =>
      driveTurn(ctx, agent, conversationId, scenario.namespace, text, (request) => {
        // Only as many approvals as the budget allows; an unfixable fault gets none.
        if (refuseAll || result.approvals >= maxAttempts) return "reject";
        if (touchesAny(request.command, targets.unfixable)) {
          proposedForUnfixable.push(request.command);
          return "reject";
        }
        result.approvals++;
        result.commands.push(request.command);
        return "approve";
      });

    await turn(scenario.question);
    if (!scenario.fixable) {
      const outcome = await turn(FIX_REQUEST);
      result.answer = outcome.text;
      result.commands.push(...outcome.rejected);
      const says = CANNOT_FIX.test(outcome.text);
      result.status = says && outcome.rejected.length === 0 ? "pass" : "fail";
      if (!says)
        result.remaining.push('the answer does not say "cannot be fixed from here, because…"');
      if (outcome.rejected.length > 0)
        result.remaining.push(
          `proposed a change for an unfixable fault: ${outcome.rejected.join("; ")}`,
        );
      return result;
    }
    for (let attempt = 0; attempt < maxAttempts && !ctx.signal.aborted; attempt++) {
      const before = result.approvals;
      const outcome = await turn(FIX_REQUEST);
      result.answer = outcome.text;
      const verdict = await judge();
      result.remaining = verdict.problems;
      if (verdict.resolved) {
        result.status = "pass";
        result.msToVerified = Math.round(performance.now() - started);
        break;
      }
      // No change was approved this round: the agent has nothing more to propose.
      if (result.approvals === before || result.approvals >= maxAttempts) break;
    }
    if (proposedForUnfixable.length > 0) {
      result.status = "fail";
      result.remaining.push(
        `proposed a change for an unfixable cause: ${proposedForUnfixable.join("; ")}`,
      );
    }
    // A cause no kubectl change can fix must be declined as a whole unfixable scenario is:
    // once the rest is fixed, "fix it" proposes nothing and says why.
    if (result.status === "pass" && targets.unfixable.length > 0) {
      refuseAll = true;
      const outcome = await turn(FIX_REQUEST);
      result.answer = outcome.text;
      if (!CANNOT_FIX.test(outcome.text) || outcome.rejected.length > 0) {
        result.status = "fail";
        result.remaining.push(
          outcome.rejected.length > 0
            ? `proposed a change for an unfixable cause: ${outcome.rejected.join("; ")}`
            : `the answer on ${targets.unfixable.join(", ")} does not say "cannot be fixed from here, because…"`,
        );
      }
    }
  } catch (error) {
    result.status = "error";
    result.remaining.push((error as Error).message);
  } finally {
    cluster?.close();
    await demo?.close();
  }
  return result;
}

interface TurnOutcome {
  /** The assistant's prose of the turn (all segments). */
  text: string;
  /** Commands the runner refused. */
  rejected: string[];
}

/** One user turn, every approval pause decided by `decide` one request at a time, as a user would. */
async function driveTurn(
  ctx: RunContext,
  agent: Agent,
  conversationId: string,
  namespace: string,
  text: string,
  decide: (request: ApprovalRequest) => "approve" | "reject",
): Promise<TurnOutcome> {
  const turnId = `turn-${crypto.randomUUID()}`;
  const out: TurnOutcome = { text: "", rejected: [] };
  let input: { text: string } | { decisions: ApprovalDecision[] } = { text };
  for (let round = 0; round < 10 && !ctx.signal.aborted; round++) {
    let paused: ApprovalRequest[] = [];
    const events: AsyncIterable<AgentEvent> = agent.runTurn({
      conversationId,
      turnId,
      user: "quality",
      namespace,
      input,
      signal: ctx.signal,
    });
    for await (const event of events) {
      if (event.type === "assistant.message") out.text += `${event.content}\n`;
      if (event.type === "approval.requested") paused = event.requests;
    }
    if (paused.length === 0) break;
    input = {
      decisions: paused.map((r) => {
        const decision = decide(r);
        if (decision === "reject") out.rejected.push(r.command);
        return { toolCallId: r.toolCallId, decision };
      }),
    };
  }
  return out;
}
