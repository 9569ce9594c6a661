/**
 * The closed set of failure codes of `@kubemedic/demo-cluster`. API-level
 * failures (404, 409, 422…) are not errors of this package: they are answers,
 * sent as Kubernetes `Status` objects (see api/status.ts).
 */
export const DEMO_CLUSTER_ERROR_CODES = {
  /** A built-in name or directory that does not exist. */
  scenario_not_found: "the scenario does not exist",
  /** A scenario file is malformed: YAML syntax, a missing field, an impossible object. */
  scenario_invalid: "the scenario is malformed",
  /** Two loaded scenarios define the same object differently. */
  scenario_conflict: "two scenarios conflict",
  /** startDemoCluster() or generateScenario() options out of range. */
  invalid_options: "invalid options",
  /** The HTTP server could not listen (port in use, bad host). */
  listen_failed: "the server could not start",
} as const;

export type DemoClusterErrorCode = keyof typeof DEMO_CLUSTER_ERROR_CODES;

export interface DemoClusterErrorDetails {
  /** The file at fault, when there is one. */
  file?: string;
  /** 1-based line in that file. */
  line?: number;
  /** `Kind/namespace/name` (or what could be read of it) of the offending object. */
  object?: string;
  cause?: unknown;
}

/** The one error class of @kubemedic/demo-cluster. Messages are written for the scenario author. */
export class DemoClusterError extends Error {
  override name = "DemoClusterError";
  readonly code: DemoClusterErrorCode;
  readonly file: string | undefined;
  readonly line: number | undefined;
  readonly object: string | undefined;
  /** The message without the file/line/object prefix. */
  readonly detail: string;

  constructor(code: DemoClusterErrorCode, message: string, details: DemoClusterErrorDetails = {}) {
    super(
      formatMessage(message, details),
      details.cause === undefined ? undefined : { cause: details.cause },
    );
    this.code = code;
    this.detail = message;
    this.file = details.file;
    this.line = details.line;
    this.object = details.object;
  }
}

/** "file.yaml:12: Pod/shop/checkout-1: message", with whichever parts are known. */
function formatMessage(message: string, d: DemoClusterErrorDetails): string {
  const where =
    d.file === undefined ? "" : d.line === undefined ? `${d.file}: ` : `${d.file}:${d.line}: `;
  const what = d.object === undefined ? "" : `${d.object}: `;
  return `${where}${what}${message}`;
}
