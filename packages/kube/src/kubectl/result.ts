import type { MutationRisk, ObjectRef, ToolClassification } from "@kubemedic/protocol";
import type { KubeErrorCode } from "../errors";

/** What one `KubectlEngine.run` returns. Never throws for command or cluster failures. */
export interface KubectlResult {
  /**
   * The command as it ran: normalised, without a leading `kubectl`, with
   * credential values masked (`set env … DB_PASSWORD=[REDACTED]`): for display
   * and logs only.
   */
  command: string;
  classification: ToolClassification;
  ok: boolean;
  /** Bounded, redacted text that reads like kubectl's output (errors included). */
  output: string;
  /** True when `output` was cut to the line/byte limits (a marker line says so). */
  truncated: boolean;
  /**
   * For the UI: `{ kind: "table", tables: [{ kind, columns, rows }] }`,
   * `{ kind: "objects", items }` (redacted), `{ kind: "text" }`… Redacted, not bounded.
   */
  structured?: unknown;
  /** Set when ok is false. `code` is a KubeErrorCode. */
  error?: { code: KubeErrorCode; message: string };
  /** Side remarks kubectl prints on stderr (`Defaulted container "app"…`); also at the top of `output`. */
  notes?: string[];
  durationMs: number;
}

/** What a mutating command would do, computed without changing anything. */
export interface MutationPreview {
  command: string;
  classification: ToolClassification;
  /** The (first) object the command touches. */
  target: ObjectRef;
  /** Every object it touches (drain and delete -l touch many). */
  targets: ObjectRef[];
  /** One line: what will change. */
  summary: string;
  /** Redacted YAML of the live object(s), "" when it does not exist yet. */
  before?: string;
  /** Redacted YAML of the object(s) afterwards, "" when deleted. */
  after?: string;
  /** Unified diff of before → after. */
  diff?: string;
  risk: MutationRisk;
  /** How `after` was obtained. */
  method: "server-dry-run" | "local" | "none";
  notes?: string[];
}
