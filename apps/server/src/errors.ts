import { ERROR_CODES, type ErrorCode } from "@kubemedic/protocol";

/**
 * Codes that only happen while the server starts. They never cross the wire
 * (an HTTP answer for one of them is `internal`); the CLI prints their message
 * and hint as one line and exits non-zero.
 */
export const STARTUP_ERROR_CODES = [
  "config_invalid",
  "port_in_use",
  "data_dir_unwritable",
  "data_dir_locked",
  "db_unreachable",
  "db_auth_failed",
  "db_migration_failed",
] as const;
export type StartupErrorCode = (typeof STARTUP_ERROR_CODES)[number];

/** Every code a ServerError can carry: the wire codes plus the start-up ones. */
export type ServerErrorCode = ErrorCode | StartupErrorCode;

/**
 * The one error class of apps/server. `message` says what is wrong; `hint`
 * says what to do about it (shown to whoever runs the server, never to a
 * browser unless the wire code is exposed).
 */
export class ServerError extends Error {
  override name = "ServerError";
  readonly code: ServerErrorCode;
  readonly hint: string | undefined;

  constructor(
    code: ServerErrorCode,
    message: string,
    options: { hint?: string; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.hint = options.hint;
  }

  /** The code to send on the wire; start-up codes are internal details. */
  get wireCode(): ErrorCode {
    return this.code in ERROR_CODES ? (this.code as ErrorCode) : "internal";
  }

  get httpStatus(): number {
    return ERROR_CODES[this.wireCode].http;
  }

  /** `message — hint`, the line the CLI prints. */
  get oneLine(): string {
    return this.hint === undefined ? this.message : `${this.message} — ${this.hint}`;
  }
}

export function isServerError(error: unknown, code?: ServerErrorCode): error is ServerError {
  return error instanceof ServerError && (code === undefined || error.code === code);
}
