import { ServerError } from "../errors";

/** The URL without its password, safe for messages and logs. */
export function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    const user = u.username === "" ? "" : `${decodeURIComponent(u.username)}@`;
    return `${u.protocol}//${user}${u.host}${u.pathname}`;
  } catch {
    return "(an unparsable URL)";
  }
}

/**
 * Turns a failure to reach PostgreSQL into one sentence that says what is
 * wrong and what to do, instead of a driver stack trace.
 */
export function connectionError(error: unknown, url: string): ServerError {
  if (error instanceof ServerError) return error;
  const e = error as { code?: string; message?: string };
  const where = describeUrl(url);
  const database = safe(() => decodeURIComponent(new URL(url).pathname.slice(1))) || "postgres";
  const fix = "fix DATABASE_URL, or unset it to use the embedded database";
  const make = (code: "db_unreachable" | "db_auth_failed", what: string, hint = fix) =>
    new ServerError(code, `cannot use PostgreSQL at ${where}: ${what}`, { hint, cause: error });

  switch (e.code ?? "") {
    case "ECONNREFUSED":
      return make("db_unreachable", "connection refused", `start PostgreSQL there, or ${fix}`);
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return make("db_unreachable", "unknown host");
    case "ETIMEDOUT":
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return make("db_unreachable", "the server does not answer");
    case "28P01":
    case "28000":
      return make(
        "db_auth_failed",
        "authentication failed",
        "check the user and password in DATABASE_URL",
      );
    case "3D000":
      return make(
        "db_unreachable",
        `database "${database}" does not exist`,
        `create it (createdb ${database}), or ${fix}`,
      );
    case "57P03":
      return make(
        "db_unreachable",
        "the server is starting up or shutting down",
        "try again in a moment",
      );
    case "53300":
      return make(
        "db_unreachable",
        "the server has no free connections",
        "raise max_connections or close idle clients",
      );
    default:
      break;
  }
  const message = e.message ?? String(error);
  if (/timeout/i.test(message)) return make("db_unreachable", "the server does not answer");
  if (/password|SASL|SCRAM/i.test(message)) {
    return make(
      "db_auth_failed",
      "authentication failed",
      "check the user and password in DATABASE_URL",
    );
  }
  return make("db_unreachable", message.split("\n")[0] ?? "unknown error");
}

function safe<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}
