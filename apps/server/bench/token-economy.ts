/**
 * What kubemedic sends to an LLM during an investigation. Used by
 * bench/token-economy/run.ts (which counts the tokens); lives here because it
 * needs the agent, the kube tools and the demo cluster, which the server
 * depends on.
 *
 * For every built-in scenario, and for a generated namespace of 2,000 pods,
 * a scripted investigation runs through the real graph (createAgent with the
 * default graph config: budgets, trimming and all), the real kubectl and
 * k8sgpt tools, and the demo cluster, with ChatOpenAI talking to the local
 * OpenAI stub, which plays the model and records every request body:
 *
 *   turn 1 "<the scenario's question>"
 *     1. k8sgpt analyze the namespace
 *     2. in parallel: get pods -o wide, get events, describe the object asked about
 *     3. in parallel: describe pods (all of the namespace), previous/current logs
 *        of up to 3 pods, the object as YAML
 *     4. k8sgpt correlate
 *     5. a written answer; then the report node's structured-output request
 *   turn 2 "what else should I check?"
 *     6. get deploy,rs,svc,endpoints -o wide, then a short answer
 *
 * The script is what a thorough model does; it is fixed per scenario (the
 * scenario's namespace, expected object and log files fill it in), so the
 * request sizes depend only on kubemedic: its prompts, tool schemas, tool
 * output bounds and history trimming.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createAgent,
  createMemoryCheckpointer,
  createModel,
  defaultGraphConfig,
} from "@kubemedic/agent";
import { startOpenAIStub, type RecordedRequest, type StubReply } from "@kubemedic/agent/testing";
import {
  builtinScenarioDir,
  builtinScenarioNames,
  generateScenario,
  loadScenario,
  startDemoCluster,
  type Scenario,
} from "@kubemedic/demo-cluster";
import { Cluster, loadKubeConfig } from "@kubemedic/kube";
import type { DiagnosisReport } from "@kubemedic/protocol";

/** One request the model received, as recorded by the stub. */
export interface RecordedPrompt {
  turn: number;
  /** What the script was answering: "analyze", "evidence", … or "report". */
  step: string;
  /** The raw JSON body, as sent. */
  raw: string;
  messages: { role: string; content: unknown; tool_calls?: unknown[]; name?: string }[];
  tools: unknown[];
}

export interface Investigation {
  scenario: string;
  namespace: string;
  pods: number;
  requests: RecordedPrompt[];
  /** Tool calls that did not end `ok` (the script must read real objects). */
  toolFailures: string[];
  /** How each turn ended. */
  endings: string[];
}

interface Step {
  name: string;
  reply: StubReply;
}

const kubectl = (command: string) => ({ name: "kubectl", arguments: { command } });

/** `Kind/namespace/name` or `Kind/name` → a kubectl object reference and its namespace flag. */
function target(resource: string, fallbackNs: string): { ref: string; ns: string } {
  const parts = resource.split("/");
  const kind = (parts[0] ?? "namespace").toLowerCase();
  if (parts.length >= 3) return { ref: `${kind}/${parts[2]}`, ns: parts[1] ?? fallbackNs };
  return { ref: `${kind}/${parts[1] ?? ""}`, ns: fallbackNs };
}

function investigationSteps(s: Scenario): { turn1: Step[]; turn2: Step[] } {
  const ns = s.namespace;
  const { ref, ns: objectNs } = target(s.expect.resource, ns);
  const logs = s.logs.filter((l) => l.namespace === ns).slice(0, 3);
  const answer =
    `The ${ref} in ${objectNs} is the root cause (${s.expect.category}): ` +
    `${s.expect.mentions.join(", ") || "nothing is wrong"}. ` +
    "Evidence: the analyzer findings, the events and the describe output above show it; " +
    "the previous container logs confirm it. Fix it with the safest command first, then watch " +
    "the rollout with `kubectl rollout status`. ".repeat(2);
  return {
    turn1: [
      { name: "analyze", reply: { toolCalls: [{ name: "k8sgpt", arguments: { namespace: ns } }] } },
      {
        name: "evidence",
        reply: {
          text: "Let me look at the pods, the events and the object itself.",
          toolCalls: [
            kubectl(`get pods -n ${ns} -o wide`),
            kubectl(`get events -n ${ns} --sort-by=.lastTimestamp`),
            kubectl(`describe ${ref} -n ${objectNs}`),
          ],
        },
      },
      {
        name: "details",
        reply: {
          toolCalls: [
            kubectl(`describe pods -n ${ns}`),
            ...logs.map((l) =>
              kubectl(`logs ${l.pod} -n ${ns} -c ${l.container}${l.previous ? " --previous" : ""}`),
            ),
            kubectl(`get ${ref} -n ${objectNs} -o yaml`),
          ],
        },
      },
      {
        name: "correlate",
        reply: {
          toolCalls: [{ name: "k8sgpt", arguments: { namespace: ns, correlate: true } }],
        },
      },
      { name: "answer", reply: { text: answer } },
    ],
    turn2: [
      {
        name: "follow-up",
        reply: { toolCalls: [kubectl(`get deploy,rs,svc,endpoints -n ${ns} -o wide`)] },
      },
      { name: "follow-up answer", reply: { text: "Those look consistent with the diagnosis." } },
    ],
  };
}

