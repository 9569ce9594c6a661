import { performance } from "node:perf_hooks";
import type { Cluster } from "../connection/cluster";
import { KubeError } from "../errors";
import { bound, DEFAULT_MAX_BYTES, DEFAULT_MAX_LINES } from "../output/bound";
import { redactCommand } from "../redact/redactCommand";
import { redactText } from "../redact/redactText";
import { executePlan } from "./mutate/executePlan";
import { previewPlan } from "./mutate/previewPlan";
import { acceptCommand, type CommandView } from "./parse/acceptCommand";
import type { ParsedCommand } from "./parse/parseCommand";
import type { KubectlResult, MutationPreview } from "./result";
import type { EngineLimits, VerbContext, VerbOutput } from "./verbContext";
import { MUTATING_VERBS, READ_VERBS } from "./verbs/registry";
import { goDurationSeconds } from "./verbs/workload";

export interface KubectlEngineOptions {
  /** Lines of output per call. @default 200 */
  maxLines?: number;
  /** Bytes of output per call. @default 16_384 */
  maxBytes?: number;
  /** Log lines returned when --tail is not given. @default 200 */
  logTailDefault?: number;
}

export interface RunOptions {
  /** Used when the line has no -n/--namespace; the cluster's namespace otherwise. */
  namespace?: string;
  /** The manifest for `apply|create|delete -f -`. */
  manifest?: string;
  /** Aborts in-flight requests; the result is then `cancelled`. */
  signal?: AbortSignal;
  /** Run mutating commands. Without it they are refused with a reason. @default false */
  allowMutations?: boolean;
  /**
   * A tighter byte budget for this call's output (a caller's per-call token
   * budget), so the output is cut once, here, with the engine's hints. Never
   * raises the engine's own `maxBytes`. @default the engine's maxBytes
   */
  maxBytes?: number;
}

/**
 * The in-process kubectl: takes a command line as a model or a user writes it
 * (with or without `kubectl`), or a `ParsedCommand` a caller parsed once and
 * kept, classifies it, runs it through the Kubernetes
 * API (never a shell, never the kubectl binary) and returns output that reads
 * like kubectl's: bounded, redacted, with a structured form for the UI.
 * `run` never throws for bad commands or cluster failures; they come back as
 * `ok: false` with a coded error.
 */
export class KubectlEngine {
  readonly limits: EngineLimits;

  constructor(
    readonly cluster: Cluster,
    options: KubectlEngineOptions = {},
  ) {
    this.limits = {
      maxLines: options.maxLines ?? DEFAULT_MAX_LINES,
      maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
      logTailDefault: options.logTailDefault ?? 200,
    };
  }

  async run(input: string | ParsedCommand, options: RunOptions = {}): Promise<KubectlResult> {
    const started = performance.now();
    const accepted = acceptCommand(input);
    if (!accepted.ok) {
      const code = accepted.code === "usage" ? "usage" : "refused";
      const error = new KubeError(code, accepted.message);
      return this.failed(accepted.command, "refused", error, started, options);
    }
    const command = accepted.view;
    if (command.classification === "mutating" && options.allowMutations !== true) {
      const error = new KubeError(
        "refused",
        `"${command.verb}" changes the cluster (${command.spec.effect ?? "a write"}); it runs only after the user approves it`,
      );
      return this.failed(command.command, "mutating", error, started, options);
    }
    let deadline: AbortSignal | undefined;
    try {
      deadline = requestTimeout(command);
      const ctx = this.context(command, options, deadline);
      const out = await this.dispatch(ctx);
      return this.finish(command, out, started, options);
    } catch (error) {
      const failure =
        deadline?.aborted === true && !options.signal?.aborted
          ? new KubeError(
              "timeout",
              `the command took longer than --request-timeout=${command.flags.string("request-timeout") ?? ""}`,
            )
          : toKubeError(error, options.signal);
      return this.failed(command.command, command.classification, failure, started, options);
    }
  }

  /**
   * What a mutating command would change, computed without changing anything:
   * the live object, the object afterwards (computed locally, or by a
   * server-side dry run), a unified diff, a summary and a risk level.
   * Throws a KubeError when the command is not a valid mutating command.
   */
  async preview(
    input: string | ParsedCommand,
    options: Omit<RunOptions, "allowMutations" | "maxBytes"> = {},
  ): Promise<MutationPreview> {
    const accepted = acceptCommand(input);
    if (!accepted.ok) {
      throw new KubeError(accepted.code === "usage" ? "usage" : "refused", accepted.message);
    }
    const command = accepted.view;
    const planner = MUTATING_VERBS[command.verb];
    if (command.spec.kind !== "mutating" || planner === undefined) {
      throw new KubeError(
        "usage",
        `"${command.verb}" does not change the cluster: nothing to preview`,
      );
    }
    try {
      const ctx = this.context(command, options);
      return await previewPlan(ctx, await planner(ctx), redactCommand(command.command));
    } catch (error) {
      throw toKubeError(error, options.signal);
    }
  }

