import { z } from "zod";

/**
 * Every error code that crosses the wire. Each maps to an HTTP status and says
 * whether its message is written for the user (`expose`) or must be replaced
 * by a generic one (internal details stay in the server log).
 */
export const ERROR_CODES = {
  bad_request: { http: 400, expose: true },
  invalid_json: { http: 400, expose: true },
  frame_too_large: { http: 413, expose: true },
  unsupported_media_type: { http: 415, expose: true },
  unknown_type: { http: 400, expose: true },
  unsupported_protocol: { http: 400, expose: true },
  unauthorized: { http: 401, expose: true },
  forbidden: { http: 403, expose: true },
  origin_not_allowed: { http: 403, expose: true },
  host_not_allowed: { http: 421, expose: true },
  not_found: { http: 404, expose: true },
  conflict: { http: 409, expose: true },
  turn_in_progress: { http: 409, expose: true },
  no_pending_approval: { http: 409, expose: true },
  rate_limited: { http: 429, expose: true },
  too_many_turns: { http: 429, expose: true },
  too_many_connections: { http: 429, expose: true },
  too_many_conversations: { http: 409, expose: true },
  cluster_unreachable: { http: 502, expose: true },
  cluster_forbidden: { http: 403, expose: true },
  llm_error: { http: 502, expose: true },
  llm_rate_limited: { http: 503, expose: true },
  timeout: { http: 504, expose: true },
  cancelled: { http: 499, expose: true },
  limit_reached: { http: 200, expose: true },
  db_unavailable: { http: 503, expose: true },
  shutting_down: { http: 503, expose: true },
  internal: { http: 500, expose: false },
} as const satisfies Record<string, { http: number; expose: boolean }>;

export type ErrorCode = keyof typeof ERROR_CODES;
export const ErrorCode = z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]);

/** WebSocket close codes used by the gateway (4000–4999 are application-defined). */
export const WS_CLOSE = {
  normal: 1000,
  goingAway: 1001,
  unauthorized: 4401,
  forbidden: 4403,
  unsupportedProtocol: 4400,
  tooManyConnections: 4429,
} as const;
