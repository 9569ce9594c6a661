import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { McpToolError } from "../mcp-context";

/** A successful tool answer: text, and structured content when the tool declares an output schema. */
export function answer(text: string, structured?: Record<string, unknown>): CallToolResult {
  return {
    content: [{ type: "text", text }],
    ...(structured === undefined ? {} : { structuredContent: structured }),
  };
}

/** A tool error the client (and its model) reads: `isError`, one text. */
export function failure(text: string): CallToolResult {
  return { isError: true, content: [{ type: "text", text }] };
}

/**
 * Runs a tool body; an `McpToolError` (bad context, refused call) becomes a
 * tool error. Anything else is unexpected and goes to the SDK, which answers
 * it as a tool error with the message.
 */
export async function guarded(body: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await body();
  } catch (error) {
    if (error instanceof McpToolError) return failure(error.message);
    throw error;
  }
}
