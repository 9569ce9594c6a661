import type { ApiRequest } from "../../connection/transport";
import type { MutationRisk, ObjectRef } from "@kubemedic/protocol";
import type { Obj } from "../fetch";

/** One write a mutating command makes, with what is known about its effect. */
export interface MutationStep {
  target: ObjectRef;
  /** The live object before the change (raw; redacted before it is shown). Undefined when it does not exist. */
  before?: Obj;
  /**
   * The object after the change, computed locally from `before`; `null` when
   * the step deletes it; undefined when only the server can tell (the preview
   * then asks for a server-side dry run).
   */
  after?: Obj | null;
  /** A local approximation used when `after` is undefined and the server's dry run fails. */
  fallbackAfter?: Obj;
  /** The write itself; undefined when there is nothing to do (already cordoned). */
  request?: ApiRequest;
  /** The line printed when the step ran, like kubectl's: `deployment.apps/checkout scaled`. */
  message: string;
  /** Leave this step out of the preview's before/after/diff (drain's pod evictions). */
  hideInPreview?: boolean;
  /** Not fatal when the write fails with not_found (e.g. a pod that went away during a drain). */
  tolerateNotFound?: boolean;
}

/** What a mutating command would do: planned by reading only. */
export interface MutationPlan {
  steps: MutationStep[];
  /** One line for the approval card. */
  summary: string;
  risk: MutationRisk;
  notes?: string[];
  /** Printed after every step ran (drain: `node/x drained`). */
  finalMessage?: string;
}

/** Adds `dryRun=All` to a write: the server validates and persists nothing. */
export function dryRunRequest(request: ApiRequest): ApiRequest {
  return { ...request, query: { ...request.query, dryRun: "All" } };
}
