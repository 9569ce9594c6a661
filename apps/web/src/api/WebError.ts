import { i18n } from "../i18n/i18n";
import { ERROR_CODES, type ErrorCode } from "@kubemedic/protocol";

/**
 * The web app's one error class. Server codes come from the protocol
 * (`ERROR_CODES`); the app adds the two failures only a client sees.
 */
export type WebErrorCode =
  | ErrorCode
  /** The request never got an answer (server down, network gone). */
  | "network"
  /** The server answered something that does not match the protocol. */
  | "bad_response";

export class WebError extends Error {
  override readonly name = "WebError";
  constructor(
    readonly code: WebErrorCode,
    message: string,
    readonly status = 0,
    readonly requestId?: string,
  ) {
    super(message);
  }

  /** True when trying again later can help. */
  get retryable(): boolean {
    return (
      this.code === "network" ||
      this.code === "db_unavailable" ||
      this.code === "shutting_down" ||
      this.code === "rate_limited" ||
      this.status >= 500
    );
  }
}

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_CODES, code);
}

/** A sentence for the user, whatever was thrown. */
export function describeError(error: unknown): string {
  if (error instanceof WebError) return error.message;
  if (error instanceof Error) return error.message;
  return i18n.getState().messages.app.somethingWrong;
}