  private context(command: CommandView, options: RunOptions, deadline?: AbortSignal): VerbContext {
    const signals = [options.signal, deadline].filter((s): s is AbortSignal => s !== undefined);
    return {
      cluster: this.cluster,
      command,
      namespace: command.namespace ?? options.namespace ?? this.cluster.namespace,
      namespaceExplicit: command.namespace !== undefined,
      allNamespaces: command.flags.bool("all-namespaces"),
      manifest: options.manifest,
      signal: signals.length > 1 ? AbortSignal.any(signals) : signals[0],
      limits: this.limits,
      now: Date.now(),
    };
  }

  private async dispatch(ctx: VerbContext): Promise<VerbOutput> {
    const read = READ_VERBS[ctx.command.verb];
    if (read) return read(ctx);
    const planner = MUTATING_VERBS[ctx.command.verb];
    if (planner) return executePlan(ctx, await planner(ctx));
    throw new KubeError("unsupported", `"${ctx.command.verb}" is not implemented`);
  }

  private finish(
    command: CommandView,
    out: VerbOutput,
    started: number,
    options: RunOptions,
  ): KubectlResult {
    const notes = out.notes ?? [];
    const errors = out.errors ?? [];
    const text = [...notes, out.text, ...errors].filter((part) => part !== "").join("\n");
    // Last line of defence: self-identifying credentials never leave, whatever produced the text.
    const safe = redactText(text, { assignments: false });
    const bounded = bound(safe, {
      maxLines: this.limits.maxLines,
      maxBytes: this.maxBytes(options),
      ...(out.hint ? { hint: out.hint } : {}),
      ...(out.keep ? { keep: out.keep } : {}),
      ...(out.unfetchedLines ? { extraLines: out.unfetchedLines } : {}),
      ...(out.omittedNote ? { extraNote: out.omittedNote } : {}),
    });
    const ok = errors.length === 0;
    return {
      command: redactCommand(command.command),
      classification: command.classification,
      ok,
      output: bounded.text,
      truncated: bounded.truncated,
      ...(out.structured === undefined ? {} : { structured: out.structured }),
      ...(ok
        ? {}
        : { error: { code: out.errorCode ?? errorCodeOf(errors[0]!), message: errors[0]! } }),
      ...(notes.length > 0 ? { notes } : {}),
      durationMs: Math.round((performance.now() - started) * 10) / 10,
    };
  }

  private maxBytes(options: RunOptions): number {
    const asked = options.maxBytes;
    return asked !== undefined && asked > 0
      ? Math.min(asked, this.limits.maxBytes)
      : this.limits.maxBytes;
  }

  private failed(
    command: string,
    classification: KubectlResult["classification"],
    error: KubeError,
    started: number,
    options: RunOptions,
  ): KubectlResult {
    const reason = error.reason ?? (error.status !== undefined ? String(error.status) : undefined);
    const line =
      error.status !== undefined && reason !== undefined
        ? `Error from server (${reason}): ${error.message}`
        : `error: ${error.message}`;
    // An error line is short; one that is not (a server message quoting a manifest) is cut too.
    const bounded = bound(redactText(line, { assignments: false }), {
      maxLines: this.limits.maxLines,
      maxBytes: this.maxBytes(options),
    });
    return {
      command: redactCommand(command),
      classification,
      ok: false,
      output: bounded.text,
      truncated: bounded.truncated,
      error: { code: error.code, message: error.message },
      durationMs: Math.round((performance.now() - started) * 10) / 10,
    };
  }
}

function errorCodeOf(line: string): KubeError["code"] {
  return /\(NotFound\)/.test(line) ? "not_found" : "server_error";
}

function toKubeError(error: unknown, signal: AbortSignal | undefined): KubeError {
  if (error instanceof KubeError) return error;
  if (signal?.aborted) return new KubeError("cancelled", "the command was cancelled");
  const message = error instanceof Error ? error.message : String(error);
  return new KubeError("internal", `internal error: ${message}`, { cause: error });
}

/** `--request-timeout` (`30s`, `1m`, or plain seconds; `0` = none) as an abort signal. */
function requestTimeout(command: CommandView): AbortSignal | undefined {
  const text = command.flags.string("request-timeout");
  if (text === undefined || text === "0") return undefined;
  const seconds = /^\d+$/.test(text) ? Number(text) : goDurationSeconds(text);
  if (!(seconds > 0)) throw new KubeError("usage", `invalid --request-timeout "${text}"`);
  return AbortSignal.timeout(seconds * 1000);
}