function reportFor(s: Scenario): DiagnosisReport {
  const [kind = "Namespace", a = s.namespace, b] = s.expect.resource.split("/");
  const resource = b === undefined ? { kind, name: a } : { kind, namespace: a, name: b };
  return {
    summary: `${s.expect.resource} — ${s.expect.category}.`,
    category: s.expect.category as DiagnosisReport["category"],
    severity: s.expect.category === "Healthy" ? "info" : "high",
    rootCause: `${s.expect.resource}: ${s.expect.mentions.join("; ") || "healthy"}`,
    confidence: 0.8,
    affectedResources: [resource],
    evidence: [
      { source: "analyzer", command: `k8sgpt analyze -n ${s.namespace}`, excerpt: "see findings" },
    ],
    recommendations: [
      {
        title: "Watch the rollout",
        rationale: "Confirms the fix.",
        risk: "read-only",
        requiresApproval: false,
      },
    ],
  };
}

/** Is this the report node's structured-output request (a forced diagnosis_report call)? */
function isReportRequest(req: RecordedRequest): boolean {
  const choice = req.body?.tool_choice as { function?: { name?: string } } | undefined;
  return choice?.function?.name === "diagnosis_report";
}

/** The agent's call that summarizes turns trimmed out of the history (conversation/earlier-summary.ts). */
function isSummaryRequest(req: RecordedRequest): boolean {
  return (
    req.body?.messages?.some(
      (m) => m.role === "system" && String(m.content).includes("running summary"),
    ) === true
  );
}

/**
 * The baseline's budgets: kubemedic's context economy switched off as far as
 * the graph config allows (the schema's maxima), so every tool output and the
 * whole history go to the model as they are. The kubectl engine's own bound
 * (200 lines / 16 KiB per call) still applies.
 */
const ECONOMY_OFF = { historyTokens: 2_000_000, toolOutputTokens: 200_000 };

type Budgets = { historyTokens?: number; toolOutputTokens?: number };

/** Follow-ups of a long conversation: each reads something large again, then answers briefly. */
const LONG_FOLLOW_UPS = [
  "what else should I check?",
  "show me the events again",
  "describe the pods",
  "what about the other pods?",
  "and the services?",
];

async function investigate(
  cluster: Cluster,
  scenario: Scenario,
  pods: number,
  budgets?: Budgets,
  /** Turns in all (≥ 2): the later ones repeat the follow-up with a large read. */
  turns = 2,
): Promise<Investigation> {
  const steps = investigationSteps(scenario);
  const ns = scenario.namespace;
  const extra: Step[] = [];
  for (let t = 3; t <= turns; t++)
    extra.push(
      {
        name: "follow-up",
        reply: {
          toolCalls: [
            kubectl(
              t % 2 === 0
                ? `describe pods -n ${ns}`
                : `get events -n ${ns} --sort-by=.lastTimestamp`,
            ),
          ],
        },
      },
      { name: "follow-up answer", reply: { text: `Turn ${t}: nothing new beyond the diagnosis.` } },
    );
  const script: Step[] = [...steps.turn1, ...steps.turn2, ...extra];
  const labels: { turn: number; step: string }[] = [];
  let next = 0;
  let turn = 1;
  const stub = await startOpenAIStub((req) => {
    if (isReportRequest(req)) {
      labels.push({ turn, step: "report" });
      return {
        toolCalls: [{ name: "diagnosis_report", arguments: { ...reportFor(scenario) } }],
      };
    }
    // A conversation that outgrows its budget summarizes the turns it drops (one call per new
    // range): answered here, outside the script, and counted like every other request.
    if (isSummaryRequest(req)) {
      labels.push({ turn, step: "summary of earlier turns" });
      return { text: `- Turns before ${turn}: the namespace was diagnosed; nothing was changed.` };
    }
    const step = script[next++];
    labels.push({ turn, step: step?.name ?? "beyond the script" });
    return step?.reply ?? { text: "(the script has ended)" };
  });
  const agent = createAgent({
    model: createModel({
      OPENAI_API_KEY: "bench-key",
      OPENAI_BASE_URL: stub.url,
      KUBEMEDIC_MODEL: "gpt-4o",
    }),
    checkpointer: createMemoryCheckpointer(),
    config: budgets === undefined ? defaultGraphConfig() : defaultGraphConfig({ budgets }),
    clusterFor: () => cluster,
  });
  const toolFailures: string[] = [];
  const endings: string[] = [];
  try {
    const questions = [
      scenario.question,
      ...Array.from(
        { length: turns - 1 },
        (_, i) => LONG_FOLLOW_UPS[i % LONG_FOLLOW_UPS.length] ?? "",
      ),
    ];
    for (const [i, text] of questions.entries()) {
      turn = i + 1;
      next =
        i === 0
          ? 0
          : steps.turn1.length + steps.turn2.length * Math.min(1, i - 1) + 2 * Math.max(0, i - 2);
      let last = "";
      for await (const event of agent.runTurn({
        conversationId: `bench-${scenario.name}`,
        turnId: `turn-${turn}`,
        user: "bench",
        namespace: scenario.namespace,
        input: { text },
      })) {
        if (event.type === "tool.finished" && event.status !== "ok")
          toolFailures.push(`${event.command}: ${event.status}`);
        last =
          event.type === "turn.failed"
            ? `turn.failed (${event.code}: ${event.message})`
            : event.type;
      }
      endings.push(last);
    }
  } finally {
    await stub.close();
  }
  const chat = stub.requests.filter((r) => r.path.endsWith("/chat/completions"));
  return {
    scenario: scenario.name,
    namespace: scenario.namespace,
    pods,
    toolFailures,
    endings,
    requests: chat.map((r, i) => ({
      turn: labels[i]?.turn ?? 0,
      step: labels[i]?.step ?? "?",
      raw: r.raw,
      messages: r.body?.messages ?? [],
      tools: r.body?.tools ?? [],
    })),
  };
}

