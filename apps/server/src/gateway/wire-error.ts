import { isAgentError } from "@kubemedic/agent";
import { isKubeError } from "@kubemedic/kube";
import { ERROR_CODES, type ErrorCode } from "@kubemedic/protocol";
import { isServerError } from "../errors";

/** What a client may be told about an error. */
export interface WireError {
  code: ErrorCode;
  /** The error's own message when its code is exposed, a generic one otherwise. */
  message: string;
  /** False when the message was replaced: log the original. */
  exposed: boolean;
}

export const GENERIC_MESSAGE = "internal error; see the server log";

/**
 * Maps an error of any package (ServerError, AgentError, KubeError) to its
 * wire code and a message fit for the user; anything else is `internal`, its
 * details kept for the server log only.
 */
export function wireErrorOf(error: unknown): WireError {
  let code: ErrorCode = "internal";
  if (isServerError(error) || isAgentError(error) || isKubeError(error)) code = error.wireCode;
  const exposed = ERROR_CODES[code].expose && code !== "internal";
  return {
    code,
    message: exposed ? (error as Error).message : GENERIC_MESSAGE,
    exposed,
  };
}
