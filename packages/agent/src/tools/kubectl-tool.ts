import { tool } from "@langchain/core/tools";
import {
  classifyParsed,
  KUBE_ERROR_CODES,
  parseCommand,
  type KubectlResult,
  type ParsedCommand,
} from "@kubemedic/kube";
import type { ToolStatus } from "@kubemedic/protocol";
import { z } from "zod";
import { backoffDelay, sleep } from "./backoff";
import { firstLine, type ToolOutcome } from "./tool-result";
import { callSignal, type ToolSettings } from "./tool-settings";
import { settingsFrom } from "./tool-context";

export const KubectlArgs = z.object({
  command: z
    .string()
    .min(1)
    .max(4_000)
    .describe(
      "One kubectl command line without the leading 'kubectl', e.g. 'get pods -n shop -o wide', " +
        "'describe deploy/checkout -n shop', 'logs checkout-7d9 -n shop --previous --tail=200', " +
        "'get events -n shop --sort-by=.lastTimestamp'. No pipes, redirections or shell syntax.",
    ),
  manifest: z
    .string()
    .max(64_000)
    .optional()
    .describe(
      "The YAML or JSON manifest for 'apply -f -' or 'create -f -'; omit for every other command.",
    ),
  reason: z
    .string()
    .max(1_000)
    .optional()
    .describe(
      "One short sentence on why you run this command. Required for commands that change the " +
        "cluster: the user reads it on the approval card.",
    ),
});
export type KubectlArgs = z.infer<typeof KubectlArgs>;

export const KUBECTL_DESCRIPTION =
  "Run one kubectl command against the user's cluster, in-process through the Kubernetes API. " +
  "Read commands (get, describe, logs, top, events, rollout status/history, api-resources) run at once. " +
  "Commands that change the cluster (scale, rollout restart/undo, set image, patch, delete, apply, cordon) " +
  "need the user's approval, or are refused or only suggested depending on the session's policy. " +
  "exec, attach, port-forward, proxy, cp, edit, debug and credential overrides are refused. " +
  "Output is bounded and Secret values are redacted.";

/**
 * One kubectl call, read once: the line as it is shown, the parser's verdict
 * and, when the line parsed, the parsed command that runs. Plain data: the
 * graph keeps it in checkpointed state (`PlannedCall`), builds the approval
 * card from it and runs its `parsed`, so nothing reads the line again.
 */
export type KubectlPlan = {
  /** The line as the model wrote it, trimmed, without a leading `kubectl`: what cards, logs and events show. */
  command: string;
  /** The manifest for `apply -f -` / `create -f -`. */
  manifest?: string;
  /** The model's reason, trimmed (the approval card shows it). */
  reason?: string;
} & (
  | { classification: "refused"; /** What refuses it, and what to do instead. */ why: string }
  | {
      classification: "read" | "mutating";
      /** What a mutating command changes; that a dry run persists nothing. */
      why?: string;
      parsed: ParsedCommand;
    }
);

/** Reads a kubectl call once: strips `kubectl`, parses, classifies. Pure; no cluster needed. */
export function planKubectl(args: KubectlArgs): KubectlPlan {
  const command = args.command.trim().replace(/^kubectl\s+/, "");
  const reason = args.reason?.trim();
  const base = {
    command,
    ...(args.manifest === undefined ? {} : { manifest: args.manifest }),
    ...(reason ? { reason } : {}),
  };
  const parsed = parseCommand(command);
  const verdict = classifyParsed(parsed);
  if (!parsed.ok) {
    return {
      ...base,
      classification: "refused",
      why: verdict.reason ?? "this command is not allowed",
    };
  }
  return {
    ...base,
    classification: parsed.command.classification,
    ...(verdict.reason === undefined ? {} : { why: verdict.reason }),
    parsed: parsed.command,
  };
}

