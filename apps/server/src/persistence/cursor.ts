import { ServerError } from "../errors";

/** A position in a user's conversation list: the last item of the previous page. */
export interface ListPosition {
  updatedAt: Date;
  id: string;
}

/**
 * Opaque to clients (base64url JSON), so the keyset it holds can change
 * without breaking an API promise. Keyset rather than offset: a conversation
 * moving to the top while someone pages never repeats or skips an item.
 */
export function encodeCursor(position: ListPosition): string {
  return Buffer.from(JSON.stringify([position.updatedAt.toISOString(), position.id])).toString(
    "base64url",
  );
}

export function decodeCursor(cursor: string): ListPosition {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (Array.isArray(value) && value.length === 2) {
      const [at, id] = value as unknown[];
      const updatedAt = typeof at === "string" ? new Date(at) : new Date(Number.NaN);
      if (!Number.isNaN(updatedAt.getTime()) && typeof id === "string" && id.length > 0) {
        return { updatedAt, id };
      }
    }
  } catch {
    // Reported below as one kind of error, whatever was wrong with it.
  }
  throw new ServerError(
    "bad_request",
    "invalid cursor: pass back the nextCursor of a previous page",
  );
}
