import { ServerError } from "../errors";
import { Prisma } from "../db/prisma";

/** A unique constraint refused the write (Prisma P2002, or a raw query's P2010 saying so). */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return false;
  if (error.code === "P2002") return true;
  const cause = (error.meta?.driverAdapterError as { cause?: { kind?: unknown } } | undefined)
    ?.cause;
  return error.code === "P2010" && cause?.kind === "UniqueConstraintViolation";
}

/**
 * Anything thrown while talking to the database, as a ServerError. Connection
 * trouble becomes `db_unavailable`; everything unexpected `internal`, whose
 * message never reaches a client (the wire table in packages/protocol).
 */
export function toServerError(error: unknown, doing: string): ServerError {
  if (error instanceof ServerError) return error;
  if (isConnectionFailure(error)) {
    return new ServerError("db_unavailable", `the database is unavailable while ${doing}`, {
      cause: error,
    });
  }
  return new ServerError("internal", `database error while ${doing}`, { cause: error });
}

const CONNECTION_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);

function isConnectionFailure(error: unknown): boolean {
  if (error instanceof Prisma.PrismaClientKnownRequestError && CONNECTION_CODES.has(error.code)) {
    return true;
  }
  if (error instanceof Prisma.PrismaClientInitializationError) return true;
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : "";
  const text = error instanceof Error ? `${error.message} ${cause}` : "";
  return /ECONNREFUSED|ECONNRESET|Connection terminated|connection timeout|timeout exceeded when trying to connect|Unable to start a transaction|Client has encountered a connection error|DatabaseNotReachable|SocketTimeout/i.test(
    text,
  );
}
