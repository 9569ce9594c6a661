import { join } from "node:path";
import type { AgentEvent, ApprovalDecision } from "@kubemedic/protocol";
import type { Scenario } from "@kubemedic/demo-cluster";
import type { ConversationResult, ConversationTurnResult } from "../QualityReport";
import type { RunContext } from "../runScenario";
import {
  assistantText,
  checkTurn,
  MAX_APPROVAL_ROUNDS,
  type ExpectationResult,
} from "./checkExpectations";
import type { ScriptTurn } from "./ConversationScript";
import { judgeLanguage } from "./judgeLanguage";
import { loadConversationScript, type LoadedScript } from "./loadConversationScript";
import { emptyTurnRecord, recordEvent, type TurnRecord } from "./TurnRecord";

const ANSWER_CHARS = 4_000;

type Agent = ReturnType<RunContext["agent"]["createAgent"]>;

/**
 * One conversation script, start to end: load and check it (a loader error is
 * an "error" row), serve its scenario(s) from an in-process demo cluster of its
 * own, and send its turns through the real agent graph as the gateway does —
 * one conversation thread in a real (in-memory) checkpointer, the picker's
 * namespace on each turn, the script's approval policy, decisions through the
 * approval resume — checking each turn's expectations as it ends.
 */
export async function runConversation(
  ctx: RunContext,
  file: string,
  index: number,
): Promise<ConversationResult> {
  const started = performance.now();
  let loaded: LoadedScript;
  try {
    loaded = await loadConversationScript(file);
  } catch (error) {
    return errorRow(file, [], null, (error as Error).message, started);
  }
  const { script } = loaded;
  const refs = typeof script.scenario === "string" ? [script.scenario] : script.scenario;
  const policy = script.policy ?? "approve-mutations";
  const row: ConversationResult = {
    name: loaded.name,
    file,
    scenario: refs,
    policy,
    status: "fail",
    reasons: [],
    turns: [],
    durationMs: 0,
  };
  let demo: Awaited<ReturnType<RunContext["demo"]["startDemoCluster"]>> | undefined;
  let cluster: InstanceType<RunContext["kube"]["Cluster"]> | undefined;
  try {
    const scenarios: Scenario[] = [];
    for (const dir of loaded.scenarioDirs) {
      try {
        scenarios.push(await ctx.demo.loadScenario(dir, { cache: ctx.cache }));
      } catch (error) {
        throw new Error(`scenario ${dir}: ${(error as Error).message}`, { cause: error });
      }
    }
    demo = await ctx.demo.startDemoCluster({ port: 0, scenarios });
    const kubeconfigPath = join(ctx.scratch, `conversation-kubeconfig-${index}`);
    await demo.writeKubeconfig(kubeconfigPath);
    const kc = ctx.kube.loadKubeConfig({ kubeconfigPath });
    // As the server connects to a cluster: the kubeconfig's context, no namespace of its own.
    const connected = new ctx.kube.Cluster(kc);
    cluster = connected;
    const { createAgent, createMemoryCheckpointer, loadGraphConfig, parseGraphConfig } = ctx.agent;
    const agent = createAgent({
      model: ctx.model,
      checkpointer: createMemoryCheckpointer(),
      config: parseGraphConfig({ ...loadGraphConfig(), approval: { policy } }),
      clusterFor: () => connected,
    });
    const conversationId = `quality-conversation-${crypto.randomUUID()}`;
    let picker = "all";
    for (const [i, turn] of script.turns.entries()) {
      if (ctx.signal.aborted) break;
      picker = turn.namespacePicker ?? picker;
      const result = await runScriptTurn(ctx, agent, conversationId, i, turn, picker);
      row.turns.push(result);
      for (const e of result.expectations)
        if (!e.passed)
          row.reasons.push(`turn ${i + 1} ${e.name}: expected ${e.expected}; got ${e.got}`);
    }
    row.status = row.reasons.length === 0 ? "pass" : "fail";
  } catch (error) {
    row.status = "error";
    row.error = (error as Error).message;
    row.reasons.push(row.error);
  } finally {
    cluster?.close();
    await demo?.close();
    row.durationMs = Math.round(performance.now() - started);
  }
  return row;
}

async function runScriptTurn(
  ctx: RunContext,
  agent: Agent,
  conversationId: string,
  index: number,
  turn: ScriptTurn,
  picker: string,
): Promise<ConversationTurnResult> {
  const t0 = performance.now();
  const rec = emptyTurnRecord();
  const turnId = `turn-${index + 1}-${crypto.randomUUID()}`;
  const namespace = picker === "all" ? {} : { namespace: picker };
  const drive = async (
    input: { text: string } | { decisions: ApprovalDecision[] },
  ): Promise<void> => {
    try {
      const events: AsyncIterable<AgentEvent> = agent.runTurn({
        conversationId,
        turnId,
        user: "quality",
        ...namespace,
        input,
        signal: ctx.signal,
      });
      for await (const event of events) recordEvent(rec, event);
    } catch (error) {
      rec.ending = `error: ${(error as Error).message}`;
    }
  };

  await drive({ text: turn.user });
  const decide = turn.decide;
  for (let round = 0; decide !== undefined && round < MAX_APPROVAL_ROUNDS; round++) {
    if (rec.paused === undefined || ctx.signal.aborted) break;
    const decisions = rec.paused.map((r) => ({
      toolCallId: r.toolCallId,
      decision: decide.decision,
      ...(decide.reason === undefined ? {} : { reason: decide.reason }),
    }));
    rec.paused = undefined;
    await drive({ decisions });
  }
  const expectations = checkTurn(turn, rec, rec.paused !== undefined && decide !== undefined);
  return turnResult(turn, picker, rec, expectations, performance.now() - t0);
}

function turnResult(
  turn: ScriptTurn,
  picker: string,
  rec: TurnRecord,
  expectations: ExpectationResult[],
  ms: number,
): ConversationTurnResult {
  const prose = assistantText(rec, false);
  const lang = judgeLanguage(prose);
  const d = turn.decide;
  return {
    user: turn.user,
    namespacePicker: picker,
    decide:
      d === undefined ? null : d.reason === undefined ? d.decision : `${d.decision}: ${d.reason}`,
    ending: rec.ending,
    scope: rec.scope === undefined ? null : rec.scope.all ? "all" : rec.scope.namespaces.join(", "),
    toolCalls: rec.calls.map((c) => ({
      tool: c.tool,
      command: c.command,
      status: c.status ?? null,
    })),
    approvals: rec.approvals.map((a) => ({
      command: a.request.command,
      decision: a.decision ?? null,
    })),
    reports: rec.reports.map((r) => ({
      category: r.category,
      affectedResources: r.affectedResources.map((a) =>
        a.namespace === undefined ? `${a.kind}/${a.name}` : `${a.kind}/${a.namespace}/${a.name}`,
      ),
    })),
    clarify: rec.clarify,
    answer: prose.length > ANSWER_CHARS ? `${prose.slice(0, ANSWER_CHARS)}…` : prose,
    language: { judged: lang.language, cjkShare: lang.share },
    expectations,
    durationMs: Math.round(ms),
  };
}

function errorRow(
  file: string,
  scenario: string[],
  policy: string | null,
  message: string,
  started: number,
): ConversationResult {
  return {
    name: file.replace(/^.*\//, "").replace(/\.ya?ml$/, ""),
    file,
    scenario,
    policy,
    status: "error",
    reasons: [message],
    turns: [],
    durationMs: Math.round(performance.now() - started),
    error: message,
  };
}
