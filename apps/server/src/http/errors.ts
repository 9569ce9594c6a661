import type { ApiErrorBody } from "@kubemedic/protocol";
import { ERROR_CODES } from "@kubemedic/protocol";
import type { ErrorRequestHandler, RequestHandler } from "express";
import { isServerError } from "../errors";
import { wireErrorOf, type WireError } from "../gateway/wire-error";
import type { Logger } from "../logger";
import type { GatewayMetrics } from "../metrics/gateway-metrics";

/** Anything no route answered: a JSON 404 in the API's error shape. */
export const notFoundHandler: RequestHandler = (req, res) => {
  const body: ApiErrorBody = {
    error: {
      code: "not_found",
      message: `no route for ${req.method} ${req.path}`,
      requestId: requestIdOf(res),
    },
  };
  res.status(404).json(body);
};

/**
 * Failures of the HTTP machinery before any route ran: express.json() (its
 * errors carry a `type`) and the router (a URIError decoding a path
 * parameter carries `status: 400`). All are the client's fault: a 4xx with a
 * code, never `internal`.
 */
function clientErrorOf(error: unknown): WireError | undefined {
  const e = error as { type?: unknown; status?: unknown; statusCode?: unknown } | null;
  const type = e?.type;
  if (type === "entity.parse.failed") {
    return { code: "invalid_json", message: "the request body is not valid JSON", exposed: true };
  }
  if (type === "entity.too.large") {
    return { code: "frame_too_large", message: "the request body is too large", exposed: true };
  }
  if (type === "encoding.unsupported") {
    return {
      code: "unsupported_media_type",
      message:
        "the request body's Content-Encoding is not supported (send identity, gzip, deflate or br)",
      exposed: true,
    };
  }
  if (type === "charset.unsupported") {
    return {
      code: "unsupported_media_type",
      message: "the request body's charset is not supported (send UTF-8)",
      exposed: true,
    };
  }
  if (isServerError(error)) return undefined;
  const status = typeof e?.status === "number" ? e.status : e?.statusCode;
  if (typeof status === "number" && status >= 400 && status < 500) {
    const message =
      error instanceof URIError
        ? "the URL path is not valid percent-encoding"
        : (error as { code?: unknown }).code === "Z_DATA_ERROR" ||
            (error as { code?: unknown }).code === "Z_BUF_ERROR"
          ? "the request body does not match its Content-Encoding"
          : typeof type === "string" && type.startsWith("request.")
            ? "the request body could not be read"
            : "the request could not be read";
    return {
      code: status === 415 ? "unsupported_media_type" : "bad_request",
      message,
      exposed: true,
    };
  }
  return undefined;
}

/**
 * The last middleware: a known error (ServerError, AgentError, KubeError)
 * answers with its wire code's status; a client's malformed request (see
 * clientErrorOf) a 4xx; any other error is `internal`, its details kept in the
 * error log, never in the answer. Client errors are logged at debug level at
 * most: a fuzzer must not flood the error log.
 */
export function errorHandler(log: Logger, metrics?: GatewayMetrics): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const wire = clientErrorOf(error) ?? wireErrorOf(error);
    if (!wire.exposed)
      log.error({ err: error, path: req.path, requestId: requestIdOf(res) }, "request failed");
    else
      log.debug(
        { code: wire.code, path: req.path, requestId: requestIdOf(res) },
        "request refused",
      );
    metrics?.error(wire.code);
    const body: ApiErrorBody = {
      error: { code: wire.code, message: wire.message, requestId: requestIdOf(res) },
    };
    res.status(ERROR_CODES[wire.code].http).json(body);
  };
}

function requestIdOf(res: { getHeader(name: string): unknown }): string | undefined {
  const id = res.getHeader("x-request-id");
  return typeof id === "string" ? id : undefined;
}