async function withCluster<T>(
  scenarios: (string | Scenario)[],
  fn: (cluster: Cluster) => Promise<T>,
): Promise<T> {
  const demo = await startDemoCluster({ port: 0, scenarios });
  const dir = await mkdtemp(join(tmpdir(), "kubemedic-bench-tokens-"));
  const path = join(dir, "kubeconfig");
  await demo.writeKubeconfig(path);
  const cluster = new Cluster(loadKubeConfig({ kubeconfigPath: path }));
  try {
    return await fn(cluster);
  } finally {
    cluster.close();
    await demo.close();
    await rm(dir, { recursive: true, force: true });
  }
}

function podsIn(s: Scenario): number {
  return s.objects.filter(
    (o) => o.object.kind === "Pod" && o.object.metadata?.namespace === s.namespace,
  ).length;
}

export async function runTokenEconomy(opts: {
  generatedPods: number;
  log: (line: string) => void;
}): Promise<{
  investigations: Investigation[];
  /** The generated namespace again, with the context economy off (the baseline). */
  economyOff: Investigation;
  unloadable: string[];
}> {
  const scenarios: Scenario[] = [];
  const unloadable: string[] = [];
  for (const name of builtinScenarioNames()) {
    try {
      scenarios.push(await loadScenario(builtinScenarioDir(name)));
    } catch (error) {
      // Another engineer's scenario in the making must not stop the bench: reported instead.
      unloadable.push(`${name}: ${(error as Error).message.split("\n")[0]}`);
    }
  }
  const investigations: Investigation[] = [];
  await withCluster(
    scenarios.map((s) => s.name),
    async (cluster) => {
      for (const s of scenarios) {
        const inv = await investigate(cluster, s, podsIn(s));
        opts.log(`  ${s.name}: ${inv.requests.length} requests, ends ${inv.endings.join(", ")}`);
        investigations.push(inv);
      }
    },
  );
  const generated = generateScenario({ pods: opts.generatedPods, namespaces: 1 });
  const economyOff = await withCluster([generated], async (cluster) => {
    const inv = await investigate(cluster, generated, opts.generatedPods);
    inv.scenario = `generated ${opts.generatedPods}-pod namespace`;
    opts.log(`  ${inv.scenario}: ${inv.requests.length} requests, ends ${inv.endings.join(", ")}`);
    investigations.push(inv);
    // A long conversation (issue #17): 20 turns on the same large namespace, each reading a lot.
    const long = await investigate(cluster, generated, opts.generatedPods, undefined, 20);
    long.scenario = `${inv.scenario}, 20-turn conversation`;
    opts.log(
      `  ${long.scenario}: ${long.requests.length} requests, ends ${long.endings.at(-1) ?? "?"}`,
    );
    investigations.push(long);
    const off = await investigate(cluster, generated, opts.generatedPods, ECONOMY_OFF);
    off.scenario = `${inv.scenario}, context economy off`;
    opts.log(`  ${off.scenario}: ${off.requests.length} requests, ends ${off.endings.join(", ")}`);
    return off;
  });
  return { investigations, economyOff, unloadable };
}
