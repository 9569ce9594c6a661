import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { TOOL_NAMES } from "@kubemedic/protocol";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { AgentError } from "../errors";
import { PlanConfigSchema } from "./plan-config";

/**
 * The graph config: limits, budgets, the approval policy and which tools each
 * node may use. Every field has a default, so an empty file (or none) is a
 * valid config; `config/graph.yaml` spells the defaults out and
 * `docs/graph-config.md` explains them. Unknown keys are errors: a typo must
 * not silently fall back to a default.
 */
const ToolList = z
  .array(z.enum(TOOL_NAMES))
  .refine((list) => new Set(list).size === list.length, "a tool is listed twice");

const Limits = z
  .strictObject({
    /** Model calls (agent-node visits) per turn before an honest partial answer. @default 12 */
    maxIterations: z.number().int().min(1).max(200).default(12),
    /** LangGraph supersteps per run; a safety net above maxIterations (one round trip = 2). @default 60 */
    recursionLimit: z.number().int().min(5).max(2_000).default(60),
    /** One tool call, retries included. @default 30_000 */
    toolTimeoutMs: z.number().int().min(100).max(3_600_000).default(30_000),
    /** One turn, from start (or resume) to its terminal event. @default 300_000 */
    turnTimeoutMs: z.number().int().min(1_000).max(86_400_000).default(300_000),
    /** Read-only tool calls of one model message run at the same time, up to this many. @default 4 */
    maxParallelTools: z.number().int().min(1).max(32).default(4),
    /**
     * When checkpoints are written: `exit` once per run (at the end, an approval pause, an error
     * or a cancellation — a crash mid-turn loses only that turn's progress); `async` after every
     * step, in the background; `sync` after every step, waited for. @default "exit"
     */
    durability: z.enum(["exit", "async", "sync"]).default("exit"),
    /**
     * Approved changes per turn whose verification did not resolve the problem before the
     * agent stops proposing more (a rollback after a change made things worse is still
     * offered). @default 3
     */
    maxFixAttempts: z.number().int().min(1).max(20).default(3),
  })
  .prefault({});

const Budgets = z
  .strictObject({
    /** Estimated tokens (3 characters each) of one model request, system prompt included. @default 12_000 */
    historyTokens: z.number().int().min(500).max(2_000_000).default(12_000),
    /** Estimated tokens of one tool output as the model sees it; longer outputs are cut with a marker. @default 4_000 */
    toolOutputTokens: z.number().int().min(100).max(200_000).default(4_000),
    /** Characters an old turn's tool output is shrunk to (its summary). @default 300 */
    summaryChars: z.number().int().min(40).max(10_000).default(300),
  })
  .prefault({});

export const APPROVAL_POLICIES = ["read-only", "approve-mutations", "suggest-only"] as const;
export type ApprovalPolicy = (typeof APPROVAL_POLICIES)[number];

const Approval = z
  .strictObject({
    /**
     * - `read-only`: mutating commands are refused with an explanation.
     * - `approve-mutations`: each mutating command waits for the user's decision.
     * - `suggest-only`: mutating commands are returned as suggestions, never run.
     * @default "approve-mutations"
     */
    policy: z.enum(APPROVAL_POLICIES).default("approve-mutations"),
  })
  .prefault({});

/** Backoff: attempts (the first included), the delay before the second, doubled up to a cap. */
const retry = (d: { maxAttempts: number; initialDelayMs: number; maxDelayMs: number }) =>
  z
    .strictObject({
      maxAttempts: z.number().int().min(1).max(10).default(d.maxAttempts),
      initialDelayMs: z.number().int().min(0).max(60_000).default(d.initialDelayMs),
      maxDelayMs: z.number().int().min(0).max(600_000).default(d.maxDelayMs),
    })
    .prefault({});

