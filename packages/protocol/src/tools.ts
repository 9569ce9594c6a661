import { z } from "zod";

/** Set by the kubectl parser, never by the model. */
export const TOOL_CLASSIFICATIONS = ["read", "mutating", "refused"] as const;
export const ToolClassification = z.enum(TOOL_CLASSIFICATIONS);
export type ToolClassification = z.infer<typeof ToolClassification>;

export const TOOL_NAMES = ["kubectl", "k8sgpt"] as const;
export const ToolName = z.enum(TOOL_NAMES);
export type ToolName = z.infer<typeof ToolName>;

/**
 * How a finished tool call ended.
 * - `refused`: the parser or the approval policy would not run it.
 * - `rejected`: the user rejected it at the approval step.
 * - `suggested`: suggest-only policy; the command was returned, not run.
 * - `unknown`: an approved change that started, and whose result was never stored (the
 *   server stopped while it ran): it may have changed the cluster.
 */
export const TOOL_STATUSES = [
  "ok",
  "error",
  "refused",
  "rejected",
  "suggested",
  "timeout",
  "cancelled",
  "unknown",
] as const;
export const ToolStatus = z.enum(TOOL_STATUSES);
export type ToolStatus = z.infer<typeof ToolStatus>;

/** A tool call as the model asked for it. */
export const ToolCall = z.object({
  id: z.string().min(1).max(200),
  name: z.string().min(1).max(64),
  args: z.record(z.string(), z.unknown()),
});
export type ToolCall = z.infer<typeof ToolCall>;