/** Runs one planned kubectl call: run (retrying transient failures of read commands), summarise. */
export async function runKubectl(
  plan: KubectlPlan,
  settings: ToolSettings,
  opts: { allowMutations?: boolean } = {},
): Promise<ToolOutcome> {
  const started = performance.now();
  const line = plan.command;
  const base = { tool: "kubectl" as const, command: line, classification: plan.classification };
  if (plan.classification === "refused") {
    return {
      content: `Refused: ${plan.why}. Use a read-only command instead.`,
      artifact: {
        ...base,
        status: "refused",
        durationMs: performance.now() - started,
        truncated: false,
        summary: `kubectl ${line} → refused: ${plan.why}`,
        attempts: 0,
      },
    };
  }
  const allowMutations = plan.classification === "mutating" && opts.allowMutations === true;
  const { signal, timedOut } = callSignal(settings);
  const { maxAttempts, initialDelayMs, maxDelayMs } = settings.retry;
  let result: Attempt | undefined;
  let attempts = 0;
  // Only read commands are retried: a mutation that timed out may have been applied.
  const retries = plan.classification === "read" ? maxAttempts : 1;
  while (attempts < retries) {
    attempts++;
    result = await runOnce(settings, plan, signal, allowMutations);
    if (result.ok || result.error?.retryable !== true || signal.aborted || attempts >= retries)
      break;
    try {
      await sleep(backoffDelay(attempts, initialDelayMs, maxDelayMs), signal);
    } catch {
      break;
    }
  }
  const r = result as Attempt;
  const status: ToolStatus = r.ok
    ? "ok"
    : timedOut()
      ? "timeout"
      : signal.aborted
        ? "cancelled"
        : r.error?.code === "refused"
          ? "refused"
          : r.error?.code === "timeout"
            ? "timeout"
            : "error";
  // The engine cut the output to this call's budget (`maxOutputChars`): it is not cut again.
  const raw = r.ok
    ? r.output
    : status === "timeout"
      ? `Error (timeout): the command did not finish within ${settings.timeoutMs} ms.`
      : `Error (${r.error?.code ?? "error"}): ${r.error?.message ?? "the command failed"}${r.output ? `\n${r.output}` : ""}`;
  const lines = r.output.split("\n").filter((l) => l.trim().length > 0).length;
  return {
    content: raw.length > 0 ? raw : "(no output)",
    artifact: {
      ...base,
      classification: r.classification,
      status,
      durationMs: performance.now() - started,
      truncated: r.truncated,
      summary: r.ok
        ? `kubectl ${line} → ok, ${lines} line${lines === 1 ? "" : "s"}: ${firstLine(r.output, 120)}`
        : `kubectl ${line} → ${status}: ${firstLine(r.error?.message ?? raw, 160)}`,
      ...(keepStructured(r.structured) ? { structured: r.structured } : {}),
      attempts,
      ...(settings.namespace === undefined ? {} : { namespace: settings.namespace }),
    },
  };
}

/**
 * The artifact is checkpointed with the conversation: tables (what the offline
 * diagnostician reads) are kept when small; whole objects (`-o yaml`) are not.
 */
const MAX_STRUCTURED_CHARS = 32_000;
function keepStructured(structured: unknown): boolean {
  if (structured === undefined || (structured as { kind?: unknown }).kind !== "table") return false;
  return JSON.stringify(structured).length <= MAX_STRUCTURED_CHARS;
}

/** One engine run, with whether its failure is worth retrying. */
type Attempt = Omit<KubectlResult, "error"> & {
  error?: { code: string; message: string; retryable: boolean };
};

async function runOnce(
  settings: ToolSettings,
  plan: Extract<KubectlPlan, { parsed: ParsedCommand }>,
  signal: AbortSignal,
  allowMutations: boolean,
): Promise<Attempt> {
  try {
    const r = await settings.backend.run(plan.parsed, {
      ...(settings.namespace === undefined ? {} : { namespace: settings.namespace }),
      ...(plan.manifest === undefined ? {} : { manifest: plan.manifest }),
      signal,
      allowMutations,
      maxBytes: settings.maxOutputChars,
    });
    const { error: failure, ...rest } = r;
    return failure === undefined
      ? rest
      : { ...rest, error: { ...failure, retryable: KUBE_ERROR_CODES[failure.code].retryable } };
  } catch (error) {
    // The backend reports failures in its result; a throw is unexpected, but still the model's to see.
    const e = error as { code?: unknown; message?: unknown; retryable?: unknown };
    return {
      command: plan.command,
      classification: plan.classification,
      ok: false,
      output: "",
      truncated: false,
      error: {
        code: typeof e.code === "string" ? e.code : "error",
        message: typeof e.message === "string" ? e.message : String(error),
        retryable: e.retryable === true,
      },
      durationMs: 0,
    };
  }
}

/**
 * The LangChain tool. Bound to the model for its schema; when invoked directly
 * (outside the graph's tools node) it reads its settings from
 * `config.configurable.kubemedicTools` and never runs a mutation.
 */
export const kubectlTool = tool(
  async (args: KubectlArgs, config): Promise<[string, ToolOutcome["artifact"]]> => {
    const outcome = await runKubectl(planKubectl(args), settingsFrom(config));
    return [outcome.content, outcome.artifact];
  },
  {
    name: "kubectl",
    description: KUBECTL_DESCRIPTION,
    schema: KubectlArgs,
    responseFormat: "content_and_artifact",
  },
);
