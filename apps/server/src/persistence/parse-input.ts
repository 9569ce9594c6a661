import type { z } from "zod";
import { ServerError } from "../errors";

/**
 * Validates an input at the persistence boundary too (the gateway and the REST
 * API parse it first): a `bad_request` naming the first wrong field.
 */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join(".") ?? "";
  throw new ServerError(
    "bad_request",
    `${field === "" ? "" : `${field}: `}${issue?.message ?? "invalid"}`,
  );
}
