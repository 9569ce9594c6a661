import { describeIssues } from "@kubemedic/protocol";
import type { z } from "zod";
import { ServerError } from "../errors";

/** Parses a request body or query with a protocol schema; `bad_request` with the zod issue summary. */
export function validate<T extends z.ZodType>(
  schema: T,
  value: unknown,
  what: string,
): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new ServerError("bad_request", `invalid ${what}: ${describeIssues(result.error)}`);
}
