import { KubeError } from "../errors";

/** The part of a `meta/v1 Status` body we read. */
interface StatusBody {
  kind?: string;
  message?: string;
  reason?: string;
}

/**
 * Turns a non-2xx API answer into a KubeError whose message a user can act
 * on. The server's own message is kept (it names the object, the verb and
 * the user RBAC refused) and framed with what to do.
 */
export function apiError(status: number, body: string, context: string): KubeError {
  const parsed = parseStatus(body);
  const serverMessage = parsed?.message ?? (body.trim().slice(0, 300) || `HTTP ${status}`);
  const options = { status, ...(parsed?.reason === undefined ? {} : { reason: parsed.reason }) };
  if (status === 401) {
    return new KubeError(
      "unauthorized",
      `the cluster rejected the credentials of context "${context}" (missing, invalid or expired): log in again or refresh the kubeconfig, then retry`,
      options,
    );
  }
  if (status === 403) return new KubeError("forbidden", `forbidden: ${serverMessage}`, options);
  if (status === 404) return new KubeError("not_found", notFoundMessage(serverMessage), options);
  if (status === 409) return new KubeError("conflict", serverMessage, options);
  if (status === 400 || status === 422) return new KubeError("invalid", serverMessage, options);
  if (status === 429) {
    return new KubeError(
      "throttled",
      `the API server is throttling requests (429): ${serverMessage}`,
      options,
    );
  }
  if (status === 504) {
    return new KubeError("timeout", `the API server timed out: ${serverMessage}`, options);
  }
  if (status === 405) {
    return new KubeError("unsupported", `not allowed by the server: ${serverMessage}`, options);
  }
  return new KubeError("server_error", `API server error ${status}: ${serverMessage}`, options);
}

function notFoundMessage(serverMessage: string): string {
  // A bare 404 from a path the server does not serve (no such API) says only "404 page not found".
  return /page not found/i.test(serverMessage)
    ? "the server does not serve this API (404)"
    : serverMessage;
}

function parseStatus(body: string): StatusBody | undefined {
  try {
    const value: unknown = JSON.parse(body);
    if (typeof value !== "object" || value === null) return undefined;
    const record = value as Record<string, unknown>;
    return {
      ...(typeof record.kind === "string" ? { kind: record.kind } : {}),
      ...(typeof record.message === "string" ? { message: record.message } : {}),
      ...(typeof record.reason === "string" ? { reason: record.reason } : {}),
    };
  } catch {
    return undefined;
  }
}

const NETWORK_CODES: Readonly<Record<string, string>> = {
  ECONNREFUSED: "connection refused",
  ECONNRESET: "connection reset",
  ENOTFOUND: "host not found",
  EAI_AGAIN: "DNS lookup failed",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  ETIMEDOUT: "connection timed out",
  EPIPE: "connection closed",
  DEPTH_ZERO_SELF_SIGNED_CERT: "the server's certificate is self-signed and not trusted",
  SELF_SIGNED_CERT_IN_CHAIN: "the server's certificate chain is not trusted",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "the server's certificate cannot be verified",
  CERT_HAS_EXPIRED: "the server's certificate has expired",
  ERR_TLS_CERT_ALTNAME_INVALID: "the server's certificate does not match its address",
};

/** A failure before any HTTP answer: refused, DNS, TLS, reset. */
export function networkError(error: unknown, server: string): KubeError {
  const code = findCode(error);
  const what =
    (code !== undefined ? NETWORK_CODES[code] : undefined) ??
    (error instanceof Error ? error.message : String(error));
  return new KubeError(
    "unreachable",
    `cannot reach the API server at ${server}: ${what}. Check that the cluster is running and the kubeconfig's server address`,
    { cause: error },
  );
}

function findCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === "object" && current !== null; depth++) {
    const record = current as { code?: unknown; errno?: unknown; cause?: unknown };
    if (typeof record.code === "string" && record.code in NETWORK_CODES) return record.code;
    if (typeof record.errno === "string" && record.errno in NETWORK_CODES) return record.errno;
    current = record.cause;
  }
  return undefined;
}
