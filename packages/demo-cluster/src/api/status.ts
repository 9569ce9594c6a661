import type { JsonObject } from "../util/json";

/**
 * API answers that are not objects are `Status` objects, exactly as the real
 * API server sends them: kubectl and client-node print `message`, branch on
 * `reason` and `code`, and read `details`.
 */
export type StatusReason =
  | "BadRequest"
  | "Unauthorized"
  | "Forbidden"
  | "NotFound"
  | "AlreadyExists"
  | "Conflict"
  | "Invalid"
  | "Expired"
  | "MethodNotAllowed"
  | "NotAcceptable"
  | "UnsupportedMediaType"
  | "InternalError"
  | "Timeout";

const CODES: Record<StatusReason, number> = {
  BadRequest: 400,
  Unauthorized: 401,
  Forbidden: 403,
  NotFound: 404,
  AlreadyExists: 409,
  Conflict: 409,
  Invalid: 422,
  Expired: 410,
  MethodNotAllowed: 405,
  NotAcceptable: 406,
  UnsupportedMediaType: 415,
  InternalError: 500,
  Timeout: 504,
};

export interface StatusDetails {
  name?: string;
  group?: string;
  kind?: string;
  causes?: { reason: string; message: string; field?: string }[];
  retryAfterSeconds?: number;
}

/** Thrown by handlers; the server turns it into a Status answer. */
export class ApiError extends Error {
  override name = "ApiError";
  readonly code: number;

  constructor(
    readonly reason: StatusReason,
    message: string,
    readonly details?: StatusDetails,
  ) {
    super(message);
    this.code = CODES[reason];
  }

  toStatus(): JsonObject {
    return statusObject(this.reason, this.message, this.details);
  }
}

export function statusObject(
  reason: StatusReason,
  message: string,
  details?: StatusDetails,
): JsonObject {
  const status: JsonObject = {
    kind: "Status",
    apiVersion: "v1",
    metadata: {},
    status: "Failure",
    message,
    reason,
    code: CODES[reason],
  };
  if (details !== undefined) status.details = details;
  return status;
}

export function successStatus(details?: StatusDetails): JsonObject {
  return {
    kind: "Status",
    apiVersion: "v1",
    metadata: {},
    status: "Success",
    ...(details === undefined ? {} : { details }),
  };
}

/** `pods "x" not found`, with details kubectl uses to print `Error from server (NotFound)`. */
export function notFound(group: string, plural: string, name: string): ApiError {
  return new ApiError("NotFound", `${qualified(group, plural)} "${name}" not found`, {
    name,
    group,
    kind: plural,
  });
}

export function alreadyExists(group: string, plural: string, name: string): ApiError {
  return new ApiError("AlreadyExists", `${qualified(group, plural)} "${name}" already exists`, {
    name,
    group,
    kind: plural,
  });
}

export function conflict(group: string, plural: string, name: string): ApiError {
  return new ApiError(
    "Conflict",
    `Operation cannot be fulfilled on ${qualified(group, plural)} "${name}": the object has been modified; please apply your changes to the latest version and try again`,
    { name, group, kind: plural },
  );
}

/** 422 with one field cause, e.g. `Deployment.apps "x" is invalid: spec.replicas: Invalid value: -1: …`. */
export function invalid(
  group: string,
  kind: string,
  name: string,
  field: string,
  message: string,
): ApiError {
  const k = group === "" ? kind : `${kind}.${group}`;
  return new ApiError("Invalid", `${k} "${name}" is invalid: ${field}: ${message}`, {
    name,
    group,
    kind,
    causes: [{ reason: "FieldValueInvalid", message, field }],
  });
}

/** "pods" in the core group, "deployments.apps" elsewhere. */
function qualified(group: string, plural: string): string {
  return group === "" ? plural : `${plural}.${group}`;
}