const Nodes = z
  .strictObject({
    prepare: z
      .strictObject({
        /** Ask the cluster for its version and a one-line health summary at the start of a turn. @default true */
        healthSummary: z.boolean().default(true),
      })
      .prefault({}),
    agent: z
      .strictObject({
        /** Tools bound to the model. @default ["kubectl", "k8sgpt"] */
        tools: ToolList.default(["kubectl", "k8sgpt"]),
        /**
         * Model calls failing with 429, 5xx, a timeout or a dropped connection are retried.
         * @default { maxAttempts: 3, initialDelayMs: 1_000, maxDelayMs: 20_000 }
         */
        retry: retry({ maxAttempts: 3, initialDelayMs: 1_000, maxDelayMs: 20_000 }),
      })
      .prefault({}),
    tools: z
      .strictObject({
        /** Tools the tools node will run; a call to any other is answered with an error. @default ["kubectl", "k8sgpt"] */
        tools: ToolList.default(["kubectl", "k8sgpt"]),
        /**
         * Tool calls failing with a transient cluster error (unreachable, throttled, timeout,
         * 5xx) are retried; mutations never are.
         * @default { maxAttempts: 3, initialDelayMs: 250, maxDelayMs: 4_000 }
         */
        retry: retry({ maxAttempts: 3, initialDelayMs: 250, maxDelayMs: 4_000 }),
      })
      .prefault({}),
    verify: z
      .strictObject({
        /** Watch the effect of every approved change that ran, then compare the findings. @default true */
        enabled: z.boolean().default(true),
        /** How long the watch waits for rollouts, pods, endpoints, PVCs and Jobs to settle. @default 120_000 */
        deadlineMs: z.number().int().min(0).max(3_600_000).default(120_000),
        /** Time between two looks at the watched objects. @default 1_000 */
        pollMs: z.number().int().min(10).max(60_000).default(1_000),
      })
      .prefault({}),
    report: z
      .strictObject({
        /**
         * When a finished answer goes through the report node:
         * - `auto`: when the question asks for a diagnosis and tools were used in the turn;
         * - `always`: after every answer that used tools;
         * - `never`: no reports.
         * @default "auto"
         */
        when: z.enum(["auto", "always", "never"]).default("auto"),
        /**
         * How the model is asked for the structured report. `functionCalling` (a forced tool
         * call) works with most OpenAI-compatible servers; `jsonSchema` needs `response_format`
         * json_schema support. @default "functionCalling"
         */
        method: z.enum(["functionCalling", "jsonSchema", "jsonMode"]).default("functionCalling"),
        /** Attempts to fix an invalid report before it is degraded. @default 1 */
        repairAttempts: z.number().int().min(0).max(3).default(1),
      })
      .prefault({}),
  })
  .prefault({});

export const GraphConfigSchema = z.strictObject({
  limits: Limits,
  budgets: Budgets,
  approval: Approval,
  nodes: Nodes,
  plan: PlanConfigSchema,
});

export type GraphConfig = z.infer<typeof GraphConfigSchema>;
/** What a config file may contain: every field optional. */
export type GraphConfigInput = z.input<typeof GraphConfigSchema>;

/** The config shipped with the package (`packages/agent/config/graph.yaml`). */
export const DEFAULT_GRAPH_CONFIG_PATH = fileURLToPath(
  new URL("../../config/graph.yaml", import.meta.url),
);

/** Validates a parsed config object; every missing field takes its default. */
export function parseGraphConfig(value: unknown, source = "graph config"): GraphConfig {
  const result = GraphConfigSchema.safeParse(value ?? {});
  if (!result.success) {
    const issues = result.error.issues
      .map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`)
      .join("; ");
    throw new AgentError("config_invalid", `${source} is invalid: ${issues}`);
  }
  const config = result.data;
  if (config.limits.recursionLimit < config.limits.maxIterations * 2 + 3) {
    throw new AgentError(
      "config_invalid",
      `${source} is invalid: limits.recursionLimit (${config.limits.recursionLimit}) must be at least 2 × maxIterations + 3 (${config.limits.maxIterations * 2 + 3}) so the iteration limit ends a turn first`,
    );
  }
  return config;
}

/**
 * Loads the graph config from `path`, else `$KUBEMEDIC_GRAPH_CONFIG`, else the
 * packaged default. A missing or invalid file is an `AgentError("config_invalid")`.
 */
export function loadGraphConfig(path?: string, env: NodeJS.ProcessEnv = process.env): GraphConfig {
  const file = path ?? (env.KUBEMEDIC_GRAPH_CONFIG || undefined) ?? DEFAULT_GRAPH_CONFIG_PATH;
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new AgentError(
      "config_invalid",
      `cannot read the graph config ${file}: ${String(error)}`,
      {
        cause: error,
      },
    );
  }
  let value: unknown;
  try {
    value = parseYaml(text);
  } catch (error) {
    throw new AgentError("config_invalid", `${file} is not valid YAML: ${String(error)}`, {
      cause: error,
    });
  }
  return parseGraphConfig(value, file);
}

/** The defaults, without reading any file. */
export function defaultGraphConfig(overrides: GraphConfigInput = {}): GraphConfig {
  return parseGraphConfig(overrides);
}
