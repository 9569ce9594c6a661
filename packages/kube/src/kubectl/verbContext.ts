import type { Cluster } from "../connection/cluster";
import type { KubeErrorCode } from "../errors";
import type { CommandView } from "./parse/acceptCommand";

/** Limits of one engine. */
export interface EngineLimits {
  /** @default 200 */
  maxLines: number;
  /** @default 16_384 */
  maxBytes: number;
  /** Lines of log returned when --tail is not given. @default 200 */
  logTailDefault: number;
}

/** Everything a verb needs to run one parsed command. */
export interface VerbContext {
  cluster: Cluster;
  command: CommandView;
  /** -n, else the run option, else the cluster's namespace. */
  namespace: string;
  /** True when -n was given explicitly (some verbs warn or refuse otherwise). */
  namespaceExplicit: boolean;
  allNamespaces: boolean;
  manifest: string | undefined;
  signal: AbortSignal | undefined;
  limits: EngineLimits;
  now: number;
}

/** What a read verb produces; the engine bounds and finishes it. */
export interface VerbOutput {
  text: string;
  structured?: unknown;
  /** stderr-like remarks, shown first. */
  notes?: string[];
  /** Errors that did not stop the command (one of several names not found). */
  errors?: string[];
  /** The code of the first error. @default "not_found" for NotFound lines */
  errorCode?: KubeErrorCode;
  /** How to narrow the output, for the truncation marker. */
  hint?: string;
  /** Rows that exist but were not read (a list cut at the engine's budget); counted in the marker. */
  unfetchedLines?: number;
  /** What else was left out, in words, for the marker (`12 more objects not described`). */
  omittedNote?: string;
  /** Keep the end when cutting (logs). */
  keep?: "head" | "tail";
}
