import type { ErrorCode } from "@kubemedic/protocol";

/**
 * The closed set of failure codes of `@kubemedic/kube`. Each maps to the wire
 * code the gateway sends (`ERROR_CODES` in @kubemedic/protocol) and says whether
 * retrying the same call may succeed (the agent's tools node retries those with
 * backoff). Every KubeError message is written for the user: it says what
 * happened and, where there is one, what to do about it.
 */
export const KUBE_ERROR_CODES = {
  /** No kubeconfig, no in-cluster service account, or an unknown context. */
  no_config: { wire: "bad_request", retryable: false },
  /** Connection refused, DNS failure, TLS failure, reset: the API server was not reached. */
  unreachable: { wire: "cluster_unreachable", retryable: true },
  /** 401: missing, invalid or expired credentials. */
  unauthorized: { wire: "unauthorized", retryable: false },
  /** 403: authenticated, but RBAC does not allow it. */
  forbidden: { wire: "cluster_forbidden", retryable: false },
  /** 404: the object, namespace or resource type does not exist. */
  not_found: { wire: "not_found", retryable: false },
  /** 409: already exists, or changed since it was read. */
  conflict: { wire: "conflict", retryable: false },
  /** 400/422: the server rejected the request or object as invalid. */
  invalid: { wire: "bad_request", retryable: false },
  /** The command line itself is wrong: unknown flag, missing argument, bad value. */
  usage: { wire: "bad_request", retryable: false },
  /** Classified as refused (shell syntax, exec, credential overrides…) or a mutation without permission. */
  refused: { wire: "bad_request", retryable: false },
  /** The cluster or the engine does not offer it (no metrics API, no OpenAPI, an unsupported flag value). */
  unsupported: { wire: "bad_request", retryable: false },
  /** 429 or priority-and-fairness rejection. */
  throttled: { wire: "rate_limited", retryable: true },
  /** The request took longer than its deadline (ours or the server's 504). */
  timeout: { wire: "timeout", retryable: true },
  /** The caller's AbortSignal fired. */
  cancelled: { wire: "cancelled", retryable: false },
  /** 5xx or an answer that is not what the Kubernetes API returns. */
  server_error: { wire: "cluster_unreachable", retryable: true },
  /** A bug in kubemedic itself; the message says what failed. */
  internal: { wire: "internal", retryable: false },
} as const satisfies Record<string, { wire: ErrorCode; retryable: boolean }>;

export type KubeErrorCode = keyof typeof KUBE_ERROR_CODES;

export interface KubeErrorOptions {
  /** HTTP status of the API answer, when there was one. */
  status?: number;
  /** The Kubernetes `Status.reason` (`NotFound`, `AlreadyExists`, `Expired`…), when given. */
  reason?: string;
  cause?: unknown;
}

/** The one error class of @kubemedic/kube. */
export class KubeError extends Error {
  override name = "KubeError";
  readonly code: KubeErrorCode;
  readonly status: number | undefined;
  readonly reason: string | undefined;

  constructor(code: KubeErrorCode, message: string, options: KubeErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.status = options.status;
    this.reason = options.reason;
  }

  /** The protocol error code for a frame or an HTTP answer. */
  get wireCode(): ErrorCode {
    return KUBE_ERROR_CODES[this.code].wire;
  }

  /** True when the same call may succeed if retried later. */
  get retryable(): boolean {
    return KUBE_ERROR_CODES[this.code].retryable;
  }

  toJSON(): { code: KubeErrorCode; message: string; status?: number } {
    return this.status === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, status: this.status };
  }
}

export function isKubeError(error: unknown, code?: KubeErrorCode): error is KubeError {
  return error instanceof KubeError && (code === undefined || error.code === code);
}
