import type { ObjectRef } from "@kubemedic/protocol";
import type { Pod } from "../model/objects";
import type { ClusterSnapshot } from "../model/snapshot/ClusterSnapshot";
import { redactText } from "../redact/redactText";

export interface CorrelateOptions {
  /** Correlate in one namespace; undefined = every namespace in the snapshot. */
  namespace?: string | undefined;
  /** Keep only candidates that involve this object (as primary or related). */
  resource?: ObjectRef | undefined;
  signal?: AbortSignal | undefined;
  /**
   * Most container logs read in one correlation (previous logs of crashing
   * containers first, then a scan of healthy-looking workloads for 403s, DNS
   * and connection failures). @default 200
   */
  logBudget?: number | undefined;
  /** Lines read from the end of each log. @default 50 */
  logTail?: number | undefined;
  /**
   * Healthy-looking workloads whose current log is scanned for 403s, DNS and
   * connection failures, most likely first (own ServiceAccount with bindings,
   * namespace with NetworkPolicies, restarts). @default 100 in one namespace, 30 across all
   */
  logScanWorkloads?: number | undefined;
}

/** A log as evidence: the exact command and the redacted text, or why it could not be read. */
export interface LogRead {
  command: string;
  text: string | undefined;
  error: string | undefined;
}

/** Shared by every rule of one correlation run. */
export class CorrelationContext {
  readonly snapshot: ClusterSnapshot;
  readonly namespace: string | undefined;
  readonly signal: AbortSignal | undefined;
  readonly tail: number;
  readonly scanWorkloads: number;
  private budget: number;

  constructor(snapshot: ClusterSnapshot, options: CorrelateOptions) {
    this.snapshot = snapshot;
    this.namespace =
      options.namespace === "" ? undefined : (options.namespace ?? snapshot.namespace);
    this.signal = options.signal;
    this.tail = options.logTail ?? 50;
    this.budget = options.logBudget ?? 200;
    this.scanWorkloads = options.logScanWorkloads ?? (this.namespace === undefined ? 30 : 100);
  }

  get now(): number {
    return this.snapshot.now;
  }

  get logsLeft(): number {
    return this.budget;
  }

  /**
   * Reads a container log within the budget. Every line is passed through
   * the engine's secret redaction before anyone sees it: log lines become
   * evidence, and evidence goes to an LLM.
   */
  async readLog(pod: Pod, container: string, previous: boolean): Promise<LogRead> {
    const namespace = pod.metadata?.namespace ?? "";
    const name = pod.metadata?.name ?? "";
    const command = `logs ${name} -n ${namespace} -c ${container}${previous ? " --previous" : ""} --tail=${this.tail}`;
    if (this.budget <= 0) return { command, text: undefined, error: "log budget exhausted" };
    this.budget--;
    try {
      const raw = await this.snapshot.logs.read(
        { namespace, pod: name, container, previous, tailLines: this.tail },
        this.signal,
      );
      return { command, text: redactText(raw), error: undefined };
    } catch (error) {
      return {
        command,
        text: undefined,
        error: redactText(error instanceof Error ? error.message : String(error)),
      };
    }
  }
}
