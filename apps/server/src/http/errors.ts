import type { ApiErrorBody, ErrorCode } from "@kubemedic/protocol";
import { ERROR_CODES } from "@kubemedic/protocol";
import type { ErrorRequestHandler, RequestHandler } from "express";
import { wireErrorOf } from "../gateway/wire-error";
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

/** express.json()'s own failures (body-parser errors carry a `type`). */
function bodyParserCode(error: unknown): ErrorCode | undefined {
  const type = (error as { type?: unknown } | null)?.type;
  if (type === "entity.parse.failed") return "invalid_json";
  if (type === "entity.too.large") return "frame_too_large";
  if (typeof type === "string" && type.startsWith("encoding.")) return "bad_request";
  if (type === "charset.unsupported") return "bad_request";
  return undefined;
}

/**
 * The last middleware: a known error (ServerError, AgentError, KubeError)
 * answers with its wire code's status; any other error is `internal`, its
 * details kept in the log, never in the answer.
 */
export function errorHandler(log: Logger, metrics?: GatewayMetrics): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const parserCode = bodyParserCode(error);
    const wire =
      parserCode === undefined
        ? wireErrorOf(error)
        : {
            code: parserCode,
            message:
              parserCode === "invalid_json"
                ? "the request body is not valid JSON"
                : parserCode === "frame_too_large"
                  ? "the request body is too large"
                  : "the request body could not be read",
            exposed: true,
          };
    if (!wire.exposed)
      log.error({ err: error, path: req.path, requestId: requestIdOf(res) }, "request failed");
    metrics?.error(wire.code);
    const body: ApiErrorBody = {
      error: { code: wire.code, message: wire.message, requestId: requestIdOf(res) },
    };
    res.status(ERROR_CODES[wire.code].http).json(body);
  };
}

export function requestIdOf(res: { getHeader(name: string): unknown }): string | undefined {
  const id = res.getHeader("x-request-id");
  return typeof id === "string" ? id : undefined;
}
